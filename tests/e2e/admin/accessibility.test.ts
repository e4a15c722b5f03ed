import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { bookingPayload } from '../../helpers/factories';
import { useBrowserSuite } from '../helpers/fixture';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../helpers/server';
import { api, axeViolations, signedInContext, trackErrors } from './admin-helpers';

const SCREENS: { path: string; heading: string; adminOnly?: boolean }[] = [
  { path: 'dashboard', heading: 'Tableau de bord' },
  { path: 'blog', heading: 'Blog' },
  { path: 'blog/new', heading: 'Nouvel article' },
  { path: 'categories', heading: 'Catégories' },
  { path: 'gallery', heading: 'Galerie' },
  { path: 'users', heading: 'Utilisateurs', adminOnly: true },
  { path: 'newsletter', heading: 'Newsletter & Contact' },
  { path: 'messages', heading: 'Messages' },
  { path: 'reservations', heading: 'Réservations' },
  { path: 'planning', heading: 'Planning' },
  { path: 'personal-data', heading: 'Données personnelles' },
  { path: 'journal', heading: 'Journal', adminOnly: true },
  { path: 'settings', heading: 'Paramètres', adminOnly: true },
  { path: 'arrivals', heading: 'Arrivées' },
  { path: 'stays', heading: 'Hébergement', adminOnly: true },
];

