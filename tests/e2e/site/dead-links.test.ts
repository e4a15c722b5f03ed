import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { addDays, isoWeekday, todayInZone } from '../../../src/shared/gym-time';
import type { SessionsAnswer } from '../../../src/shared/schemas/timetable';
import { renderedRow } from '../../../src/server/mail/delivery/outbox-parts';
import { api } from '../helpers/accounts';
import { useBrowserSuite } from '../helpers/fixture';
import { gotoReady } from './site-helpers';

// Issue 47 point 3 (decision 184): the link of the confirmation e-mail of a class the gym called
// off opens a page that says so, why, and offers to book the class again (375 px, in English and
// in Russian); after the person's erase, the link says the data was removed. Never "not found".

/** An open day (Monday to Friday) two days ahead or later, gym time. */
function weekdayAhead(timeZone: string): string {
  let d = addDays(todayInZone(timeZone), 2);
  while (isoWeekday(d) > 5) d = addDays(d, 1);
  return d;
}

const SHOTS = process.env.E2E_SCREENSHOT_DIR;

describe('a dead link no more', () => {
  const suite = useBrowserSuite({ accounts: true });
  const { server, tokens } = suite;

  /** Every manage token mailed to an address, oldest first. */
  const tokensTo = async (email: string) =>
    (await server.app.ctx.db.selectFrom('outbox').selectAll().where('to_address', '=', email).orderBy('id').execute()).flatMap((r) =>
      [...renderedRow(server.app.ctx.config, r).text_body.matchAll(/\/booking\/manage\/([A-Za-z0-9_-]{43})/g)].map((m) => m[1]),
    );

  it('the confirmation’s link of a class the gym called off says so and offers to book it again (375 px, en and ru)', async () => {
    const date = weekdayAhead(server.config.timezone);
    const { sessions } = await api<SessionsAnswer>(server, 'GET', `/api/sessions?from=${date}&days=1`);
    const session = sessions.find((s) => s.course === 'Wrestling' && s.date === date)!;
    const email = 'dead-link-visitor@example.com';
    await api(server, 'POST', '/api/reservations', {
      name: 'Dead Link Visitor',
      email,
      phone: null,
      course: session.course,
      dateTime: session.startsAt,
      message: null,
      language: 'en',
    });
    const [confirmation] = await tokensTo(email);
    await api(server, 'POST', `/api/timetable/weekly-sessions/${session.weeklySessionId}/cancellations`, { date, reason: 'Flooded mats' }, tokens.staff);

    const { page, errors, close } = await suite.page({ viewport: { width: 375, height: 780 } });
    await gotoReady(page, `${server.url}/booking/manage/${confirmation}`);
    const box = page.getByTestId('gym-cancelled');
    await box.getByText('Cancelled by the gym. We are sorry.').waitFor();
    expect(await box.getByTestId('gym-cause').textContent()).toBe('The class was called off.');
    await box.getByText('Reason: Flooded mats').waitFor();
    expect(await page.getByTestId('earlier-link').isVisible()).toBe(true);
    const again = box.getByRole('link', { name: 'Book this class again' });
    expect(await again.getAttribute('href')).toBe('/booking?what=class&step=when');
    expect(await page.getByTestId('booking-not-found').count()).toBe(0);
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    // The viewport at the message and its link (a full-page shot would lay the fixed contact bar over them).
    await again.scrollIntoViewIfNeeded();
    if (SHOTS) await page.screenshot({ path: path.join(SHOTS, 'dead-link-gym-cancelled-en-375.png') });

    await gotoReady(page, `${server.url}/ru/booking/manage/${confirmation}`);
    const ru = page.getByTestId('gym-cancelled');
    await ru.getByText('Отменено залом. Приносим извинения.').waitFor();
    expect(await ru.getByTestId('gym-cause').textContent()).toBe('Занятие отменено.');
    expect(await ru.getByRole('link', { name: 'Записаться на это занятие снова' }).getAttribute('href')).toBe('/ru/booking?what=class&step=when');
    // The offer of the English page (the browser speaks English) is declined, so it covers nothing.
    const decline = page.getByRole('button', { name: 'No thanks' });
    if (await decline.isVisible()) await decline.click();
    await ru.getByRole('link', { name: 'Записаться на это занятие снова' }).scrollIntoViewIfNeeded();
    if (SHOTS) await page.screenshot({ path: path.join(SHOTS, 'dead-link-gym-cancelled-ru-375.png') });

    // After the person's erase, the same link says the data was removed.
    const erased = await api<{ reservations: number }>(server, 'POST', '/api/personal-data/erase', { email }, tokens.admin);
    expect(erased.reservations).toBe(1);
    await gotoReady(page, `${server.url}/booking/manage/${confirmation}`);
    await page.getByTestId('link-erased').getByText('Data removed').waitFor();
    expect(errors).toEqual([]);
    await close();
  });
});
