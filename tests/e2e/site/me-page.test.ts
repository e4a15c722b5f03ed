import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { addDays, todayInZone } from '../../../src/shared/gym-time';
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
});
