import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowserSuite } from '../helpers/fixture';
import { axeViolations, signedInContext, STAFF_NAME, trackErrors } from './admin-helpers';

// The back office on a phone (issue 46, point 4): the menu grouped under five headings, every
// entry visible at 1280 × 800 without scrolling, and at 375 px a bar at the thumb with a "Menu"
// that reaches every entry; Paramètres in pages, each without sideways scroll, its save bar above
// the menu bar; a form dialog takes the whole phone screen; no word of ours broken mid-word.

const SHOTS = process.env.E2E_SCREENSHOT_DIR;
const PHONE = { width: 375, height: 800 };
const DESKTOP = { width: 1280, height: 800 };
const GROUPS = ["Aujourd'hui", 'Ventes', 'Clients', 'Contenu', 'Réglages'];
// SPEC.md's entries and those added since, each with its address (an admin sees all 19).
const ENTRIES: [string, string][] = [
  ['Tableau de bord', '/admin/dashboard'],
  ['Réservations', '/admin/reservations'],
  ['Planning', '/admin/planning'],
  ['Arrivées', '/admin/arrivals'],
  ['Cours privés', '/admin/cours-prives'],
  ['Commandes', '/admin/orders'],
  ['Visas', '/admin/visas'],
  ['Hébergement', '/admin/stays'],
  ['Clients', '/admin/clients'],
  ['Messages', '/admin/messages'],
  ['Newsletter', '/admin/newsletter'],
  ['Données personnelles', '/admin/personal-data'],
  ['Blog', '/admin/blog'],
  ['Galerie', '/admin/gallery'],
  ['Entraîneurs', '/admin/trainers'],
  ['Utilisateurs', '/admin/users'],
  ['Journal', '/admin/journal'],
  ['Paramètres', '/admin/settings'],
  ['Mon compte', '/admin/account'],
];
const SETTINGS_PAGES = [
  ['Général', 'general'],
  ['Tarifs et paiements', 'tarifs'],
  ['Cours privés', 'cours-prives'],
  ['Mentions légales et visas', 'mentions-legales'],
  ['Séjours et transferts', 'sejours'],
  ['Décharge et santé', 'decharge'],
  ['Avis', 'avis'],
  ['Textes et images', 'textes'],
  ['Traductions', 'traductions'],
  ['Historique', 'historique'],
] as const;

const entryName = (label: string) => new RegExp(`^${label}( \\d+ .*)?$`);

async function sideways(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** Words of ours broken across two lines: a word whose text has more than one line box. */
async function brokenWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    for (const el of document.querySelectorAll('th, label, legend, button, [role="tab"], nav a, h1, h2, h3')) {
      if (!(el instanceof HTMLElement) || el.offsetParent === null) continue;
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const m of text.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, m.index);
          range.setEnd(node, m.index + m[0].length);
          const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
          if (lines.size > 1) out.push(`${el.tagName.toLowerCase()}: ${m[0]}`);
        }
      }
    }
    return out;
  });
}

