import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeskDayDto, ReservationDto } from '../../../src/shared/api-types';
import { addDays, isoWeekday, todayInZone } from '../../../src/shared/gym-time';
import { hashToken, newToken } from '../../../src/server/auth/tokens';
import { getSiteSettings, saveSiteSettings } from '../../../src/server/site-settings/site-settings.service';
import { bookingPayload } from '../../helpers/factories';
import { createTestOrder } from '../../helpers/pass-orders';
import { useBrowserSuite } from '../helpers/fixture';
import { gotoReady } from '../site/site-helpers';
import { api, expectToast } from './admin-helpers';

const COURSE = 'Muay Thai Beginner';

// Issue 34 §5 in a phone's width (375 px): the manage page of a booking paid with a pass says
// that cancelling now returns the credit, and once the deadline (Paramètres) has passed that it
// uses it; the booking form states the rule. At the desk, staff forgive a no-show ("Pardonner",
// with a reason) and the pass's credit comes back.
describe('mercy: the cancel rule on the manage page, and a no-show forgiven at the desk', () => {
  const suite = useBrowserSuite({ accounts: true });
  const { server, tokens } = suite;
  const errors: string[] = [];
  const closers: (() => Promise<void>)[] = [];
  let monday: string;

  const shot = async (page: import('playwright-core').Page, name: string) => {
    if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: path.join(process.env.SCREENSHOT_DIR, `${name}.png`), fullPage: true });
  };

  /** A booking of Monday's 08:00 class paid with a fresh one-credit pass. */
  async function bookWithPass(name: string, email: string): Promise<{ booking: ReservationDto; orderId: number }> {
    const db = server.app.ctx.db;
    const order = await createTestOrder(db, { kind: 'single', days: 1, credits: 1, startDate: monday, endDate: monday, name, email });
    const day = await api<DeskDayDto>(server, 'GET', `/api/desk/day?date=${monday}`, undefined, tokens.staff);
    const s = day.sessions.find((x) => x.course === COURSE && x.time === '08:00')!;
    const booking = await api<ReservationDto>(server, 'POST', '/api/reservations', {
      ...bookingPayload({ name, email, course: COURSE, dateTime: s.startsAt }),
      passToken: order.token,
    });
    return { booking, orderId: order.id };
  }
  const heldCredits = async (orderId: number) =>
    (await server.app.ctx.db.selectFrom('pass_uses').select('returned_at').where('order_id', '=', orderId).execute()).filter((u) => u.returned_at == null)
      .length;

  beforeAll(() => {
    const today = todayInZone(server.config.timezone);
    monday = addDays(today, 7 + ((8 - isoWeekday(today)) % 7));
    if (process.env.SCREENSHOT_DIR) fs.mkdirSync(process.env.SCREENSHOT_DIR, { recursive: true });
  });
  afterAll(async () => {
    for (const close of closers) await close();
    expect(errors).toEqual([]);
  });

  it('the manage page says cancelling returns the credit before the deadline, and uses it after', async () => {
    const { booking } = await bookWithPass('Rita Rule', 'rita@example.com');
    const token = newToken();
    await server.app.ctx.db
      .updateTable('reservations')
      .set({ manage_token_hash: hashToken(token) })
      .where('id', '=', booking.id)
      .execute();

    const { page, errors: pageErrors, close } = await suite.page({ width: 375 });
    closers.push(close);
    await gotoReady(page, suite.url(`/booking/manage/${token}`));
    const rule = page.getByTestId('credit-rule');
    await rule.waitFor();
    expect(await rule.getAttribute('data-credit')).toBe('back');
    expect(await rule.textContent()).toMatch(/^Cancelling now returns your credit to your pass \(until .+ at .+, gym time\)\.$/);
    await shot(page, 'mercy-manage-before-375');

    // The owner sets the deadline to 14 days: the class (7 to 13 days ahead) is now inside it.
    const admin = await server.app.ctx.db.selectFrom('users').select('id').where('role', '=', 'admin').executeTakeFirstOrThrow();
    const before = await getSiteSettings(server.app.ctx);
    await saveSiteSettings(server.app.ctx, { ...before.settings, payments: { ...before.settings.payments, cancelHours: 336 } }, before.version, admin.id);
    try {
      await gotoReady(page, suite.url(`/booking/manage/${token}`));
      await rule.waitFor();
      expect(await rule.getAttribute('data-credit')).toBe('used');
      expect(await rule.textContent()).toBe('The cancellation deadline has passed: cancelling now uses your credit.');
      await shot(page, 'mercy-manage-after-375');
      // The page fits the phone: nothing wider than the window.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

      await gotoReady(page, suite.url('/booking?what=class'));
      await expect.poll(() => page.getByTestId('cancel-rule').textContent()).toContain('336 hours');
    } finally {
      const now = await getSiteSettings(server.app.ctx);
      await saveSiteSettings(server.app.ctx, before.settings, now.version, admin.id);
    }
    expect(pageErrors).toEqual([]);
  });

  it('at the desk (375 px), staff forgive a no-show with a reason: the credit comes back, once', async () => {
    const { booking, orderId } = await bookWithPass('Nina Noshow', 'nina@example.com');
    await api(server, 'PUT', `/api/reservations/${booking.id}/attendance`, { attendance: 'no_show' }, tokens.staff);
    expect(await heldCredits(orderId)).toBe(1);

    const { page, errors: pageErrors, close } = await suite.page({ width: 375, as: 'staff' });
    closers.push(close);
    await page.goto(suite.url(`/admin/reservations?vue=jour&date=${monday}`));
    const row = page.getByTestId('roster-row').filter({ hasText: 'Nina Noshow' });
    const forgive = row.getByRole('button', { name: 'Pardonner : Nina Noshow' });
    await forgive.waitFor();
    await shot(page, 'mercy-desk-375');
    await forgive.click();
    const dialog = page.getByRole('dialog', { name: 'Pardonner Nina Noshow' });
    await dialog.getByLabel('Raison').fill('Flight delayed, sent a photo');
    await shot(page, 'mercy-desk-dialog-375');
    await dialog.getByRole('button', { name: 'Pardonner', exact: true }).click();
    await expectToast(page, 'Pardonnée : la séance est rendue');
    await row.getByText('Pardonnée : Flight delayed, sent a photo').waitFor();
    await expect.poll(() => forgive.count()).toBe(0);
    expect(await heldCredits(orderId)).toBe(0);
    const stored = await server.app.ctx.db.selectFrom('reservations').selectAll().where('id', '=', booking.id).executeTakeFirstOrThrow();
    expect(stored.waive_reason).toBe('Flight delayed, sent a photo');
    await shot(page, 'mercy-desk-after-375');
    // The badges wrap or shorten: nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(pageErrors).toEqual([]);
  });

  it('the dashboard (375 px) shows the month: the waiver just given is counted', async () => {
    const { page, errors: pageErrors, close } = await suite.page({ width: 375, as: 'staff' });
    closers.push(close);
    await page.goto(suite.url('/admin'));
    const card = page.getByTestId('monthly-figures');
    await card.waitFor();
    const rows = card.getByTestId('monthly-row');
    await expect.poll(() => rows.count()).toBe(6);
    // Newest month first; the previous test forgave one no-show.
    await expect.poll(() => rows.first().locator('[data-figure="waivers"]').textContent()).toBe('1');
    await card.scrollIntoViewIfNeeded();
    await shot(page, 'mercy-dashboard-375');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(pageErrors).toEqual([]);
  });
});
