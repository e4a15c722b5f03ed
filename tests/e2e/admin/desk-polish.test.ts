import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { bookingPayload } from '../../helpers/factories';
import { useBrowserSuite, WIDTHS } from '../helpers/fixture';
import { STAFF_EMAIL, STAFF_NAME, STAFF_PASSWORD, api, axeViolations, expectToast, loginToken, signedInContext, trackErrors } from './admin-helpers';

// Issue 13, points 4 and 6 at the desk: saved replies, the Messages badge, the contact card's
// link, and the polish (titles, skip link, icon buttons' names and tooltips, French messages,
// the slug error on its field, one's own power button, dashboard tiles, the reply toast, the
// booking dialog's buttons on a phone), on a phone and a desktop, as staff and as admin.

// Pictures only when E2E_SCREENSHOT_DIR names a folder: full-page PNGs nobody opens cost the suite CPU.
const SHOTS = process.env.E2E_SCREENSHOT_DIR;
type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function box(l: Locator): Promise<Box> {
  const b = await l.boundingBox();
  if (!b) throw new Error('not visible');
  return b;
}

async function expectNoAxe(page: Page, where: string) {
  expect(await axeViolations(page), where).toEqual([]);
}

async function openMenu(page: Page, phone: boolean) {
  if (phone) {
    await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
    await page.getByRole('dialog', { name: 'Admin Panel' }).waitFor();
  }
  return page.getByRole('navigation', { name: "Menu d'administration" });
}

/** The admin's Tooltip.Provider delayDuration. */
const TOOLTIP_DELAY_MS = 700;

/** Hovers an icon-only control and waits for a tooltip that says its accessible name (the page's clock installed). */
async function expectTooltip(page: Page, control: Locator) {
  const name = await control.getAttribute('aria-label');
  expect(name, 'an icon-only control has an accessible name').toBeTruthy();
  await control.hover();
  // The tooltips open after the provider's 700 ms delay; the page's clock (installed by the
  // test) jumps over it instead of the suite waiting for it.
  await page.clock.fastForward(TOOLTIP_DELAY_MS);
  await page.getByRole('tooltip', { name: name! }).first().waitFor({ timeout: 5_000 });
  await page.keyboard.press('Escape');
  await page.mouse.move(0, 0);
}

/** Every visible button or link of the page showing only an icon (an svg, no text), with its name and markup. */
async function iconOnlyControls(page: Page): Promise<{ control: Locator; label: string | null; html: string }[]> {
  const all = page.locator('main button:visible, main a:visible, header button:visible');
  // One call into the page for all of them (a round trip per control and property added up to seconds).
  const facts = await all.evaluateAll((els) =>
    els.map((el) => ({
      iconOnly: (el as HTMLElement).innerText.trim() === '' && el.querySelector('svg') !== null,
      label: el.getAttribute('aria-label'),
      html: el.outerHTML.slice(0, 120),
    })),
  );
  return facts.flatMap((f, i) => (f.iconOnly ? [{ control: all.nth(i), label: f.label, html: f.html }] : []));
}