describe('back office: every screen for both roles, axe-core, keyboard, code splitting', () => {
  const { server, browser, tokens } = useBrowserSuite({ accounts: true });

  beforeAll(async () => {
    // Something on every screen: a reservation, a contact message (and its conversation), a subscriber.
    await api(server, 'POST', '/api/reservations', bookingPayload({ name: 'Axe Tester', email: 'axe@example.com', phone: '+66 1', message: 'Hello there' }));
    await api(server, 'POST', '/api/contact', { name: 'Axe Contact', email: 'axec@example.com', subject: 'Hi', message: 'A question' });
    await api(server, 'POST', '/api/newsletter-subscribers', { email: 'axe-sub@example.com', isActive: true });
    await api(
      server,
      'POST',
      '/api/gallery/instagram',
      {
        title: 'Insta',
        description: null,
        category: 'events',
        instagramUrl: 'https://www.instagram.com/p/Abc123/',
        imageUrl: 'https://www.instagram.com/p/Abc123/',
        filename: '',
      },
      tokens.admin,
    );
  });

  async function check(page: Page, label: string) {
    const violations = await axeViolations(page);
    expect(violations, label).toEqual([]);
  }

  for (const role of ['staff', 'admin'] as const) {
    it(`${role}: every screen renders at 1280 and 375 px with no serious or critical axe violation`, async () => {
      const ctx = await signedInContext(browser, role === 'admin' ? tokens.admin : tokens.staff);
      const page = await ctx.newPage();
      const errors = trackErrors(page);
      await page.goto(`${server.url}/admin/dashboard`);
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: 850 });
        for (const screen of SCREENS) {
          // In-app navigation (the router follows popstate): no reload of the bundle per screen.
          await page.evaluate((p) => {
            history.pushState({}, '', p);
            dispatchEvent(new PopStateEvent('popstate'));
          }, `/admin/${screen.path}`);
          if (screen.adminOnly && role === 'staff') {
            await page.waitForURL('**/admin/dashboard');
            continue;
          }
          await page.getByRole('heading', { level: 1, name: screen.heading, exact: true }).waitFor();
          // Lists loaded: no spinner left.
          await page.waitForFunction(() => !document.querySelector('.animate-spin'));
          await check(page, `${role} ${screen.path} @${width}`);
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          expect(overflow, `${screen.path} @${width} scrolls sideways`).toBeLessThanOrEqual(0);
        }
      }
      // A conversation detail (English).
      const conversations = await api<{ id: number }[]>(server, 'GET', '/api/conversations', undefined, tokens.staff);
      await page.goto(`${server.url}/admin/messages/${conversations[0].id}`);
      await page.getByRole('heading', { name: 'Axe Contact' }).waitFor();
      await check(page, `${role} conversation`);
      expect(errors).toEqual([]);
      await ctx.close();
    });
  }

  it('the conversation screen does not scroll sideways with a very long e-mail address, at 375 and 1280 px', async () => {
    // No hyphen: a hyphen is a line-break opportunity, dots and letters are not.
    const email = 'averyverylongmailboxnameforgroupbookings2025@anextremelylongsubdomainofatravelagency.example.com';
    await api(server, 'POST', '/api/contact', { name: 'Longmail Customer', email, subject: 'Group booking', message: 'We are twelve.' });
    const list = await api<{ id: number; userEmail: string }[]>(server, 'GET', '/api/conversations', undefined, tokens.staff);
    const id = list.find((c) => c.userEmail === email)!.id;
    const ctx = await signedInContext(browser, tokens.staff, { width: 375, height: 800 });
    const page = await ctx.newPage();
    await page.goto(`${server.url}/admin/messages/${id}`);
    await page.getByRole('heading', { level: 1, name: 'Longmail Customer' }).waitFor();
    // The note under the reply box names the address.
    await expect(page.locator('#reply-note').textContent()).resolves.toContain(email);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `conversation @${width} scrolls sideways`).toBeLessThanOrEqual(0);
      // The note stays inside its card.
      const fits = await page.evaluate(() => {
        const note = document.querySelector('#reply-note')!;
        const card = note.closest('form')!.parentElement!;
        return note.getBoundingClientRect().right <= card.getBoundingClientRect().right;
      });
      expect(fits, `reply note inside its card @${width}`).toBe(true);
      await check(page, `long e-mail conversation @${width}`);
    }
    // The list keeps to the screen too.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`${server.url}/admin/messages`);
    await page.getByTestId('conversation-row').filter({ hasText: 'Longmail Customer' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await ctx.close();
  });

  it('not-found screens have a level-1 heading', async () => {
    const ctx = await signedInContext(browser, tokens.staff);
    const page = await ctx.newPage();
    await page.goto(`${server.url}/admin/messages/999999`);
    await page.getByRole('heading', { level: 1, name: 'Conversation not found' }).waitFor();
    await check(page, 'conversation not found');
    await page.goto(`${server.url}/admin/blog/edit/999999`);
    await page.getByRole('heading', { level: 1, name: 'Article introuvable' }).waitFor();
    await check(page, 'article not found');
    await ctx.close();
  });

  it('dialogs, drawer and login page pass axe too', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 850 } });
    await page.goto(server.url + '/admin/login');
    await page.getByRole('button', { name: 'Se connecter' }).waitFor();
    await check(page, 'login');
    await page.close();

    const ctx = await signedInContext(browser, tokens.admin);
    const admin = await ctx.newPage();
    await admin.goto(server.url + '/admin/gallery');
    await admin.getByRole('button', { name: 'Ajouter une image' }).click();
    await admin.getByRole('dialog').waitFor();
    await check(admin, 'add image dialog');
    await admin.keyboard.press('Escape');
    await admin.goto(server.url + '/admin/users');
    await admin.getByRole('button', { name: 'Nouvel utilisateur' }).click();
    await admin.getByRole('dialog').waitFor();
    await check(admin, 'new user dialog');
    await admin.keyboard.press('Escape');
    await admin.goto(server.url + '/admin/reservations');
    await admin.getByRole('button', { name: 'Voir la réservation de Axe Tester' }).click();
    await admin.getByRole('dialog').waitFor();
    await check(admin, 'reservation dialog');
    await admin.keyboard.press('Escape');
    await admin.setViewportSize({ width: 375, height: 800 });
    await admin.getByRole('button', { name: 'Ouvrir le menu' }).click();
    await admin.getByRole('dialog', { name: 'Admin Panel' }).waitFor();
    await check(admin, 'drawer');
    await ctx.close();
  });

  it('works from the keyboard: sign in, open and close a dialog, focus returns', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 850 } });
    await page.goto(server.url + '/admin/login');
    await page.getByLabel('Email').waitFor();
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('login-email');
    await page.keyboard.type(ADMIN_EMAIL);
    await page.keyboard.press('Tab');
    await page.keyboard.type(ADMIN_PASSWORD);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/admin/dashboard');

    await page.goto(server.url + '/admin/categories');
    const button = page.getByRole('button', { name: 'Nouvelle catégorie' }).first();
    await button.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Nouvelle catégorie' });
    await dialog.waitFor();
    // Focus is trapped in the dialog, on its first field.
    await expect(page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null)).resolves.toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect(button.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await page.close();
  });

  it('loads no back-office code on public pages', async () => {
    const page = await browser.newPage();
    const requested: string[] = [];
    page.on('request', (r) => requested.push(r.url()));
    await page.goto(server.url + '/');
    await page.waitForLoadState('networkidle');
    expect(requested.filter((u) => /admin/i.test(u))).toEqual([]);
    requested.length = 0;
    await page.goto(server.url + '/admin/login');
    await page.getByRole('button', { name: 'Se connecter' }).waitFor();
    expect(requested.some((u) => /\/assets\/admin-app-[^/]+\.js$/.test(u))).toBe(true);
    expect(requested.some((u) => /\/assets\/admin-app-[^/]+\.css$/.test(u))).toBe(true);
    await page.close();
  });
});