describe('back office on a phone: the menu, Paramètres in pages, dialogs', () => {
  const { server, browser, tokens } = useBrowserSuite({ accounts: true });

  it('1280 × 800: five headings, all 19 entries and the sign-out visible without scrolling', async () => {
    const ctx = await signedInContext(browser, tokens.admin, DESKTOP);
    const page = await ctx.newPage();
    const errors = trackErrors(page);
    await page.goto(server.url + '/admin/dashboard');
    const nav = page.getByRole('navigation', { name: "Menu d'administration" });
    await nav.getByRole('link', { name: entryName('Paramètres') }).waitFor();
    for (const group of GROUPS) await nav.getByRole('list', { name: group }).getByRole('link').first().waitFor();
    await expect(nav.getByRole('link').count()).resolves.toBe(ENTRIES.length);
    for (const [label] of ENTRIES) {
      const box = await nav.getByRole('link', { name: entryName(label) }).boundingBox();
      expect(box, label).not.toBeNull();
      expect(box!.y + box!.height, label).toBeLessThanOrEqual(DESKTOP.height);
    }
    const out = await page.getByRole('button', { name: 'Déconnexion' }).boundingBox();
    expect(out!.y + out!.height).toBeLessThanOrEqual(DESKTOP.height);
    // Nothing hidden in the menu's own scroll either.
    await expect(nav.evaluate((el) => el.scrollHeight - el.clientHeight)).resolves.toBeLessThanOrEqual(0);
    if (SHOTS) await page.screenshot({ path: path.join(SHOTS, 'admin-menu-1280.png') });
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('375 px: the bar at the bottom, and "Menu" reaches every entry', async () => {
    const ctx = await signedInContext(browser, tokens.admin, PHONE);
    const page = await ctx.newPage();
    const errors = trackErrors(page);
    await page.goto(server.url + '/admin/dashboard');
    const bar = page.getByRole('navigation', { name: 'Raccourcis' });
    const menu = page.getByRole('button', { name: 'Ouvrir le menu' });
    await menu.waitFor();
    // At the thumb: the bar sits on the bottom edge of the screen.
    const barBox = (await bar.boundingBox())!;
    expect(Math.round(barBox.y + barBox.height)).toBe(PHONE.height);
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    expect(await brokenWords(page)).toEqual([]);
    await bar.getByRole('link', { name: entryName('Réservations') }).click();
    await page.waitForURL('**/admin/reservations');

    await menu.click();
    const drawer = page.getByRole('dialog', { name: 'Admin Panel' });
    await drawer.waitFor();
    for (const group of GROUPS) await drawer.getByRole('list', { name: group }).getByRole('link').first().waitFor();
    await expect(drawer.getByRole('link').count()).resolves.toBe(ENTRIES.length);
    expect(await axeViolations(page)).toEqual([]);
    if (SHOTS) await page.screenshot({ path: path.join(SHOTS, 'admin-menu-375.png') });
    for (const [label, address] of ENTRIES) {
      if (!(await drawer.isVisible())) {
        await menu.click();
        await drawer.waitFor();
      }
      await drawer.getByRole('link', { name: entryName(label) }).click();
      await page.waitForURL(`**${address}`);
      await drawer.waitFor({ state: 'detached' });
    }
    // Closed, the focus goes back to "Menu".
    await menu.click();
    await drawer.waitFor();
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    await expect(menu.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('375 px: staff see no admin entry; their Réglages hold Mon compte only', async () => {
    const ctx = await signedInContext(browser, tokens.staff, PHONE);
    const page = await ctx.newPage();
    await page.goto(server.url + '/admin/dashboard');
    await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Admin Panel' });
    await drawer.getByRole('link', { name: 'Mon compte' }).waitFor();
    for (const admin of ['Hébergement', 'Entraîneurs', 'Utilisateurs', 'Journal', 'Paramètres']) {
      expect(await drawer.getByRole('link', { name: admin }).count(), admin).toBe(0);
    }
    await expect(drawer.getByRole('link').count()).resolves.toBe(ENTRIES.length - 5);
    await ctx.close();
  });

  it('375 px: each page of Paramètres fits the width, its save bar above the menu bar; an old anchor finds its page', async () => {
    const ctx = await signedInContext(browser, tokens.admin, PHONE);
    const page = await ctx.newPage();
    const errors = trackErrors(page);
    await page.goto(server.url + '/admin/settings');
    const index = page.getByRole('navigation', { name: 'Sections des paramètres' });
    await index.getByRole('link').first().waitFor();
    await expect(index.getByRole('link').count()).resolves.toBe(SETTINGS_PAGES.length);
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    expect(await brokenWords(page)).toEqual([]);
    const barTop = (await page.getByRole('navigation', { name: 'Raccourcis' }).boundingBox())!.y;
    for (const [name, slug] of SETTINGS_PAGES) {
      await page.goto(`${server.url}/admin/settings/${slug}`);
      await page.getByRole('heading', { name, level: 1 }).waitFor();
      if (slug === 'historique') await page.getByTestId('settings-history-entry').first().waitFor();
      else {
        const save = page.getByRole('button', { name: 'Enregistrer', exact: true });
        await save.waitFor();
        // The sticky save bar is never under the menu bar.
        const box = (await save.boundingBox())!;
        expect(box.y + box.height, slug).toBeLessThanOrEqual(barTop);
      }
      expect(await sideways(page), slug).toBeLessThanOrEqual(0);
      expect(await brokenWords(page), slug).toEqual([]);
      if (SHOTS && slug === 'general') await page.screenshot({ path: path.join(SHOTS, 'admin-settings-general-375.png') });
    }
    // An address from before the pages: the section's anchor leads to its page, the section in view.
    await page.goto(server.url + '/admin/settings#lettre-visa');
    await page.waitForURL('**/admin/settings/mentions-legales#lettre-visa');
    await page.getByRole('heading', { name: 'Lettre de visa', level: 2 }).waitFor();
    await expect.poll(() => page.locator('#lettre-visa').evaluate((el) => Math.round(el.getBoundingClientRect().top))).toBeLessThan(PHONE.height / 2);
    // A page that does not exist: the index.
    await page.goto(server.url + '/admin/settings/nothing');
    await page.waitForURL('**/admin/settings');
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('1280 px: a page of Paramètres with the other pages one click away', async () => {
    const ctx = await signedInContext(browser, tokens.admin, DESKTOP);
    const page = await ctx.newPage();
    await page.goto(server.url + '/admin/settings/general');
    await page.getByLabel('Numéro WhatsApp').waitFor();
    const pages = page.getByRole('main').getByRole('navigation', { name: 'Sections des paramètres' });
    await pages.getByRole('link', { name: 'Tarifs et paiements' }).click();
    await page.waitForURL('**/admin/settings/tarifs');
    await page.getByRole('heading', { name: 'Tarifs', level: 2 }).waitFor();
    expect(await page.getByLabel('Numéro WhatsApp').count()).toBe(0);
    if (SHOTS) await page.screenshot({ path: path.join(SHOTS, 'admin-settings-tarifs-1280.png') });
    await ctx.close();
  });

  it('375 px: a form dialog takes the whole screen, a confirmation is a sheet at the bottom', async () => {
    const ctx = await signedInContext(browser, tokens.admin, PHONE);
    const page = await ctx.newPage();
    await page.goto(server.url + '/admin/users');
    await page.getByRole('button', { name: 'Nouvel utilisateur' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nouvel utilisateur' });
    await dialog.waitFor();
    await expect(dialog.boundingBox()).resolves.toEqual({ x: 0, y: 0, width: PHONE.width, height: PHONE.height });
    expect(await brokenWords(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Fermer' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page
      .getByTestId('user-card')
      .filter({ hasText: STAFF_NAME })
      .getByRole('button', { name: /^Supprimer/ })
      .click();
    const confirm = page.getByRole('alertdialog');
    await confirm.waitFor();
    const sheet = (await confirm.boundingBox())!;
    expect({ x: sheet.x, width: sheet.width, bottom: Math.round(sheet.y + sheet.height) }).toEqual({ x: 0, width: PHONE.width, bottom: PHONE.height });
    await confirm.getByRole('button', { name: 'Annuler' }).click();
    await confirm.waitFor({ state: 'detached' });
    // Same at 1280: a card in the middle, as before.
    await page.setViewportSize(DESKTOP);
    await page.getByRole('button', { name: 'Nouvel utilisateur' }).click();
    await dialog.waitFor();
    const card = (await dialog.boundingBox())!;
    expect(card.width).toBeLessThan(DESKTOP.width / 2);
    expect(card.y).toBeGreaterThan(0);
    await ctx.close();
  });
});
