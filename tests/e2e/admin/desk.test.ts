import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import Papa from 'papaparse';
import { addDays, isoWeekday, todayInZone, zonedToInstant } from '../../../src/shared/gym-time';
import type { ReservationDto } from '../../../src/shared/api-types';
import { bookingPayload } from '../../helpers/factories';
import { useBrowserSuite } from '../helpers/fixture';
import { api, expectToast, readDownload, trackErrors } from './admin-helpers';

const COURSE = 'Muay Thai Beginner';
const parseCsv = (text: string) => Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { delimiter: ';', skipEmptyLines: true }).data;

/** A Monday at least a week ahead in gym time: a day with sessions, never "today" with sessions already started. */
function mondayAhead(timeZone: string): string {
  const today = todayInZone(timeZone);
  return addDays(today, 7 + ((8 - isoWeekday(today)) % 7));
}

// The reservations screen read from browsers in other time zones than the gym's (Asia/Bangkok):
// what a customer booked for 08:00 gym time reads 08:00 everywhere. Then the desk: attendance
// marks, a walk-in that takes a seat, a staff cancel, and the dashboard's coming week.
//
// The day view, attendance, desk bookings, staff cancel and the dashboard's seats need the desk
// routes (GET /api/desk/day, PUT /api/reservations/:id/attendance, POST /api/desk/bookings,
// PUT /api/reservations/:id/cancel, the dashboard's seatsNext7Days).
describe('back office: the desk and gym time', () => {
  const { server, browser, tokens } = useBrowserSuite({ accounts: true });
  let monday: string;
  let booking: ReservationDto;
  const contexts: BrowserContext[] = [];
  const errors: string[] = [];

  /** Signed in as staff, with the browser's clock in the given zone. */
  async function pageIn(timezoneId: string, viewport = { width: 1280, height: 900 }): Promise<Page> {
    const ctx = await browser.newContext({ viewport, timezoneId, acceptDownloads: true });
    contexts.push(ctx);
    await ctx.addInitScript((t) => localStorage.setItem('token', t), tokens.staff);
    const page = await ctx.newPage();
    trackErrors(page).forEach((e) => errors.push(e));
    page.on('pageerror', (e) => errors.push(e.message));
    return page;
  }

  const dayUrl = () => `${server.url}/admin/reservations?vue=jour&date=${monday}`;
  const sessionCard = (page: Page) => page.getByTestId('desk-session').filter({ has: page.getByRole('heading', { name: COURSE, exact: true }) });

  beforeAll(async () => {
    monday = mondayAhead(server.config.timezone);
    // A customer books the 08:00 session through the public API (an instant: 01:00 UTC in Bangkok).
    booking = await api<ReservationDto>(
      server,
      'POST',
      '/api/reservations',
      bookingPayload({
        name: 'Olga Early',
        email: 'olga@example.com',
        phone: '+66 81 111 2222',
        course: COURSE,
        dateTime: zonedToInstant(monday, '08:00', server.config.timezone).toISOString(),
      }),
    );
  });
  afterAll(async () => {
    expect(errors).toEqual([]);
  });

  for (const zone of ['UTC', 'Asia/Bangkok', 'America/New_York']) {
    it(`list and CSV: the 08:00 booking reads 08:00 from a browser in ${zone}`, async () => {
      const page = await pageIn(zone);
      await page.goto(server.url + '/admin/reservations');
      const row = page.getByTestId('reservations-table').getByTestId('reservation-row').filter({ hasText: 'Olga Early' });
      const [y, m, d] = monday.split('-');
      await row.getByText(`${d}/${m}/${y} 08:00`, { exact: true }).waitFor();

      const { text } = await readDownload(page, () => page.getByRole('button', { name: 'Exporter CSV' }).click());
      const rows = parseCsv(text);
      expect(rows[0]).toEqual(['Nom', 'Email', 'Téléphone', 'Cours', 'Date et heure', 'Message', 'Statut', 'Date de création', 'Langue']);
      const olga = rows.find((r) => r[0] === 'Olga Early')!;
      expect(olga[4]).toContain('08:00');
      expect(olga[4]).toContain(String(Number(d)));
    });

    it(`day view: the session and its booking read 08:00 from a browser in ${zone}`, async () => {
      const page = await pageIn(zone);
      await page.goto(dayUrl());
      const card = sessionCard(page);
      await expect(card.getByTestId('desk-session-time').textContent()).resolves.toBe('08:00');
      await card.getByTestId('roster-row').filter({ hasText: 'Olga Early' }).waitFor();
      await page.getByText('heure de Krabi (UTC+7)', { exact: false }).first().waitFor();
    });
  }

  it('day view: "Présent" is one tap, persists after a reload, and a second tap removes it', async () => {
    const page = await pageIn('UTC', { width: 375, height: 800 });
    await page.goto(dayUrl());
    const present = sessionCard(page).getByRole('button', { name: 'Présent : Olga Early' });
    await expect(present.getAttribute('aria-pressed')).resolves.toBe('false');
    // A phone-sized target (44 px at least).
    const box = await present.boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);
    await present.click();
    await expect.poll(() => present.getAttribute('aria-pressed')).toBe('true');
    await expect
      .poll(async () => (await api<ReservationDto[]>(server, 'GET', '/api/reservations', undefined, tokens.staff)).find((r) => r.id === booking.id)?.attendance)
      .toBe('present');

    await page.reload();
    await expect.poll(() => present.getAttribute('aria-pressed')).toBe('true');
    await expect(sessionCard(page).getByRole('button', { name: 'Absent : Olga Early' }).getAttribute('aria-pressed')).resolves.toBe('false');

    await present.click();
    await expect.poll(() => present.getAttribute('aria-pressed')).toBe('false');
    await expect
      .poll(async () => (await api<ReservationDto[]>(server, 'GET', '/api/reservations', undefined, tokens.staff)).find((r) => r.id === booking.id)?.attendance)
      .toBeNull();
  });

  it('day view: a WhatsApp booking added at the desk takes a seat', async () => {
    const page = await pageIn('Asia/Bangkok');
    await page.goto(dayUrl());
    const card = sessionCard(page);
    const seats = card.getByTestId('desk-session-seats');
    const before = (await seats.textContent())!;
    const [taken, capacity] = before.split('/').map(Number);

    await card.getByRole('button', { name: `Ajouter une réservation, ${COURSE} 08:00` }).click();
    const dialog = page.getByRole('dialog', { name: 'Ajouter une réservation' });
    await dialog.getByRole('button', { name: 'Ajouter' }).click();
    await dialog.getByText('Le nom est obligatoire').waitFor();
    await dialog.getByLabel('Nom').fill('Walter Walkin');
    await dialog.getByLabel('Téléphone (facultatif)').fill('+66 82 333 4444');
    await dialog.getByRole('combobox', { name: 'Origine' }).click();
    await page.getByRole('option', { name: 'WhatsApp' }).click();
    await dialog.getByRole('button', { name: 'Ajouter' }).dblclick();
    await expectToast(page, 'Réservation ajoutée');
    await expect.poll(() => seats.textContent()).toBe(`${taken + 1}/${capacity}`);
    const row = card.getByTestId('roster-row').filter({ hasText: 'Walter Walkin' });
    await row.getByText('WhatsApp', { exact: true }).waitFor();
    // The double click made one booking.
    const all = await api<ReservationDto[]>(server, 'GET', '/api/reservations', undefined, tokens.staff);
    expect(all.filter((r) => r.name === 'Walter Walkin')).toHaveLength(1);
    expect(all.find((r) => r.name === 'Walter Walkin')).toMatchObject({ source: 'whatsapp', sessionDate: monday });
  });

  it('list: staff cancel with confirm shows "Annulée"; the day view shows it cancelled and the seat freed', async () => {
    const page = await pageIn('America/New_York');
    await page.goto(dayUrl());
    const seats = sessionCard(page).getByTestId('desk-session-seats');
    const [taken, capacity] = (await seats.textContent())!.split('/').map(Number);

    await page.getByRole('tab', { name: 'Liste' }).click();
    const row = page.getByTestId('reservations-table').getByTestId('reservation-row').filter({ hasText: 'Olga Early' });
    await row.getByRole('button', { name: 'Annuler la réservation de Olga Early' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Annuler la réservation' });
    await confirm.getByText(/Olga Early/).waitFor();
    await confirm.getByRole('button', { name: 'Annuler la réservation' }).click();
    await expectToast(page, 'Réservation annulée');
    await row.getByText('Annulée', { exact: true }).waitFor();
    await expect(row.getByRole('button', { name: 'Annuler la réservation de Olga Early' }).count()).resolves.toBe(0);

    await page.getByRole('tab', { name: 'Jour' }).click();
    const roster = sessionCard(page).getByTestId('roster-row').filter({ hasText: 'Olga Early' });
    await roster.getByText('Annulée', { exact: true }).waitFor();
    await expect.poll(() => seats.textContent()).toBe(`${taken - 1}/${capacity}`);
  });

  it('dashboard: seats booked for each of the coming 7 days with the fill rate, and the no-show rate', async () => {
    const stats = await api<{ seatsNext7Days: { date: string; booked: number; capacity: number }[] }>(
      server,
      'GET',
      '/api/dashboard-stats',
      undefined,
      tokens.staff,
    );
    const page = await pageIn('UTC');
    await page.goto(server.url + '/admin/dashboard');
    const card = page.getByTestId('seats-next-7-days');
    await card.getByRole('heading', { name: 'Places réservées — 7 prochains jours' }).waitFor();
    await expect.poll(() => card.getByTestId('seats-day').count()).toBe(stats.seatsNext7Days.length);
    expect(stats.seatsNext7Days).toHaveLength(7);
    const texts = await card.getByTestId('seats-day-text').allTextContents();
    stats.seatsNext7Days.forEach((d, i) => {
      expect(texts[i]).toBe(d.capacity > 0 ? `${d.booked}/${d.capacity} places, ${Math.round((d.booked / d.capacity) * 100)} %` : 'Fermé');
    });
    await page.getByTestId('no-show-rate').getByRole('heading', { name: 'Absences — 30 derniers jours' }).waitFor();
  });
});
