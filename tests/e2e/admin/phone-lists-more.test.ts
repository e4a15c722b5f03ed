import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDto, ReservationDto } from '../../../src/shared/api-types';
import { addDays, isoWeekday, todayInZone, zonedToInstant } from '../../../src/shared/gym-time';
import type { SiteSettingsDto } from '../../../src/shared/schemas/site-settings';
import { bookingPayload } from '../../helpers/factories';
import { fillLetterDetails } from '../../helpers/orders';
import { GYM_ZONE, useBrowserSuite, VIEWPORTS } from '../helpers/fixture';
import { api } from './admin-helpers';
import { brokenWords, noSidewaysScroll, shot, smallTargets } from './phone-checks';

// Issue 46 §4, the lists phone-lists.test.ts left: Clients, Hébergement, Visas, Planning,
// Utilisateurs, Entraîneurs, Galerie (and the desk's roster) at 375 px with data made through the
// API: cards, no sideways scroll, no word cut, 44 px actions, the filters folded behind one button
// with their count and chips where the screen has filters; at 1280 px the same screens as before.

const COURSE = 'Muay Thai Beginner';
const LONG_NAME = 'Maximilian Kowalczyk-Lindqvist';

/** The screen at 375 px: nothing sideways, no word of ours cut in two. */
async function fitsThePhone(page: Page) {
  await noSidewaysScroll(page);
  expect(await brokenWords(page)).toEqual([]);
}

