import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { addDays, isoWeekday, todayInZone } from '../../../src/shared/gym-time';
import type { SessionsAnswer } from '../../../src/shared/schemas/timetable';
import { useBrowserSuite, viewportFor } from '../helpers/fixture';
import { api, expectToast, signedInContext, trackErrors } from './admin-helpers';

const COURSE = 'Muay Thai Beginner';

/** A Monday at least a week ahead in gym time (inside GET /api/sessions' 14-day default window). */
function mondayAhead(timeZone: string): string {
  const today = todayInZone(timeZone);
  return addDays(today, 7 + ((8 - isoWeekday(today)) % 7));
}

// Issue 34, points 1 and 2 in Planning: before an occurrence is cancelled or the gym closes,
// the dialog lists who is booked; confirming cancels those bookings with it. At 375 and 1280 px.
describe('back office: Planning shows who is booked before cancelling', () => {
  const { server, browser, tokens } = useBrowserSuite({ accounts: true });
  let ctx: BrowserContext;
  let page: Page;
  let errors: string[];

  const book = async (name: string, startsAt: string, course = COURSE) =>
    (
      await api<{ id: number }>(server, 'POST', '/api/reservations', {
        name,
        email: `${name.toLowerCase().replace(/\W+/g, '-')}@example.com`,
        phone: null,
        course,
        dateTime: startsAt,
        message: null,
      })
    ).id;
  const statusOf = async (id: number) =>
    await server.app.ctx.db.selectFrom('reservations').select(['status', 'cancelled_by']).where('id', '=', id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    ctx = await signedInContext(browser, tokens.staff);
    page = await ctx.newPage();
    errors = trackErrors(page);
  });
  afterAll(async () => {
    expect(errors).toEqual([]);
  });

  it.each([375, 1280])('at %i px: the cancel dialog lists the bookings of that date, and confirming cancels them', async (width) => {
    await page.setViewportSize(viewportFor(width));
    const monday = addDays(mondayAhead(server.config.timezone), width === 375 ? 0 : 7);
    const { sessions } = await api<SessionsAnswer>(server, 'GET', `/api/sessions?from=${monday}&days=1`);
    const session = sessions.find((s) => s.course === COURSE && s.time === '08:00')!;
    const ana = await book(`Ana Lima ${width}`, session.startsAt);
    const ben = await book(`Ben Okafor ${width}`, session.startsAt);

    await page.goto(server.url + '/admin/planning');
    const card = page.getByTestId('class-card').filter({ has: page.getByRole('heading', { name: COURSE, exact: true }) });
    await card.getByRole('button', { name: `Annuler une date du créneau ${COURSE} Lundi 08:00` }).click();
    const dialog = page.getByRole('dialog', { name: 'Annuler une séance' });
    await dialog.getByLabel('Date').fill(monday);
    const list = dialog.getByTestId('held-bookings');
    await list.getByText(`Ana Lima ${width}`).waitFor();
    await list.getByText(`Ben Okafor ${width}`).waitFor();
    await list.getByText('2 réservations seront annulées', { exact: false }).waitFor();
    // Nothing is cancelled by looking.
    expect(await statusOf(ana)).toMatchObject({ status: 'unread', cancelled_by: null });
    if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: path.join(process.env.SCREENSHOT_DIR, `planning-cancel-${width}.png`) });
    // The list fits the dialog: no sideways scrolling at this width.
    expect(await dialog.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);

    await dialog.getByLabel('Motif (facultatif)').fill('Coach malade');
    await dialog.getByRole('button', { name: 'Annuler la séance' }).click();
    await expectToast(page, 'Séance annulée');
    await dialog.waitFor({ state: 'detached' });
    expect(await statusOf(ana)).toMatchObject({ status: 'cancelled', cancelled_by: 'gym' });
    expect(await statusOf(ben)).toMatchObject({ status: 'cancelled', cancelled_by: 'gym' });
  });

  it('a new time for a session with bookings asks whether they move or are cancelled; "move" takes them along', async () => {
    await page.setViewportSize(viewportFor(375));
    const saturday = addDays(mondayAhead(server.config.timezone), 5);
    const { sessions } = await api<SessionsAnswer>(server, 'GET', `/api/sessions?from=${saturday}&days=1`);
    const session = sessions.find((s) => s.course === 'Wrestling')!;
    const id = await book('Dara Sok', session.startsAt, 'Wrestling');

    await page.goto(server.url + '/admin/planning');
    const card = page.getByTestId('class-card').filter({ has: page.getByRole('heading', { name: 'Wrestling', exact: true }) });
    await card.getByRole('button', { name: 'Modifier le créneau Wrestling Samedi 10:00' }).click();
    const dialog = page.getByRole('dialog', { name: 'Modifier le créneau' });
    await dialog.getByLabel('Heure de début').fill('11:00');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    const ask = dialog.getByTestId('session-has-bookings');
    await ask.getByText('1 réservation(s) à venir', { exact: false }).waitFor();
    if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: path.join(process.env.SCREENSHOT_DIR, 'planning-move-375.png') });
    await ask.getByRole('button', { name: 'Déplacer les réservations' }).click();
    await expectToast(page, 'Créneau mis à jour');
    const moved = await server.app.ctx.db.selectFrom('reservations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(moved).toMatchObject({ status: 'unread', session_date: saturday, calendar_sequence: 1 });
    expect(moved.date_time).toBe(new Date(new Date(session.startsAt).getTime() + 3_600_000).toISOString());
  });

  it('the closure dialog previews the bookings it would cancel', async () => {
    await page.setViewportSize(viewportFor(1280));
    const day = addDays(mondayAhead(server.config.timezone), 15);
    const { sessions } = await api<SessionsAnswer>(server, 'GET', `/api/sessions?from=${day}&days=1`);
    const first = sessions.find((s) => !s.full)!;
    const id = await book('Chloé Martin', first.startsAt, first.course);

    await page.goto(server.url + '/admin/planning');
    await page.getByRole('tab', { name: /Fermetures/ }).click();
    await page.getByRole('button', { name: 'Ajouter une fermeture' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nouvelle fermeture' });
    await dialog.getByLabel('Premier jour').fill(day);
    await dialog.getByLabel('Dernier jour').fill(day);
    await dialog.getByTestId('held-bookings').getByText('Chloé Martin').waitFor();
    await dialog.getByRole('button', { name: 'Ajouter', exact: true }).click();
    await expectToast(page, 'Fermeture ajoutée');
    expect(await statusOf(id)).toMatchObject({ status: 'cancelled', cancelled_by: 'gym' });
  });
});
