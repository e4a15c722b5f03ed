import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { findOrCreateCustomer } from '../../../src/server/customers/customers.repository';
import { VIEWPORTS } from '../helpers/fixture';
import { gotoReady, useSite } from './site-helpers';

// Issue 47 point 4 on a phone: signed in on My page (375 px, a touch screen, the visitor in
// Berlin), the traveller opens the waiver, answers, types their name and signs with a finger
// (touch events on the drawing pad); the page says it is signed and the staff's answer holds it.
// An empty pad is refused with the form's own words.

/** A finger's stroke across the element: touch start, moves, end (Chromium turns them into pointer events). */
async function drawWithFinger(page: Page, selector: string) {
  const box = (await page.locator(selector).boundingBox())!;
  const cdp = await page.context().newCDPSession(page);
  const at = (fx: number, fy: number) => [{ x: box.x + box.width * fx, y: box.y + box.height * fy }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(0.1, 0.7) });
  for (let i = 1; i <= 20; i++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(0.1 + i * 0.04, 0.7 - Math.sin(i / 3) * 0.4) });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

describe('My page: the waiver signed on a touch screen', () => {
  const site = useSite();

  async function codeFor(email: string) {
    const db = site.server.app.ctx.db;
    for (let i = 0; i < 75; i++) {
      const row = await db.selectFrom('outbox').select('text_body').where('to_address', '=', email).orderBy('id', 'desc').executeTakeFirst();
      const code = /(?:^|\s)(\d{6})(?:\s|$)/m.exec(row?.text_body ?? '')?.[1];
      if (code) return code;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`no sign-in code to ${email}`);
  }

  it('answers, types the name, draws the signature with a finger, and is signed', async () => {
    const admin = await site.adminToken();
    const published = await site.api('/api/waiver/versions', {
      method: 'POST',
      token: admin,
      body: { texts: { en: 'Contact sports can hurt: I train at my own risk.' }, resign: 'unsigned' },
    });
    expect(published.status).toBe(201);
    const email = 'waiver-touch@example.com';
    const customer = await findOrCreateCustomer(site.server.app.ctx.db, { name: 'Tia Touch', email, phone: null, language: 'en' });

    const { page, errors, close } = await site.open(VIEWPORTS.phone.width, { hasTouch: true, isMobile: true, timezoneId: 'Europe/Berlin' });
    await gotoReady(page, site.url('/me'));
    await page.locator('#me-email').fill(email);
    await page.locator('[data-testid="me-ask"] button[type="submit"]').click();
    await page.getByTestId('me-sent').waitFor();
    await page.locator('#me-code').fill(await codeFor(email));
    await page.locator('[data-testid="me-code"] button[type="submit"]').click();

    const section = page.getByTestId('me-waiver');
    await section.getByRole('button', { name: 'Read and sign' }).click();
    const form = page.getByTestId('waiver-form');
    await form.waitFor();
    await expect.poll(() => form.textContent()).toContain('I train at my own risk');
    await page.locator('#waiver-fullName').fill('Tia Touch');
    await page.locator('#waiver-birthDate').fill('1996-02-29');
    await page.locator('#waiver-emergencyName').fill('Mo Touch');
    await page.locator('#waiver-emergencyPhone').fill('+49 30 1234567');
    await form.getByLabel('Asthma').check();
    await page.locator('#waiver-signatureName').fill('Tia Touch');
    // Nothing drawn yet: the form says where to sign, and nothing is sent.
    await form.getByRole('button', { name: 'I accept the waiver' }).click();
    await expect.poll(() => form.textContent()).toContain('Please sign in the box with your finger.');

    await drawWithFinger(page, '[data-testid="waiver-canvas"]');
    await form.getByRole('button', { name: 'I accept the waiver' }).click();
    // The first signature loads the image library on the server: slow on a busy machine.
    await expect.poll(() => section.textContent(), { timeout: 45_000 }).toContain('your waiver is signed');
    expect(await section.textContent()).toContain('Signed on');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

    const staff = await site.api<{ flag: string; signature: { conditions: string[]; signatureName: string } }>(`/api/customers/${customer!.id}/waiver`, {
      token: admin,
    });
    expect(staff.body).toMatchObject({ flag: 'conditions', signature: { conditions: ['asthma'], signatureName: 'Tia Touch' } });
    // The signed waiver's PDF opens from My page (the session's cookie).
    const pdf = await page.request.get(site.url('/api/me/waiver.pdf'));
    expect(pdf.status()).toBe(200);
    expect(errors).toEqual([]);
    await close();
  }, 120_000);
});
