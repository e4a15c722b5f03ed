import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PassDto, ReservationDto } from '../../../src/shared/api-types';
import { addDays, isoWeekday, todayInZone, zonedToInstant } from '../../../src/shared/gym-time';
import { bookingPayload } from '../../helpers/factories';
import { createStayOrder } from '../../helpers/stay-fixtures';
import { GYM_ZONE, useBrowserSuite, VIEWPORTS } from '../helpers/fixture';
import { api, axeViolations } from './admin-helpers';

// Issue 46 §4 and §7: the back office's lists on a 375 px phone. Lists are cards, the filters
// fold behind one "Filtres" button whose active filters show as chips, the actions in a card
// are 44 px targets, nothing scrolls sideways and no word is broken in its middle.

// Pictures only when E2E_SCREENSHOT_DIR names a folder (docs/admin.md's are taken so).
const SHOTS = process.env.E2E_SCREENSHOT_DIR;
const COURSE = 'Muay Thai Beginner';

async function noSidewaysScroll(page: Page) {
  const over = await page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);
  expect(over).toBeLessThanOrEqual(0);
}

/**
 * In the screen's content (the menu is the shell's), words (split at spaces, hyphens and slashes) drawn on two lines or more, among those that would
 * fit on one line of half the screen: "Absen|ces" is one, a 60-letter e-mail address is not.
 */
async function brokenWords(page: Page, root = '#admin-main'): Promise<string[]> {
  return page.evaluate((selector) => {
    const found: string[] = [];
    const ctx = document.createElement('canvas').getContext('2d')!;
    const walker = document.createTreeWalker(document.querySelector(selector)!, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      const node = walker.currentNode as Text;
      const el = node.parentElement;
      if (!el || el.closest('.sr-only, script, style, [aria-hidden="true"]')) continue;
      const box = el.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1 || getComputedStyle(el).visibility === 'hidden') continue;
      const style = getComputedStyle(el);
      ctx.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      for (const m of node.data.matchAll(/[^\s\-‐/–—·]{2,}/g)) {
        if (ctx.measureText(m[0]).width > window.innerWidth / 2) continue;
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (tops.size > 1) found.push(m[0]);
      }
    }
    return found;
  }, root);
}

/**
 * Controls in the scope smaller than 44 × 44 px (a checkbox counts its label's box). Links inside
 * a line of text are left out, as WCAG's target size leaves them out.
 */
async function smallTargets(scope: Locator): Promise<string[]> {
  return scope.evaluateAll((roots) => {
    const small: string[] = [];
    for (const root of roots) {
      for (const el of root.querySelectorAll<HTMLElement>('button, a[href], input:not([type=hidden]), select, [role=combobox], [role=switch]')) {
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.height === 0) continue;
        if (el.tagName === 'A' && getComputedStyle(el).display.startsWith('inline')) continue;
        const target = el.closest('label')?.getBoundingClientRect() ?? r;
        if (Math.max(r.height, target.height) < 44 || Math.max(r.width, target.width) < 44)
          small.push(`${el.tagName.toLowerCase()} "${el.getAttribute('aria-label') ?? el.textContent?.trim()}" ${Math.round(r.width)}×${Math.round(r.height)}`);
      }
    }
    return small;
  });
}

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  // The first screen, as the phone shows it (with the menu bar fixed at its foot).
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

/** A screen at 375 px: no sideways scroll, no word cut in two, nothing axe finds serious. */
async function looksRight(page: Page, root?: string) {
  await noSidewaysScroll(page);
  expect(await brokenWords(page, root)).toEqual([]);
  expect(await axeViolations(page)).toEqual([]);
}

