import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TrainerDto } from '../../../src/shared/api-types/trainers';
import { addDays, todayInZone, zonedToInstant } from '../../../src/shared/gym-time';
import { findOrCreateCustomer } from '../../../src/server/customers/customers.repository';
import { createTestOrder } from '../../helpers/pass-orders';
import { VIEWPORTS } from '../helpers/fixture';
import { gotoReady, useSite } from './site-helpers';

// Issue 47 point 2 in a phone's browser (375 px, the visitor's zone in Berlin): signed in with the
// e-mail's code, My page shows the booking and the pass, and the booking is cancelled from it,
// in English and in Russian. Screenshots when E2E_SCREENSHOT_DIR names a folder.

const SHOTS = process.env.E2E_SCREENSHOT_DIR;

describe('My page: the records at 375 px', () => {
  const site = useSite();
  const phone = VIEWPORTS.phone.width;
  const noOverflow = (page: import('playwright-core').Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

  async function codeFor(email: string, count: number) {
    const db = site.server.app.ctx.db;
    for (let i = 0; i < 75; i++) {
      const rows = await db.selectFrom('outbox').select('text_body').where('to_address', '=', email).orderBy('id').execute();
      const codes = rows
        .filter((r) => r.text_body?.includes('/me/sign-in?token='))
        .map((r) => /(?:^|\s)(\d{6})(?:\s|$)/m.exec(r.text_body ?? '')?.[1])
        .filter(Boolean);
      if (codes.length >= count) return codes[count - 1]!;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`no sign-in code to ${email}`);
  }

  /** A person with a class booked and a pass bought. */
  async function traveller(email: string, name: string) {
    const db = site.server.app.ctx.db;
    await findOrCreateCustomer(db, { name, email, phone: null, language: 'en' });
    const { sessions } = (await site.api<{ sessions: { course: string; startsAt: string; full: boolean }[] }>('/api/sessions')).body;
    const session = sessions.find((x) => !x.full && Date.parse(x.startsAt) > Date.now() + 30 * 3600_000)!;
    const booked = await site.api('/api/reservations', {
      method: 'POST',
      body: { name, email, phone: null, course: session.course, dateTime: session.startsAt, message: null },
    });
    expect(booked.status).toBe(201);
    const today = todayInZone(site.server.app.ctx.config.timezone);
    await createTestOrder(db, { kind: 'days-single', days: 30, credits: 10, startDate: today, endDate: addDays(today, 29), email, name });
    return session;
  }

  for (const lang of ['en', 'ru'] as const) {
    it(`signs in, sees a booking and a pass, and cancels the booking (${lang})`, async () => {
      const email = `me-page-${lang}@example.com`;
      const session = await traveller(email, lang === 'en' ? 'Lina Traveller' : 'Иван Путешественник');
      const { page, errors, close } = await site.open(phone, { locale: lang, timezoneId: 'Europe/Berlin' });
      await gotoReady(page, site.url(lang === 'en' ? '/me' : '/ru/me'));
      await page.locator('#me-email').fill(email);
      await page.locator('[data-testid="me-ask"] button[type="submit"]').click();
      await page.getByTestId('me-sent').waitFor();
      await page.locator('#me-code').fill(await codeFor(email, 1));
      await page.locator('[data-testid="me-code"] button[type="submit"]').click();
      const booking = page.getByTestId('me-booking').first();
      await expect.poll(() => booking.textContent(), { timeout: 15_000 }).toContain(session.course);
      await expect
        .poll(() => page.getByTestId('me-pass').first().textContent())
        .toContain(lang === 'en' ? '10 of 10 sessions left' : 'Осталось 10 из 10 занятий');
      expect(await noOverflow(page)).toBeLessThanOrEqual(0);
      if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `me-page-${lang}.png`), fullPage: true });

      await booking.getByRole('button', { name: lang === 'en' ? 'Cancel' : 'Отменить', exact: true }).click();
      await expect.poll(() => booking.textContent()).toContain(lang === 'en' ? 'Cancelled' : 'Отменено');
      const row = await site.server.app.ctx.db
        .selectFrom('reservations')
        .select(['status', 'cancelled_by'])
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ status: 'cancelled', cancelled_by: 'customer' });
      expect(await noOverflow(page)).toBeLessThanOrEqual(0);
      if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `me-page-${lang}-cancelled.png`), fullPage: true });
      expect(errors).toEqual([]);
      await close();
    });
  }

  it('moves a private lesson to another free slot, and a letter asked for shows its state, not the request (en)', async () => {
    const db = site.server.app.ctx.db;
    const tz = site.server.app.ctx.config.timezone;
    const email = 'me-page-lesson@example.com';
    const admin = await site.adminToken();
    const trainer = (await site.api<TrainerDto>('/api/trainers', { method: 'POST', token: admin, body: { name: 'Kru Page', disciplines: ['Muay Thai'] } }))
      .body;
    const windows = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, from: '08:00', to: '18:00' }));
    expect((await site.api(`/api/trainers/${trainer.id}/availability`, { method: 'PUT', token: admin, body: { windows, exceptions: [] } })).status).toBe(200);
    await findOrCreateCustomer(db, { name: 'Lina Traveller', email, phone: null, language: 'en' });
    const today = todayInZone(tz);
    const [day, later] = [addDays(today, 5), addDays(today, 6)];
    const booked = await site.api<{ lesson: { id: number } }>('/api/private-lessons', {
      method: 'POST',
      body: {
        trainerId: trainer.id,
        minutes: 60,
        discipline: 'Muay Thai',
        name: 'Lina Traveller',
        email,
        language: 'en',
        guests: 1,
        method: 'desk',
        startsAt: zonedToInstant(day, '10:00', tz).toISOString(),
      },
    });
    expect(booked.status).toBe(201);
    // A programme paid, its visa letter asked for on the order page.
    const programme = await createTestOrder(db, {
      kind: 'programme',
      days: 90,
      credits: null,
      startDate: today,
      endDate: addDays(today, 89),
      email,
      name: 'Lina Traveller',
      paidSatang: 150_000,
    });
    const letter = {
      fullName: 'LINA TRAVELLER',
      nationality: 'DE',
      passportNumber: 'C01X00T47',
      dateOfBirth: '1994-03-02',
      embassy: 'Royal Thai Embassy, Berlin',
    };
    expect((await site.api(`/api/orders/by-token/${programme.token}/visa-letter`, { method: 'POST', body: letter })).status).toBe(201);

    const { page, errors, close } = await site.open(phone, { locale: 'en', timezoneId: 'Europe/Berlin' });
    await gotoReady(page, site.url('/me'));
    await page.locator('#me-email').fill(email);
    await page.locator('[data-testid="me-ask"] button[type="submit"]').click();
    await page.getByTestId('me-sent').waitFor();
    await page.locator('#me-code').fill(await codeFor(email, 1));
    await page.locator('[data-testid="me-code"] button[type="submit"]').click();

    const asked = page.getByTestId('me-letter').first();
    await expect.poll(() => asked.textContent(), { timeout: 15_000 }).toContain('Asked for: the gym is preparing it');
    expect(await asked.getByTestId('me-letter-request').count()).toBe(0);

    const card = page.getByTestId('me-lessons').getByTestId('me-booking').first();
    await expect.poll(() => card.textContent()).toContain('10:00');
    await card.getByRole('button', { name: 'Move', exact: true }).click();
    await card.getByTestId('me-lesson-move-date').fill(later);
    const slot = card.locator('button[data-time="11:00"]');
    await slot.waitFor();
    expect(await noOverflow(page)).toBeLessThanOrEqual(0);
    if (SHOTS) await page.screenshot({ path: path.join(SHOTS, 'me-page-lesson-move-375.png'), fullPage: true });
    await slot.click();
    await expect.poll(() => card.textContent()).toContain('11:00');
    const row = await db.selectFrom('reservations').select('date_time').where('id', '=', booked.body.lesson.id).executeTakeFirstOrThrow();
    expect(row.date_time).toBe(zonedToInstant(later, '11:00', tz).toISOString());
    expect(await noOverflow(page)).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
    await close();
  });
});