describe('back office at 375 px: the other lists', () => {
  const suite = useBrowserSuite({ accounts: true });
  const { server, tokens } = suite;
  let page: Page;
  let errors: string[];
  let close: () => Promise<void>;
  let monday: string;

  beforeAll(async () => {
    const today = todayInZone(GYM_ZONE);
    monday = addDays(today, 7 + ((8 - isoWeekday(today)) % 7));
    // Bookings through the public form make the clients; one owes for a pass half paid.
    for (const [i, name] of ['Anan Srisuk', LONG_NAME, 'Léa Fontaine'].entries()) {
      await api<ReservationDto>(
        server,
        'POST',
        '/api/reservations',
        bookingPayload({
          name,
          email: `phone-more-${i}@example.com`,
          phone: `+66 81 000 00${i}0`,
          course: COURSE,
          dateTime: zonedToInstant(monday, '08:00', server.config.timezone).toISOString(),
        }),
      );
    }
    // A programme on sale with its letterhead, bought and paid: the traveller asks for the letter.
    const current = await api<SiteSettingsDto>(server, 'GET', '/api/site-settings');
    const s = structuredClone(current.settings);
    fillLetterDetails(s);
    s.programmes[0].onSale = true;
    await api(server, 'PUT', '/api/site-settings', { settings: s, version: current.version }, tokens.admin);
    const order = await api<OrderDto & { token: string }>(server, 'POST', '/api/orders', {
      passId: 'muay-thai-6-months.programme',
      startDate: addDays(today, 14),
      name: 'Johanna Wilhelmina Schwarzenegger',
      email: 'visa-phone@example.com',
      language: 'de',
      method: 'desk',
    });
    await api(server, 'POST', `/api/orders/${order.id}/payments`, { amountSatang: order.amountSatang, method: 'cash' }, tokens.staff);
    await api(server, 'POST', `/api/orders/by-token/${order.token}/visa-letter`, {
      fullName: 'Johanna Wilhelmina Schwarzenegger',
      nationality: 'DE',
      passportNumber: 'C01X00T47',
      dateOfBirth: '1991-05-04',
      embassy: 'Royal Thai Embassy, Berlin',
    });
    await api(server, 'POST', '/api/trainers', { name: 'Kru Somchai Kiatpetch', disciplines: ['Muay Thai', 'Clinch'] }, tokens.admin);
    await api(server, 'POST', '/api/stays/room-types', { name: 'Garden bungalow', maxGuests: 2, rooms: 3, nightlyPriceSatang: 120_000 }, tokens.admin);
    ({ page, errors, close } = await suite.page({ as: 'admin', viewport: VIEWPORTS.phone }));
  });
  afterAll(async () => {
    await close?.();
    expect(errors).toEqual([]);
  });

  /** Opens the screen and waits for its first card. */
  async function open(url: string, card: string) {
    await page.goto(server.url + url);
    await page.getByTestId(card).first().waitFor();
    expect(await page.locator('#admin-main table').count()).toBe(0);
  }

  it('Clients: a card per client, the search in sight, no filter to fold', async () => {
    await open('/admin/clients', 'client-row');
    await page.getByTestId('client-row').filter({ hasText: LONG_NAME }).waitFor();
    expect(await smallTargets(page.getByRole('search'))).toEqual([]);
    expect(await smallTargets(page.getByTestId('client-row'))).toEqual([]);
    await fitsThePhone(page);
    await shot(page, 'clients-375');
  });

  it('Visas: the status folded behind "Filtres", its chip, and the letter’s actions under the thumb', async () => {
    await open('/admin/visas', 'visa-card');
    const filters = page.getByRole('button', { name: /^Filtres/ });
    // "À traiter" is the list's default: no chip, no count.
    await expect(filters.textContent()).resolves.toBe('Filtres');
    await expect(page.getByTestId('visa-shown').textContent()).resolves.toBe('À traiter · 1 lettre');
    expect(await page.getByRole('button', { name: 'Émises' }).count()).toBe(0);
    expect(await smallTargets(page.getByTestId('visa-card'))).toEqual([]);
    await fitsThePhone(page);
    await shot(page, 'visas-375');
    await filters.click();
    const sheet = page.getByRole('dialog', { name: 'Filtres' });
    await sheet.getByRole('button', { name: 'Toutes' }).click();
    await page.waitForURL(/statut=all/);
    expect(await smallTargets(sheet)).toEqual([]);
    await shot(page, 'visas-filters-375');
    await sheet.getByRole('button', { name: /^Voir 1 lettre$/ }).click();
    await expect.poll(() => filters.textContent()).toBe('Filtres1');
    const chips = page.getByRole('list', { name: 'Filtres actifs' });
    await expect(chips.getByRole('listitem').allTextContents()).resolves.toEqual(['Statut : Toutes']);
    await chips.getByRole('button', { name: 'Retirer le filtre Statut : Toutes' }).click();
    await page.waitForURL((u) => !u.searchParams.has('statut'));
    await page.getByTestId('visa-card').first().waitFor();
  });

  it('Galerie: the category folded behind "Filtres" with its chip; each image’s actions 44 px', async () => {
    await open('/admin/gallery', 'gallery-card');
    const filters = page.getByRole('button', { name: /^Filtres/ });
    await expect(filters.textContent()).resolves.toBe('Filtres');
    expect(await page.getByRole('combobox', { name: 'Filtrer par catégorie' }).count()).toBe(0);
    expect(await smallTargets(page.getByTestId('gallery-card'))).toEqual([]);
    await fitsThePhone(page);
    await shot(page, 'gallery-375');
    await filters.click();
    const sheet = page.getByRole('dialog', { name: 'Filtres' });
    await sheet.getByRole('combobox', { name: 'Filtrer par catégorie' }).click();
    await page.getByRole('option', { name: /^Sans catégorie/ }).click();
    await page.waitForURL(/categorie=/);
    await shot(page, 'gallery-filters-375');
    await sheet.getByRole('button', { name: /^Voir \d+ images?$/ }).click();
    await expect.poll(() => filters.textContent()).toBe('Filtres1');
    const chips = page.getByRole('list', { name: 'Filtres actifs' });
    await expect(chips.getByRole('listitem').allTextContents()).resolves.toEqual(['Catégorie : Sans catégorie']);
    await chips.getByRole('button', { name: /^Retirer le filtre/ }).click();
    await page.waitForURL((u) => !u.searchParams.has('categorie'));
  });

  const cards: [string, string, string][] = [
    ['/admin/stays', 'room-type-card', 'stays'],
    ['/admin/planning', 'class-card', 'planning'],
    ['/admin/users', 'user-card', 'users'],
    ['/admin/trainers', 'trainer-card', 'trainers'],
  ];
  for (const [url, card, name] of cards) {
    it(`${url}: cards with 44 px actions, no sideways scroll, no word cut`, async () => {
      await open(url, card);
      await page.waitForLoadState('networkidle');
      expect(await smallTargets(page.getByTestId(card))).toEqual([]);
      await fitsThePhone(page);
      await shot(page, `${name}-375`);
    });
  }

  it('Entraîneurs: the month’s pay as a card per trainer', async () => {
    await page.goto(`${server.url}/admin/trainers`);
    const report = page.getByTestId('trainer-report');
    await report.getByTestId('data-card').filter({ hasText: 'Kru Somchai Kiatpetch' }).waitFor();
    expect(await report.evaluate((el) => el.tagName)).toBe('UL');
  });

  it('the desk’s roster: one compact row per booking, every action still there', async () => {
    await page.goto(`${server.url}/admin/reservations?vue=jour&date=${monday}`);
    const session = page
      .getByTestId('desk-session')
      .filter({ has: page.getByRole('heading', { name: COURSE, exact: true }) })
      .first();
    const row = session.getByTestId('roster-row').filter({ hasText: LONG_NAME });
    await row.waitFor();
    for (const name of [`Présent : ${LONG_NAME}`, `Absent : ${LONG_NAME}`]) await row.getByRole('button', { name }).waitFor();
    await row.getByRole('link', { name: /^\+66/ }).waitFor();
    await row.getByRole('link', { name: /E-mail|phone-more/ }).waitFor();
    // The name on one line, the call and mail links with the two marks on the next: under 100 px (140 before).
    const box = await row.boundingBox();
    expect(box!.height).toBeLessThanOrEqual(100);
    expect(await smallTargets(session.getByTestId('roster-row'))).toEqual([]);
    await fitsThePhone(page);
    await shot(page, 'desk-375');
  });

  it('at 1280 px the screens keep their look: the pay is a table, the other lists their cards, the filters in the page', async () => {
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.goto(`${server.url}/admin/trainers`);
    await page
      .getByTestId('trainer-report')
      .getByRole('row', { name: /Kru Somchai Kiatpetch/ })
      .waitFor();
    expect(await page.getByTestId('trainer-report').evaluate((el) => el.tagName)).toBe('TABLE');
    await shot(page, 'trainers-1280');
    await page.goto(`${server.url}/admin/visas`);
    await page.getByTestId('visa-card').first().waitFor();
    await page.getByRole('group', { name: 'Filtrer par statut' }).getByRole('button', { name: 'Émises' }).waitFor();
    expect(await page.getByRole('button', { name: /^Filtres/ }).count()).toBe(0);
    await shot(page, 'visas-1280');
    await page.goto(`${server.url}/admin/gallery`);
    await page.getByTestId('gallery-card').first().waitFor();
    await page.getByRole('combobox', { name: 'Filtrer par catégorie' }).waitFor();
    await shot(page, 'gallery-1280');
    for (const [url, card, name] of [['/admin/clients', 'client-row', 'clients'], ...cards]) {
      await page.goto(server.url + url);
      await page.getByTestId(card).first().waitFor();
      await page.waitForLoadState('networkidle');
      await noSidewaysScroll(page);
      await shot(page, `${name}-1280`);
    }
    await page.goto(`${server.url}/admin/reservations?vue=jour&date=${monday}`);
    await page.getByTestId('roster-row').filter({ hasText: LONG_NAME }).first().waitFor();
    await shot(page, 'desk-1280');
  });
});