describe('back office: answering faster and polish', () => {
  const { server, browser, tokens } = useBrowserSuite({ accounts: true });
  const errors: string[] = [];
  afterAll(async () => {
    expect(errors).toEqual([]);
  });

  for (const w of WIDTHS) {
    const phone = w.name === 'phone';

    it(`${w.name}: staff manage saved replies and insert one in a reply; the menu counts unread conversations; a contact card opens its conversation`, async () => {
      // A fresh conversation, unread; the badge counts every conversation with unread messages.
      const subject = `Gloves question ${w.name}`;
      const { conversationId } = await api<{ conversationId: number }>(server, 'POST', '/api/contact', {
        name: `Polish ${w.name}`,
        email: `polish-${w.name}@example.com`,
        subject,
        message: 'Do you rent gloves?',
      });
      const conversations = await api<{ unreadCount: number }[]>(server, 'GET', '/api/conversations', undefined, tokens.staff);
      const unread = conversations.filter((c) => c.unreadCount > 0).length;
      expect(unread).toBeGreaterThan(0);

      const ctx = await signedInContext(browser, tokens.staff, w.viewport);
      const page = await ctx.newPage();
      trackErrors(page).forEach((e) => errors.push(e));
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(server.url + '/admin/dashboard');
      const nav = await openMenu(page, phone);
      const messagesLink = nav.getByRole('link', { name: new RegExp(`^Messages ${unread} conversations? non lues?$`) });
      await messagesLink.waitFor();
      await expect(nav.getByTestId('unread-conversations-badge').textContent()).resolves.toBe(String(unread));
      if (phone) await page.keyboard.press('Escape');

      // The contact tab's card links to the conversation the message opened.
      await page.goto(server.url + '/admin/newsletter');
      await page.getByRole('tab', { name: /Messages Contact/ }).click();
      const card = page.getByTestId('contact-card').filter({ hasText: subject });
      await card.getByRole('link', { name: 'Répondre dans la conversation' }).click();
      await page.waitForURL(`**/admin/messages/${conversationId}`);
      await expectNoAxe(page, `conversation @${w.name}`);

      // Manage: the seeded three, then add, edit and delete one.
      await page.getByRole('link', { name: 'Gérer les réponses enregistrées' }).click();
      await page.waitForURL('**/admin/saved-replies');
      await page.getByRole('heading', { name: 'Réponses enregistrées', level: 1 }).waitFor();
      const cards = page.getByTestId('saved-reply-card');
      for (const title of ['Prices', 'How to find us', 'What to bring']) await cards.filter({ hasText: title }).first().waitFor();
      const title = `Visa ${w.name}`;
      await page.getByRole('button', { name: 'Nouvelle réponse' }).first().click();
      let dialog = page.getByRole('dialog', { name: 'Nouvelle réponse' });
      await dialog.getByRole('button', { name: 'Ajouter' }).click();
      await dialog.getByText('Le titre est requis').waitFor();
      await dialog.getByLabel('Titre').fill(title);
      await dialog.getByLabel('Texte').fill('We can write a letter for your visa.');
      await dialog.getByRole('button', { name: 'Ajouter' }).click();
      await expectToast(page, 'Réponse ajoutée');
      await cards.filter({ hasText: title }).waitFor();
      await expectNoAxe(page, `saved replies @${w.name}`);
      if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `saved-replies-${w.name}.png`), fullPage: true });

      await cards
        .filter({ hasText: title })
        .getByRole('button', { name: `Modifier la réponse ${title}` })
        .click();
      dialog = page.getByRole('dialog', { name: 'Modifier la réponse' });
      await dialog.getByLabel('Texte').fill('We can write a letter for your visa extension.');
      await dialog.getByRole('button', { name: 'Enregistrer' }).click();
      await expectToast(page, 'Réponse mise à jour');
      await cards.filter({ hasText: title }).getByText('visa extension').waitFor();
      const stored = await api<{ title: string; content: string }[]>(server, 'GET', '/api/saved-replies', undefined, tokens.staff);
      expect(stored.find((r) => r.title === title)?.content).toBe('We can write a letter for your visa extension.');

      const throwaway = `Old ${w.name}`;
      await api(server, 'POST', '/api/saved-replies', { title: throwaway, content: 'Outdated' }, tokens.staff);
      await page.reload();
      await cards
        .filter({ hasText: throwaway })
        .getByRole('button', { name: `Supprimer la réponse ${throwaway}` })
        .click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Supprimer' }).click();
      await expectToast(page, 'Réponse supprimée');
      await cards.filter({ hasText: throwaway }).waitFor({ state: 'detached' });

      // Insert into the reply box at the caret, then send: the e-mail carries the text.
      await page.goto(server.url + `/admin/messages/${conversationId}`);
      const replyBox = page.getByLabel('Reply', { exact: true });
      await replyBox.fill('Hello! ');
      await page.getByRole('combobox', { name: 'Insérer une réponse enregistrée' }).click();
      await page.getByRole('option', { name: 'What to bring' }).click();
      await expect(replyBox.inputValue()).resolves.toMatch(/^Hello! For your class, please bring:\n- Water\n/);
      await replyBox.press('End');
      await page.getByRole('combobox', { name: 'Insérer une réponse enregistrée' }).click();
      await page.getByRole('option', { name: title }).click();
      await expect(replyBox.inputValue()).resolves.toMatch(/rented at the gym\n\nWe can write a letter for your visa extension\.$/);
      const send = page.getByRole('button', { name: 'Send reply' });
      await send.click();
      // The toast never covers the Send button.
      const toast = page.locator('.admin-toast').filter({ hasText: 'Reply sent!' });
      await toast.waitFor();
      const [toastBox, sendBox] = [await box(toast), await box(send)];
      expect(overlaps(toastBox, sendBox), JSON.stringify({ toastBox, sendBox })).toBe(false);
      if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `reply-toast-${w.name}.png`) });
      const messages = await api<{ senderType: string; content: string }[]>(
        server,
        'GET',
        `/api/conversations/${conversationId}/messages`,
        undefined,
        tokens.staff,
      );
      expect(messages.at(-1)?.content).toContain('For your class, please bring:');
      await ctx.close();
    });

    it(`${w.name}: every screen has its own French title and a skip link to its content`, async () => {
      const screens: [string, string][] = [
        ['/admin/dashboard', 'Tableau de bord'],
        ['/admin/blog', 'Blog'],
        ['/admin/blog/new', 'Nouvel article'],
        ['/admin/categories', 'Catégories'],
        ['/admin/gallery', 'Galerie'],
        ['/admin/reservations', 'Réservations'],
        ['/admin/planning', 'Planning'],
        ['/admin/messages', 'Messages'],
        ['/admin/saved-replies', 'Réponses enregistrées'],
        ['/admin/users', 'Utilisateurs'],
        ['/admin/newsletter', 'Newsletter'],
        ['/admin/account', 'Mon compte'],
        ['/admin/personal-data', 'Données personnelles'],
        ['/admin/journal', 'Journal'],
        ['/admin/settings', 'Paramètres'],
      ];
      // One session walks every screen, moving on as soon as the title shows (calls of the page
      // being left are cut off; that must not sign the next one out).
      const ctx = await signedInContext(browser, tokens.admin, w.viewport);
      const page = await ctx.newPage();
      page.on('pageerror', (e) => errors.push(e.message));
      for (const [url, title] of screens) {
        await page.goto(server.url + url);
        await expect.poll(() => page.title(), { timeout: 10_000 }).toBe(`${title} — Administration`);
      }
      await page.goto(server.url + '/admin/dashboard');
      // A route change inside the app changes it too.
      const nav = await openMenu(page, phone);
      await nav.getByRole('link', { name: 'Tableau de bord' }).click();
      await page.waitForFunction(() => document.title === 'Tableau de bord — Administration');

      // The first Tab reaches the skip link; following it puts focus on the content.
      await page.reload();
      await page.getByRole('heading', { name: 'Tableau de bord', level: 1 }).waitFor();
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: 'Aller au contenu' });
      await expect(skip.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
      const skipBox = await box(skip);
      expect(skipBox.width).toBeGreaterThan(20);
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => document.activeElement?.id === 'admin-main');
      await page.keyboard.press('Tab');
      // The next stop is inside the content, not the menu.
      await expect(page.evaluate(() => document.activeElement?.closest('#admin-main') !== null)).resolves.toBe(true);

      // Signed out: the login screen has its title too.
      await page.evaluate(() => localStorage.removeItem('token'));
      await page.goto(server.url + '/admin/login');
      await page.waitForFunction(() => document.title === 'Connexion — Administration');
      await ctx.close();
    });

    it(`${w.name}: icon-only buttons have a name and a tooltip; one's own power button is disabled`, async () => {
      const ctx = await signedInContext(browser, tokens.admin, w.viewport);
      const page = await ctx.newPage();
      // Time runs as usual; expectTooltip moves it on over the hover delay.
      await page.clock.install();
      page.on('pageerror', (e) => errors.push(e.message));
      // Since issue 46 a phone has no top bar (its menu button, icon-only, was one of these), so a
      // screen may have none at 375 px; the walk as a whole must find some.
      let found = 0;
      for (const url of ['/admin/users', '/admin/blog', '/admin/reservations', '/admin/saved-replies', '/admin/gallery']) {
        await page.goto(server.url + url);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await page.waitForLoadState('networkidle');
        const controls = await iconOnlyControls(page);
        if (!phone) expect(controls.length, url).toBeGreaterThan(0);
        found += controls.length;
        // Names for all; the tooltip for the first few enabled ones (hovering each takes time).
        let hovered = 0;
        for (const { control: c, label, html } of controls) {
          expect(label, `${url}: ${html}`).toBeTruthy();
          if (hovered < 4 && (await c.isEnabled())) {
            await expectTooltip(page, c);
            hovered += 1;
          }
        }
      }
      expect(found).toBeGreaterThan(0);

      await page.goto(server.url + '/admin/users');
      const me = page.getByTestId('user-card').filter({ hasText: '(Vous)' });
      const power = me.getByRole('button', { name: /^Désactiver/ });
      await expect(power.isDisabled()).resolves.toBe(true);
      await expect(me.getByRole('button', { name: /^Supprimer/ }).count()).resolves.toBe(0);
      await expect(power.evaluate((el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent)).resolves.toBe(
        'Vous ne pouvez pas désactiver votre propre compte',
      );
      const other = page.getByTestId('user-card').filter({ hasText: STAFF_NAME });
      await expect(other.getByRole('button', { name: `Désactiver ${STAFF_NAME}` }).isEnabled()).resolves.toBe(true);
      await expectNoAxe(page, `users @${w.name}`);
      if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `users-${w.name}.png`), fullPage: true });

      // The phone's menu buttons.
      if (phone) {
        await expectTooltip(page, page.getByRole('button', { name: 'Ouvrir le menu' }));
        await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
        await expectTooltip(page, page.getByRole('button', { name: 'Fermer le menu' }));
      }
      await ctx.close();
    });

    it(`${w.name}: French messages (drop zone, expired session), WebP named, a taken slug shown on the Slug field`, async () => {
      const ctx = await signedInContext(browser, tokens.staff, w.viewport);
      const page = await ctx.newPage();
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(server.url + '/admin/gallery');
      const zone = page.getByTestId('gallery-dropzone');
      await zone.getByText('JPG, PNG, GIF ou WebP, 10 Mo maximum').waitFor();
      await zone.locator('input[type=file]').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
      await expectToast(page, 'Type de fichier refusé : JPG, PNG, GIF ou WebP uniquement');
      await expect(page.getByText('File type must be').count()).resolves.toBe(0);
      await zone.locator('input[type=file]').setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(11 * 1024 * 1024) });
      await expectToast(page, 'Fichier trop volumineux : 10 Mo maximum');
      await expectNoAxe(page, `gallery @${w.name}`);

      // A taken slug: the server's 409 is shown on the Slug field, which gets the focus.
      const posts = await api<{ id: number; slug: string }[]>(server, 'GET', '/api/blog-posts', undefined, tokens.staff);
      expect(posts.length).toBeGreaterThan(1);
      const [a, b] = posts;
      await page.goto(server.url + `/admin/blog/edit/${a.id}`);
      const slug = page.getByLabel('Slug', { exact: true });
      await expect(slug.inputValue()).resolves.toBe(a.slug);
      await slug.fill(b.slug);
      await page.getByRole('button', { name: 'Enregistrer' }).click();
      await page.locator('#post-slug-error').getByText('Un article avec ce slug existe déjà').waitFor();
      await expect(slug.getAttribute('aria-invalid')).resolves.toBe('true');
      await expect(slug.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
      const after = await api<{ id: number; slug: string }[]>(server, 'GET', '/api/blog-posts', undefined, tokens.staff);
      expect(after.find((p) => p.id === a.id)?.slug).toBe(a.slug);
      await expectNoAxe(page, `blog editor @${w.name}`);
      if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `slug-error-${w.name}.png`) });

      // The session ends elsewhere: the next action is answered in French, then the login screen.
      // A second session of the staff account, ended from outside the page.
      const other = await loginToken(server, STAFF_EMAIL, STAFF_PASSWORD);
      await page.evaluate((t) => localStorage.setItem('token', t), other);
      await page.goto(server.url + '/admin/categories');
      await page.getByRole('heading', { name: 'Catégories', level: 1 }).waitFor();
      await api(server, 'POST', '/api/auth/logout', undefined, other);
      await page.getByRole('button', { name: 'Nouvelle catégorie' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Nouvelle catégorie' });
      await dialog.getByLabel('Nom').fill(`Expired ${w.name}`);
      await dialog.getByRole('button', { name: 'Créer' }).click();
      await expectToast(page, 'Votre session a expiré : reconnectez-vous.');
      await expect(page.getByText('Authentication required').count()).resolves.toBe(0);
      await page.waitForURL('**/admin/login');
      await ctx.close();
    });

    it(`${w.name}: dashboard tiles two per row on a phone; the booking dialog's Supprimer comes last, not widest`, async () => {
      await api(
        server,
        'POST',
        '/api/reservations',
        bookingPayload({
          name: `Dialog ${w.name}`,
          email: `dialog-${w.name}@example.com`,
          phone: '+66 81 555 0199',
          course: 'Wrestling',
          message: 'First time',
        }),
      );
      const ctx = await signedInContext(browser, tokens.staff, w.viewport);
      const page = await ctx.newPage();
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(server.url + '/admin/dashboard');
      const tiles = page.getByTestId('dashboard-tile');
      await tiles.first().waitFor();
      expect(await tiles.count()).toBe(6);
      const boxes = await Promise.all((await tiles.all()).map(box));
      const perRow = boxes.filter((b) => Math.abs(b.y - boxes[0].y) < 2).length;
      expect(perRow).toBe(phone ? 2 : 3);
      for (const b of boxes) expect(b.x + b.width).toBeLessThanOrEqual(w.viewport.width);
      await expectNoAxe(page, `dashboard @${w.name}`);
      if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `dashboard-${w.name}.png`), fullPage: true });

      await page.goto(server.url + '/admin/reservations');
      await page
        .getByRole('button', { name: `Voir la réservation de Dialog ${w.name}` })
        .filter({ visible: true })
        .first()
        .click();
      const actions = page.getByTestId('reservation-actions');
      await actions.waitFor();
      const buttons = actions.getByRole('button');
      const labels = (await buttons.allInnerTexts()).map((t) => t.trim());
      expect(labels[0]).not.toBe('Supprimer');
      expect(labels.at(-1)).toBe('Supprimer');
      const del = await box(actions.getByRole('button', { name: 'Supprimer' }));
      const widest = Math.max(...(await Promise.all((await buttons.all()).map(async (btn) => (await box(btn)).width))));
      if (phone) expect(del.width).toBeLessThan(widest);
      // Supprimer is not above the others on a phone (nor left of them on a desktop).
      const first = await box(buttons.first());
      expect(phone ? del.y > first.y : del.x > first.x).toBe(true);
      await expectNoAxe(page, `reservation dialog @${w.name}`);
      if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `reservation-dialog-${w.name}.png`) });
      await ctx.close();
    });
  }
});
