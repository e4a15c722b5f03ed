import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { addDays, isoWeekday, todayInZone } from '../../../src/shared/gym-time';
import type { SessionsAnswer } from '../../../src/shared/schemas/timetable';
import { api } from '../helpers/accounts';
import { useBrowserSuite } from '../helpers/fixture';
import { gotoReady } from './site-helpers';

// Issue 34, point 1: the gym calls a class off; the e-mail's link opens the booking's page, which
// says so (with the reason) and books another session of that day or the next in one tap.

/** An open day (Monday to Friday) two days ahead or later, gym time: the next day has sessions too. */
function weekdayAhead(timeZone: string): string {
  let d = addDays(todayInZone(timeZone), 2);
  while (isoWeekday(d) > 5) d = addDays(d, 1);
  return d;
}

describe('the manage page of a booking the gym cancelled', () => {
  const suite = useBrowserSuite({ accounts: true });
  const { server, tokens } = suite;

  it('says "cancelled by the gym" and moves the booking in one tap (375 px)', async () => {
    const date = weekdayAhead(server.config.timezone);
    const { sessions } = await api<SessionsAnswer>(server, 'GET', `/api/sessions?from=${date}&days=2`);
    const cancelled = sessions.find((s) => s.course === 'Muay Thai Beginner' && s.date === date)!;
    const email = 'rebook-visitor@example.com';
    const booked = await api<{ id: number }>(server, 'POST', '/api/reservations', {
      name: 'Rebook Visitor',
      email,
      phone: null,
      course: cancelled.course,
      dateTime: cancelled.startsAt,
      message: null,
    });
    const done = await api<{ bookingsCancelled: number }>(
      server,
      'POST',
      `/api/timetable/weekly-sessions/${cancelled.weeklySessionId}/cancellations`,
      { date, reason: 'Flooded mats' },
      tokens.staff,
    );
    expect(done.bookingsCancelled).toBe(1);
    const { db } = server.app.ctx;
    const mails = await db.selectFrom('outbox').select(['text_body']).where('to_address', '=', email).orderBy('id').execute();
    const token = /\/booking\/manage\/([A-Za-z0-9_-]{43})/.exec(mails[mails.length - 1].text_body)![1];

    const { page, errors, close } = await suite.page({ viewport: { width: 375, height: 780 } });
    await gotoReady(page, `${server.url}/booking/manage/${token}`);
    const box = page.getByTestId('gym-cancelled');
    await box.getByText('Cancelled by the gym', { exact: false }).waitFor();
    await box.getByText('Reason: Flooded mats').waitFor();
    const options = box.getByTestId('rebook-options').getByRole('button');
    await options.first().waitFor();
    // That day's and the next day's other sessions, never the cancelled one.
    const ids = await options.evaluateAll((els) => els.map((e) => e.getAttribute('data-session-id')));
    expect(ids).not.toContain(cancelled.id);
    expect(ids.every((id) => id!.endsWith(`:${date}`) || id!.endsWith(`:${addDays(date, 1)}`))).toBe(true);
    if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: path.join(process.env.SCREENSHOT_DIR, 'manage-gym-cancelled-375.png'), fullPage: true });

    const pick = ids[0]!;
    await options.first().click();
    await page.getByTestId('manage-notice').getByText('You are booked', { exact: false }).waitFor();
    await expect.poll(() => page.getByTestId('managed-booking').getAttribute('data-state')).toBe('booked');
    const row = await db.selectFrom('reservations').selectAll().where('id', '=', booked.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'unread', cancelled_by: null, weekly_session_id: Number(pick.split(':')[0]), session_date: pick.split(':')[1] });
    expect(errors).toEqual([]);
    await close();
  });
});
