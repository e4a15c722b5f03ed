import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInZone } from '../../../src/shared/gym-time';
import { checkInCodeOf } from '../../../src/server/check-in/check-in-code';
import { findOrCreateCustomer } from '../../../src/server/customers/customers.repository';
import { insertReservation } from '../../../src/server/reservations/reservations.repository';
import { tempDir } from '../../helpers/test-app';
import { launchBrowser } from '../helpers/browser';
import { useBrowserSuite } from '../helpers/fixture';
import { signedInContext } from './admin-helpers';

// Issue 47 point 5: the desk's "Scanner" on a phone reads a traveller's door code with the
// camera. Chromium's fake camera plays a video file holding the QR; the scan marks today's
// booking present, shows the person and the waiver's state; without a camera the typed code does.

/** A Y4M video (Chromium's fake capture format) of a few frames showing `text` as a QR code. */
async function qrVideo(text: string, file: string) {
  const W = 640;
  const H = 480;
  const qr = await QRCode.toBuffer(text, { margin: 4, width: 360 });
  const { data, info } = await sharp({ create: { width: W, height: H, channels: 3, background: '#ffffff' } })
    .composite([{ input: qr, left: (W - 360) / 2, top: (H - 360) / 2 }])
    .raw()
    .toBuffer({ resolveWithObject: true });
  const c = info.channels;
  const y = Buffer.alloc(W * H);
  const u = Buffer.alloc((W / 2) * (H / 2), 128);
  const v = Buffer.alloc((W / 2) * (H / 2), 128);
  for (let i = 0; i < W * H; i++) y[i] = Math.round(0.299 * data[i * c] + 0.587 * data[i * c + 1] + 0.114 * data[i * c + 2]);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), y, u, v]);
  fs.writeFileSync(file, Buffer.concat([Buffer.from(`YUV4MPEG2 W${W} H${H} F10:1 Ip A1:1 C420jpeg\n`), ...Array.from({ length: 10 }, () => frame)]));
}

describe('back office: the desk scans a door code', () => {
  const suite = useBrowserSuite({ accounts: true, seedDemo: false });
  const { server, tokens } = suite;
  let camera: Browser;
  let code = '';
  let bookingId = 0;

  beforeAll(async () => {
    const db = server.app.ctx.db;
    const person = (await findOrCreateCustomer(db, { name: 'Scan Traveller', email: 'scan@example.com', phone: null, language: 'en' }))!;
    const booking = await insertReservation(db, {
      name: 'Scan Traveller',
      email: 'scan@example.com',
      phone: null,
      course: 'Muay Thai',
      date_time: new Date(Date.now() + 20 * 60_000).toISOString(),
      message: null,
      status: 'read',
      created_at: new Date().toISOString(),
      weekly_session_id: 1,
      session_date: todayInZone(server.config.timezone),
      customer_id: person.id,
    });
    bookingId = booking.id;
    code = await checkInCodeOf(db, person.id);
    const video = path.join(tempDir('fake-camera-'), 'qr.y4m');
    await qrVideo(code, video);
    camera = await launchBrowser(['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${video}`]);
  });
  afterAll(async () => {
    await camera?.close();
  });

  it('reads the QR with the camera at 375 px and marks the booking present once', async () => {
    const context = await signedInContext(camera, tokens.staff, { width: 375, height: 780 }, { permissions: ['camera'], isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.goto(suite.url('/admin/reservations?vue=jour'));
    await page.getByTestId('open-scanner').click();
    const answer = page.getByTestId('check-in-answer');
    await answer.waitFor({ timeout: 30_000 });
    await expect.poll(() => answer.textContent()).toContain('Scan Traveller');
    expect(await answer.textContent()).toMatch(/présence notée|déjà noté présent/);
    const row = await server.app.ctx.db.selectFrom('reservations').select('attendance').where('id', '=', bookingId).executeTakeFirstOrThrow();
    expect(row.attendance).toBe('present');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    if (process.env.E2E_SCREENSHOT_DIR) await page.screenshot({ path: path.join(process.env.E2E_SCREENSHOT_DIR, 'desk-scanner-375.png') });
    await context.close();
  });

  it('takes the typed code where there is no camera, and says it was marked already', async () => {
    const { page, close } = await suite.page({ as: 'staff', width: 375 });
    await page.goto(suite.url('/admin/reservations?vue=jour'));
    await page.getByTestId('open-scanner').click();
    await page.getByRole('textbox', { name: 'Code' }).fill(code.toUpperCase());
    await page.getByRole('button', { name: 'Valider' }).click();
    const answer = page.getByTestId('check-in-answer');
    await expect.poll(() => answer.textContent(), { timeout: 15_000 }).toContain('déjà noté présent');
    await page.getByRole('textbox', { name: 'Code' }).fill('zz-aaaaaaaaaa');
    await page.getByRole('button', { name: 'Valider' }).click();
    await expect.poll(() => page.getByRole('alert').first().textContent()).toContain('Code inconnu');
    await close();
  });
});