describe('back office at 375 px: lists as cards, folded filters', () => {
  const suite = useBrowserSuite({ accounts: true });
  const { server, tokens } = suite;
  let page: Page;
  let errors: string[];
  let close: () => Promise<void>;
  let monday: string;

  beforeAll(async () => {
    const today = todayInZone(GYM_ZONE);
    monday = addDays(today, 7 + ((8 - isoWeekday(today)) % 7));
    // Bookings through the public form: two on Monday's 08:00 class (the desk's day), one with a long name.
    const names = ['Anan Srisuk', 'Maximilian Kowalczyk-Lindqvist', 'Léa Fontaine'];
    for (const [i, name] of names.entries()) {
      await api<ReservationDto>(
        server,
        'POST',
        '/api/reservations',
        bookingPayload({
          name,
          email: `phone-list-${i}@example.com`,
          phone: `+66 81 000 00${i}0`,
          course: COURSE,
          dateTime: zonedToInstant(monday, '08:00', server.config.timezone).toISOString(),
        }),
      );
    }
    // A pass sold at the desk, half paid.
    const passes = await api<PassDto[]>(server, 'GET', '/api/passes');
    const pass = passes.find((p) => p.priceSatang >= 100_000) ?? passes[0];
    await api(
      server,
      'POST',
      '/api/desk/orders',
      {
        passId: pass.id,
        startDate: today,
        name: 'Maximilian Kowalczyk-Lindqvist',
        email: 'phone-list-1@example.com',
        language: 'en',
        payment: { amountSatang: 50_000, method: 'cash' },
      },
      tokens.staff,
    );
    // A room type and a guest landing today with a pickup, another leaving today.
    const type = await api<{ id: number }>(
      server,
      'POST',
      '/api/stays/room-types',
      { name: 'Garden bungalow', maxGuests: 2, rooms: 3, nightlyPriceSatang: 120_000 },
      tokens.admin,
    );
    await createStayOrder(server.app.ctx.db, {
      roomTypeId: type.id,
      checkIn: today,
      checkOut: addDays(today, 10),
      name: 'Chloé Arrivante-Dubois',
      staySatang: 1_200_000,
      paidSatang: 400_000,
      pickup: { airport: 'KBV', flightNumber: 'FD 3031', arrivesAt: `${today}T13:20` },
    });
    await createStayOrder(server.app.ctx.db, { roomTypeId: type.id, checkIn: addDays(today, -6), checkOut: today, name: 'Tom Leaving', paidSatang: 720_000 });
    await api(server, 'POST', '/api/contact', {
      name: 'Carla Contact',
      email: 'carla@example.com',
      subject: 'Cours pour enfants',
      message: 'Do you teach kids on Saturdays?',
    });
    await api(server, 'POST', '/api/newsletter-subscribers', { email: 'reader@example.com' });

    ({ page, errors, close } = await suite.page({ as: 'admin', viewport: VIEWPORTS.phone }));
  });
  afterAll(async () => {
    await close?.();
    expect(errors).toEqual([]);
  });

  it('Réservations: cards, the filters behind one button, active ones as chips that remove them', async () => {
    await page.goto(`${server.url}/admin/reservations?statut=unread&quand=upcoming`);
    const cards = page.getByTestId('reservation-card');
    await cards.filter({ hasText: 'Maximilian Kowalczyk-Lindqvist' }).waitFor();
    expect(await page.getByTestId('reservations-table').isVisible()).toBe(false);
    // The fields are folded: the search box and one button, with the two filters of the address as chips.
    expect(await page.getByRole('combobox', { name: 'Statut' }).count()).toBe(0);
    const filters = page.getByRole('button', { name: /^Filtres/ });
    await expect(filters.textContent()).resolves.toBe('Filtres2');
    const chips = page.getByRole('list', { name: 'Filtres actifs' });
    await expect(chips.getByRole('listitem').allTextContents()).resolves.toEqual(['Statut : Non lue', 'À venir']);
    // The first booking is on the first screen (it was 1.3 screens down).
    const first = await cards.first().boundingBox();
    expect(first!.y).toBeLessThan(VIEWPORTS.phone.height);
    expect(await smallTargets(page.getByRole('search'))).toEqual([]);
    expect(await smallTargets(cards)).toEqual([]);
    await looksRight(page);
    await shot(page, 'reservations-375');

    // The sheet: full screen, the fields, a closing button at the bottom that says how many are kept.
    await filters.click();
    const sheet = page.getByRole('dialog', { name: 'Filtres' });
    await sheet.getByRole('combobox', { name: 'Cours' }).click();
    await page.getByRole('option', { name: COURSE }).click();
    await page.waitForURL(/cours=Muay/);
    const box = await sheet.boundingBox();
    expect(box).toEqual({ x: 0, y: 0, width: VIEWPORTS.phone.width, height: VIEWPORTS.phone.height });
    const show = sheet.getByRole('button', { name: /^Voir \d+ réservations?$/ });
    const showBox = await show.boundingBox();
    expect(showBox!.y + showBox!.height).toBeGreaterThan(VIEWPORTS.phone.height - 100);
    expect(await smallTargets(sheet)).toEqual([]);
    await looksRight(page, '[role=dialog]');
    await shot(page, 'reservations-filters-375');
    await show.click();
    await sheet.waitFor({ state: 'detached' });
    await expect.poll(() => chips.getByRole('listitem').allTextContents()).toEqual([`Cours : ${COURSE}`, 'Statut : Non lue', 'À venir']);

    // A chip removes its filter from the address and the list.
    await chips.getByRole('button', { name: 'Retirer le filtre Statut : Non lue' }).click();
    await page.waitForURL((u) => !u.searchParams.has('statut'));
    // The address changes first; the button's count follows at the next render.
    await expect.poll(() => filters.textContent()).toBe('Filtres2');
    // "Tout effacer" drops the rest in one go.
    await filters.click();
    await sheet.getByRole('button', { name: 'Tout effacer' }).click();
    await page.waitForURL((u) => !u.searchParams.has('cours') && !u.searchParams.has('quand'));
    await sheet.getByRole('button', { name: /^Voir/ }).click();
    await expect.poll(() => filters.textContent()).toBe('Filtres');
    expect(await chips.count()).toBe(0);
  });

  it('Commandes: cards and the folded filters', async () => {
    await page.goto(`${server.url}/admin/orders?moyen=desk`);
    const card = page.getByTestId('order-card').filter({ hasText: 'Maximilian Kowalczyk-Lindqvist' });
    await card.waitFor();
    expect(await page.getByTestId('orders-table').isVisible()).toBe(false);
    await expect(page.getByRole('list', { name: 'Filtres actifs' }).getByRole('listitem').allTextContents()).resolves.toEqual(['Paiement : À l’accueil']);
    expect(await page.getByRole('combobox', { name: 'Moyen de paiement' }).count()).toBe(0);
    expect(await smallTargets(page.getByRole('search'))).toEqual([]);
    expect(await smallTargets(page.getByTestId('order-card'))).toEqual([]);
    await looksRight(page);
    await shot(page, 'orders-375');
  });

  it('Arrivées: a card per arrival and departure with its room, pickup, flight and actions; the occupancy by room type', async () => {
    await page.goto(`${server.url}/admin/arrivals`);
    const todayBoard = page.getByTestId('arrivals-day').first();
    const arrival = todayBoard.getByRole('list', { name: 'Arrivées' }).getByTestId('stay-card');
    await arrival.getByText('Chloé Arrivante-Dubois', { exact: true }).waitFor();
    await expect(arrival.textContent()).resolves.toContain('vol FD 3031');
    await arrival.getByRole('button', { name: 'Enregistrer l’arrivée' }).waitFor();
    await todayBoard.getByRole('list', { name: 'Départs' }).getByText('Tom Leaving', { exact: true }).waitFor();
    // The 30 nights: a card per room type, no table to scroll sideways.
    const occupancy = page.getByRole('region', { name: 'Occupation sur 30 nuits' });
    const nights = occupancy.getByRole('list', { name: 'Nuits, Garden bungalow' }).getByRole('listitem');
    await expect(nights.count()).resolves.toBe(30);
    expect(await occupancy.locator('table').count()).toBe(0);
    expect(await smallTargets(page.getByTestId('stay-card'))).toEqual([]);
    await looksRight(page);
    await shot(page, 'arrivals-375');
  });

  it('the desk: the day’s sessions with their rosters, presence marks and "Ajouter" under the thumb', async () => {
    await page.goto(`${server.url}/admin/reservations?vue=jour&date=${monday}`);
    const session = page
      .getByTestId('desk-session')
      .filter({ has: page.getByRole('heading', { name: COURSE, exact: true }) })
      .first();
    await session.getByText('Maximilian Kowalczyk-Lindqvist', { exact: true }).waitFor();
    await session.getByRole('button', { name: 'Présent : Anan Srisuk' }).waitFor();
    expect(await smallTargets(session)).toEqual([]);
    await looksRight(page);
    await shot(page, 'desk-375');

    await page.goto(`${server.url}/admin/cours-prives`);
    await page.getByRole('heading', { level: 1, name: 'Cours privés' }).waitFor();
    await looksRight(page);
  });

  // The other lists with what the suite made: no sideways scroll, no word cut; those with filters fold them.
  const others: [string, string, 'folded' | 'none'][] = [
    ['/admin/clients', 'Clients', 'none'],
    ['/admin/messages', 'Messages', 'folded'],
    ['/admin/stays', 'Séjours', 'none'],
    ['/admin/visas', 'Visas', 'none'],
    ['/admin/newsletter', 'Newsletter', 'none'],
    ['/admin/journal', 'Journal', 'folded'],
    ['/admin/planning', 'Planning', 'none'],
    ['/admin/users', 'Utilisateurs', 'none'],
    ['/admin/trainers', 'Entraîneurs', 'none'],
    ['/admin/blog', 'Articles', 'folded'],
    ['/admin/gallery', 'Galerie', 'none'],
  ];
  for (const [url, title, filters] of others) {
    it(`${title} (${url}): no sideways scroll and no word cut in two${filters === 'folded' ? '; the filters folded' : ''}`, async () => {
      await page.goto(server.url + url);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
      await shot(page, url.slice(7));
      await noSidewaysScroll(page);
      expect(await brokenWords(page)).toEqual([]);
      if (filters === 'folded') {
        await page.getByRole('button', { name: /^Filtres/ }).waitFor();
        expect(await page.getByRole('search').getByRole('combobox').count()).toBe(0);
        expect(await smallTargets(page.getByRole('search'))).toEqual([]);
      }
    });
  }
});
