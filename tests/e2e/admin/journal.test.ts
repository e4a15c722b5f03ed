import path from 'node:path';
import Papa from 'papaparse';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingPayload } from '../../helpers/factories';
import { useBrowserSuite, WIDTHS } from '../helpers/fixture';
import { ADMIN_EMAIL } from '../helpers/server';
import { STAFF_EMAIL, api, axeViolations, expectToast, readDownload, signedInContext, trackErrors } from './admin-helpers';

// The Journal (admins: the audit log with its filters and pages) and the Données personnelles
// screen (staff: search, export JSON/CSV, erase after one confirmation), on a phone and a desktop.

// Pictures only when E2E_SCREENSHOT_DIR names a folder: full-page PNGs nobody opens cost the suite CPU.
const SHOTS = process.env.E2E_SCREENSHOT_DIR;
async function noSidewaysScroll(page: Page) {
  const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(wide).toBeLessThanOrEqual(0);
}

async function openMenuLink(page: Page, name: string, phone: boolean) {
  if (phone) await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
  await page.getByRole('navigation', { name: "Menu d'administration" }).getByRole('link', { name }).click();
}

describe('back office: Journal and Données personnelles', () => {
  const { server, browser, tokens } = useBrowserSuite({ accounts: true });
  const errors: string[] = [];

  beforeAll(async () => {
    // Sixty writes by the staff member (two pages of fifty), and one failed sign-in.
    for (let i = 0; i < 30; i++) {
      const c = await api<{ id: number }>(server, 'POST', '/api/blog-categories', { name: `Journal cat ${i}`, slug: `journal-cat-${i}` }, tokens.staff);
      await api(server, 'DELETE', `/api/blog-categories/${c.id}`, undefined, tokens.staff);
    }
    await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'intruder@example.com', password: 'guessing-123' }),
    });
    // Two people with data: one erased per width.
    for (const who of ['erin', 'finn']) {
      const email = `${who}@example.com`;
      await api(
        server,
        'POST',
        '/api/reservations',
        bookingPayload({ name: `${who} Person`, email, phone: '+66 81 555 0101', course: 'Wrestling', message: 'Knee injury' }),
      );
      await api(server, 'POST', '/api/contact', { name: `${who} Person`, email, subject: 'Visa letter', message: `Please send ${who} a letter` });
      await api(server, 'POST', '/api/newsletter-subscribers', { email, name: `${who} Person` });
    }
  });
  afterAll(async () => {
    expect(errors).toEqual([]);
  });

  for (const [i, w] of WIDTHS.entries()) {
    const phone = w.name === 'phone';

    it(`${w.name}: the admin reads the Journal with filters and pages`, async () => {
      const ctx = await signedInContext(browser, tokens.admin, w.viewport);
      const page = await ctx.newPage();
      trackErrors(page).forEach((e) => errors.push(e));
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(server.url + '/admin/dashboard');
      await openMenuLink(page, 'Journal', phone);
      await page.waitForURL('**/admin/journal');
      await page.getByRole('heading', { name: 'Journal' }).waitFor();
      const entries = page.getByTestId('journal-entry');
      await entries.first().waitFor();
      expect(await entries.count()).toBe(50);
      await expect(page.getByTestId('journal-total').textContent()).resolves.toMatch(/entrées · page 1 sur 2/);
      // The failed sign-in is there, with the address it tried.
      await page.getByText('Connexion échouée').first().waitFor();
      await noSidewaysScroll(page);
      if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `journal-${w.name}.png`), fullPage: false });
      expect(await axeViolations(page)).toEqual([]);

      await page.getByRole('button', { name: 'Suivant' }).click();
      await page
        .getByTestId('journal-total')
        .getByText(/page 2 sur 2/)
        .waitFor();
      expect(await entries.count()).toBeGreaterThan(0);

      // Filter by user (on a phone the filters are folded behind "Filtres", issue 46: the sheet stays open).
      if (phone) await page.getByRole('button', { name: /^Filtres/ }).click();
      await page.getByRole('combobox', { name: 'Utilisateur' }).click();
      await page.getByRole('option', { name: STAFF_EMAIL }).click();
      const me = await api<{ id: number }>(server, 'GET', '/api/auth/me', undefined, tokens.staff);
      const byStaff = (await api<{ total: number }>(server, 'GET', `/api/audit-log?userId=${me.id}`, undefined, tokens.admin)).total;
      expect(byStaff).toBeGreaterThan(60);
      await page
        .getByTestId('journal-total')
        .getByText(new RegExp(`^${byStaff} entrées · page 1 sur 2`))
        .waitFor();
      for (const text of await entries.allTextContents()) expect(text).toContain(STAFF_EMAIL);

      // Filter by action as well: the deletions only.
      await page.getByRole('combobox', { name: 'Action' }).click();
      await page.getByRole('option', { name: 'DELETE /api/blog-categories/:id' }).click();
      await page
        .getByTestId('journal-total')
        .getByText(/^30 entrées · page 1 sur 1/)
        .waitFor();
      for (const text of await entries.allTextContents()) expect(text).toContain('Suppression');

      // Text and dates: today holds them, a day long past holds nothing.
      await page.getByRole('combobox', { name: 'Action' }).click();
      await page.getByRole('option', { name: 'Toutes les actions' }).click();
      await page.getByRole('combobox', { name: 'Utilisateur' }).click();
      await page.getByRole('option', { name: 'Tous les utilisateurs' }).click();
      if (phone) {
        await page.getByRole('dialog', { name: 'Filtres' }).getByRole('button', { name: /^Voir/ }).click();
        await expect(page.getByRole('button', { name: /^Filtres/ }).textContent()).resolves.toBe('Filtres');
      }
      await page.getByLabel('Texte', { exact: true }).fill('intruder@');
      await page.getByRole('button', { name: 'Rechercher dans le journal' }).click();
      await page
        .getByTestId('journal-total')
        .getByText(/^1 entrée · page 1 sur 1/)
        .waitFor();
      if (phone) await page.getByRole('button', { name: /^Filtres/ }).click();
      await page.getByLabel('Du', { exact: true }).fill('2020-01-01');
      await page.getByLabel('Au', { exact: true }).fill('2020-01-31');
      await page.getByText('Aucune entrée ne correspond aux filtres').waitFor();
      if (phone) {
        await page.getByRole('dialog', { name: 'Filtres' }).getByRole('button', { name: /^Voir/ }).click();
        await expect(page.getByRole('list', { name: 'Filtres actifs' }).getByRole('listitem').count()).resolves.toBe(2);
      }
      await noSidewaysScroll(page);
      await ctx.close();
    });

    it(`${w.name}: staff have no Journal`, async () => {
      const ctx = await signedInContext(browser, tokens.staff, w.viewport);
      const page = await ctx.newPage();
      await page.goto(server.url + '/admin/dashboard');
      if (phone) await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
      const nav = page.getByRole('navigation', { name: "Menu d'administration" });
      await nav.getByRole('link', { name: 'Données personnelles' }).waitFor();
      expect(await nav.getByRole('link', { name: 'Journal' }).count()).toBe(0);
      await page.goto(server.url + '/admin/journal');
      await page.waitForURL('**/admin/dashboard');
      await ctx.close();
    });

    it(`${w.name}: staff find, export and erase a person's data`, async () => {
      const who = i === 0 ? 'erin' : 'finn';
      const email = `${who}@example.com`;
      const ctx = await signedInContext(browser, tokens.staff, w.viewport);
      const page = await ctx.newPage();
      trackErrors(page).forEach((e) => errors.push(e));
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(server.url + '/admin/dashboard');
      await openMenuLink(page, 'Données personnelles', phone);
      await page.waitForURL('**/admin/personal-data');
      await page.getByRole('heading', { name: 'Données personnelles' }).waitFor();
      await page.getByLabel('Adresse e-mail').fill(email.toUpperCase());
      await page.getByRole('button', { name: 'Rechercher', exact: true }).click();
      await page
        .getByTestId('personal-data-total')
        .getByText(/enregistrements trouvés pour/)
        .waitFor();
      for (const title of ['Réservations', 'Conversations', 'Messages de contact', 'Newsletter']) {
        await page.getByRole('region', { name: title }).getByRole('listitem').first().waitFor();
      }
      await page.getByRole('region', { name: 'Réservations' }).getByText('Knee injury').waitFor();
      await noSidewaysScroll(page);
      if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `personal-data-${w.name}.png`), fullPage: true });
      expect(await axeViolations(page)).toEqual([]);

      const json = await readDownload(page, () => page.getByRole('button', { name: 'Exporter JSON' }).click());
      expect(json.name).toMatch(/^donnees-personnelles-\d{4}-\d{2}-\d{2}\.json$/);
      const data = JSON.parse(json.text);
      expect(data.email).toBe(email);
      expect(data.reservations[0].message).toBe('Knee injury');
      expect(data.contactSubmissions).toHaveLength(1);

      const csv = await readDownload(page, () => page.getByRole('button', { name: 'Exporter CSV' }).click());
      expect(csv.name).toMatch(/\.csv$/);
      const rows = Papa.parse<string[]>(csv.text.replace(/^\uFEFF/, ''), { delimiter: ';', skipEmptyLines: true }).data;
      expect(rows[0][0]).toBe('Type');
      expect(rows.some((r) => r[0] === 'réservation' && r[4] === email)).toBe(true);

      // One confirmation, then the records are anonymised.
      await page.getByRole('button', { name: 'Effacer les données' }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Effacer les données' });
      await dialog.waitFor();
      if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `personal-data-confirm-${w.name}.png`) });
      await dialog.getByRole('button', { name: 'Effacer définitivement' }).click();
      await expectToast(page, 'Données effacées');
      await page.getByTestId('personal-data-total').getByText(`Aucune donnée trouvée pour ${email}`).waitFor();

      const left = await api(server, 'GET', `/api/personal-data?email=${email}`, undefined, tokens.staff);
      expect(left.reservations).toEqual([]);
      expect(left.contactSubmissions).toEqual([]);
      // The other person is untouched.
      const other = await api(server, 'GET', `/api/personal-data?email=${i === 0 ? 'finn' : 'erin'}@example.com`, undefined, tokens.staff);
      expect(other.reservations.length).toBe(i === 0 ? 1 : 0);
      // Both actions are in the Journal, by the staff member.
      const log = await api(server, 'GET', '/api/audit-log?action=' + encodeURIComponent('POST /api/personal-data/erase'), undefined, tokens.admin);
      expect(log.items.length).toBe(i + 1);
      expect(log.items[0].userEmail).toBe(STAFF_EMAIL);
      expect(JSON.stringify(log)).not.toContain(email);
      await ctx.close();
    });
  }

  it('reading the Journal is not itself recorded', async () => {
    const log = await api(server, 'GET', `/api/audit-log?q=${encodeURIComponent(ADMIN_EMAIL)}`, undefined, tokens.admin);
    expect(log.items.every((e: { method: string; route: string }) => e.route !== '/api/audit-log')).toBe(true);
  });
});
