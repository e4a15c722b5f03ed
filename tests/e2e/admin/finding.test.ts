import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromBool } from '../../../src/server/db/database';
import { useBrowserSuite, WIDTHS } from '../helpers/fixture';
import { api, signedInContext, trackErrors } from './admin-helpers';

// Issue 13 point 1, in the browser: search, filters and server pages of the reservations list,
// kept in the address (reload, Back), the contact tab opened from the dashboard, at 375 and 1280 px.

// Pictures only when E2E_SCREENSHOT_DIR names a folder: full-page PNGs nobody opens cost the suite CPU.
const SHOTS = process.env.E2E_SCREENSHOT_DIR;
describe('back office: finding things', () => {
  const { server, browser, tokens } = useBrowserSuite({ accounts: true });
  const errors: string[] = [];

  beforeAll(async () => {
    const day = 86_400_000;
    const now = Date.now();
    // 60 bookings (three pages of 25): every third one Wrestling, the last ten in the past, plus one to find by name.
    const rows = Array.from({ length: 60 }, (_, i) => ({
      name: `Finder ${String(i).padStart(2, '0')}`,
      email: `finder${i}@example.com`,
      phone: null,
      course: i % 3 === 0 ? 'Wrestling' : 'MMA Training',
      date_time: new Date(i < 50 ? now + (i + 1) * day : now - (i - 49) * day).toISOString(),
      message: null,
      status: 'read' as const,
      created_at: new Date(now - (60 - i) * 60_000).toISOString(),
    }));
    rows.push({ ...rows[0], name: 'Zelda Quill', email: 'zelda@example.com', created_at: new Date(now).toISOString() });
    await server.app.ctx.db.insertInto('reservations').values(rows).execute();
    await api(server, 'POST', '/api/contact', { name: 'Carla Contact', email: 'carla@example.com', subject: 'Kids', message: 'Do you teach kids?' });
    // 30 more conversations (two pages with Carla's), one to find; a post to find among the demo ones.
    await server.app.ctx.db
      .insertInto('conversations')
      .values(
        Array.from({ length: 30 }, (_, i) => ({
          user_name: i === 12 ? 'Somchai Finder' : `Thread ${String(i).padStart(2, '0')}`,
          user_email: `thread${i}@example.com`,
          subject: 'Question',
          status: 'open' as const,
          contact_submission_id: null,
          created_at: new Date(now - (i + 1) * 60_000).toISOString(),
          last_message_at: new Date(now - (i + 1) * 60_000).toISOString(),
        })),
      )
      .execute();
    await server.app.ctx.db
      .insertInto('blog_posts')
      .values({
        slug: 'clinch-finder-guide',
        title: 'Clinch finder guide',
        content: 'x',
        excerpt: null,
        featured_image: null,
        meta_title: null,
        meta_description: null,
        category_id: null,
        author_id: null,
        published: fromBool(false),
        published_at: null,
        created_at: new Date(now).toISOString(),
        updated_at: new Date(now).toISOString(),
      })
      .execute();
  });
  afterAll(async () => {
    expect(errors).toEqual([]);
  });

  // Cards below 1280 px, the table from there (both carry the same names).
  const rowsOf = (page: Page, phone: boolean) => page.getByTestId(phone ? 'reservation-card' : 'reservation-row');
  const pagerText = (page: Page) => page.getByRole('navigation', { name: 'Pages des réservations' }).getByTestId('pager-status');
  const search = (page: Page) => page.getByRole('searchbox', { name: 'Rechercher par nom, e-mail ou téléphone' });
  /** On a phone the filters fold behind "Filtres" (issue 46): the sheet opens, the choice is made, the sheet closes. */
  async function inFilters(page: Page, phone: boolean, choose: () => Promise<void>) {
    if (phone) await page.getByRole('button', { name: /^Filtres/ }).click();
    await choose();
    if (phone) await page.getByRole('dialog', { name: 'Filtres' }).getByRole('button', { name: /^Voir/ }).click();
  }

  for (const w of WIDTHS) {
    const phone = w.name === 'phone';

    it(`${w.name}: searches, filters and pages; reload and Back keep the list's state`, async () => {
      const ctx = await signedInContext(browser, tokens.staff, w.viewport);
      const page = await ctx.newPage();
      trackErrors(page).forEach((e) => errors.push(e));
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(server.url + '/admin/reservations');

      // Server pages: 61 bookings, 25 a page.
      await expect.poll(() => pagerText(page).textContent()).toBe('61 réservations · page 1 sur 3');
      await expect.poll(() => rowsOf(page, phone).count()).toBe(25);
      // Newest arrival first; upcoming and past at a glance.
      await expect(rowsOf(page, phone).first().textContent()).resolves.toContain('Zelda Quill');
      await rowsOf(page, phone).first().getByText('À venir').waitFor();
      await page.getByRole('button', { name: 'Suivant' }).click();
      await page.waitForURL(/page=2/);
      await expect.poll(() => pagerText(page).textContent()).toBe('61 réservations · page 2 sur 3');
      await expect(rowsOf(page, phone).first().textContent()).resolves.toContain('Finder 35');
      if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `finding-reservations-page2-${w.name}.png`), fullPage: true });

      // Past bookings only (the last ten), then back to every date.
      await inFilters(page, phone, async () => {
        await page.getByRole('combobox', { name: 'Passés ou à venir' }).click();
        await page.getByRole('option', { name: 'Passés', exact: true }).click();
        await page.waitForURL(/quand=past/);
      });
      expect(page.url()).not.toMatch(/page=/);
      await expect.poll(() => pagerText(page).textContent()).toBe('10 réservations · page 1 sur 1');
      await rowsOf(page, phone).first().getByText('Passé', { exact: true }).waitFor();
      await page.goBack();
      await page.waitForURL(/page=2/);
      await expect.poll(() => pagerText(page).textContent()).toBe('61 réservations · page 2 sur 3');

      // Search by name: one match, the search in the address.
      await search(page).fill('zelda');
      await page.waitForURL(/q=zelda/);
      await expect.poll(() => rowsOf(page, phone).count()).toBe(1);
      await expect.poll(() => pagerText(page).textContent()).toBe('1 réservation · page 1 sur 1');

      // Course filter on top of a search that matches them all.
      await search(page).fill('finder');
      await page.waitForURL(/q=finder/);
      await inFilters(page, phone, async () => {
        await page.getByRole('combobox', { name: 'Cours' }).click();
        await page.getByRole('option', { name: 'Wrestling', exact: true }).click();
        await page.waitForURL(/cours=Wrestling/);
      });
      await expect.poll(() => pagerText(page).textContent()).toBe('20 réservations · page 1 sur 1');
      for (const text of await rowsOf(page, phone).allTextContents()) expect(text).toContain('Wrestling');
      if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `finding-reservations-filtered-${w.name}.png`), fullPage: true });

      // A reload keeps search, filter and list.
      await page.reload();
      await expect.poll(() => pagerText(page).textContent()).toBe('20 réservations · page 1 sur 1');
      await expect(search(page).inputValue()).resolves.toBe('finder');
      // The course filter shows in its select, or on a phone as the one active filter's chip.
      if (phone) await expect(page.getByRole('list', { name: 'Filtres actifs' }).textContent()).resolves.toBe('Cours : Wrestling');
      else await expect(page.getByRole('combobox', { name: 'Cours' }).textContent()).resolves.toContain('Wrestling');

      // Away to the dashboard and Back: the same list; Back again: the search before the filter.
      if (phone) await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
      await page.getByRole('navigation', { name: "Menu d'administration" }).getByRole('link', { name: 'Tableau de bord' }).click();
      await page.waitForURL(/\/admin\/dashboard$/);
      await page.goBack();
      await page.waitForURL(/cours=Wrestling/);
      await expect.poll(() => pagerText(page).textContent()).toBe('20 réservations · page 1 sur 1');
      await page.goBack();
      await page.waitForURL((u) => u.search.includes('q=finder') && !u.search.includes('cours='));
      await expect.poll(() => pagerText(page).textContent()).toBe('60 réservations · page 1 sur 3');
      await expect(search(page).inputValue()).resolves.toBe('finder');

      // A shared link opens the same list.
      const shared = await ctx.newPage();
      await shared.goto(server.url + '/admin/reservations?q=finder&cours=Wrestling&page=1&tri=date');
      await expect.poll(() => pagerText(shared).textContent()).toBe('20 réservations · page 1 sur 1');
      // Sorted by class date, ascending: the furthest past Wrestling class first.
      await expect(rowsOf(shared, phone).first().textContent()).resolves.toContain('Finder 57');
      await ctx.close();
    });

    it(`${w.name}: conversations and posts are searched and paged the same way`, async () => {
      const ctx = await signedInContext(browser, tokens.staff, w.viewport);
      const page = await ctx.newPage();
      trackErrors(page).forEach((e) => errors.push(e));
      const pager = page.getByRole('navigation', { name: 'Pages des conversations' }).getByTestId('pager-status');
      await page.goto(server.url + '/admin/messages');
      await expect.poll(() => pager.textContent()).toBe('31 conversations · page 1 sur 2');
      await page.getByRole('button', { name: 'Suivant' }).click();
      await page.waitForURL(/page=2/);
      await expect.poll(() => page.getByTestId('conversation-row').count()).toBe(6);
      await page.getByRole('searchbox', { name: 'Search conversations' }).fill('somchai');
      await page.waitForURL(/q=somchai/);
      await expect.poll(() => page.getByTestId('conversation-row').count()).toBe(1);
      await page.reload();
      await expect.poll(() => page.getByTestId('conversation-row').allTextContents()).toEqual([expect.stringContaining('Somchai Finder')]);
      await page.goBack();
      await page.waitForURL(/page=2/);
      await expect.poll(() => pager.textContent()).toBe('31 conversations · page 2 sur 2');
      if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `finding-messages-${w.name}.png`), fullPage: true });

      await page.goto(server.url + '/admin/blog');
      await page.getByRole('searchbox', { name: 'Rechercher un article' }).fill('clinch finder');
      await page.waitForURL(/q=clinch/);
      await expect.poll(() => page.getByTestId('blog-card').allTextContents()).toEqual([expect.stringContaining('Clinch finder guide')]);
      await page.reload();
      await expect.poll(() => page.getByTestId('blog-card').count()).toBe(1);
      await expect(page.getByRole('searchbox', { name: 'Rechercher un article' }).inputValue()).resolves.toBe('clinch finder');
      await ctx.close();
    });

    it(`${w.name}: the dashboard's contact tile opens the contact tab, which keeps its search`, async () => {
      const ctx = await signedInContext(browser, tokens.staff, w.viewport);
      const page = await ctx.newPage();
      trackErrors(page).forEach((e) => errors.push(e));
      await page.goto(server.url + '/admin/dashboard');
      // The totals' tile (the day's panel has its own "Messages de contact nouveaux" line).
      await page
        .getByRole('link', { name: /Messages de contact/ })
        .filter({ hasNotText: 'nouveaux' })
        .click();
      await page.waitForURL(/\/admin\/newsletter\?onglet=contact/);
      await expect(page.getByRole('tab', { name: /Messages Contact/ }).getAttribute('aria-selected')).resolves.toBe('true');
      await page.getByTestId('contact-card').filter({ hasText: 'Carla Contact' }).waitFor();
      await page.getByRole('searchbox', { name: 'Rechercher un message' }).fill('nobody-matches');
      await page.waitForURL(/q=nobody-matches/);
      await page.getByText('Aucun message ne correspond à la recherche').waitFor();
      await page.reload();
      await page.getByText('Aucun message ne correspond à la recherche').waitFor();
      await expect(page.getByRole('tab', { name: /Messages Contact/ }).getAttribute('aria-selected')).resolves.toBe('true');
      if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `finding-contact-${w.name}.png`), fullPage: true });
      await page.goBack();
      await page.getByTestId('contact-card').filter({ hasText: 'Carla Contact' }).waitFor();
      await ctx.close();
    });
  }
});
