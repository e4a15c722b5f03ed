import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingPayload } from '../../helpers/factories';
import { useBrowserSuite } from '../helpers/fixture';
import { api, axeViolations, expectToast, readDownload, signedInContext, trackErrors } from './admin-helpers';

// Issue 13, point 3 ("Undo and bulk"), on a phone as staff and on a desktop as admin: the toast's
// "Annuler" after an archive and a gallery delete, unarchive, mark unread (badges follow), and
// multi-select with one request per bulk action (archive, delete after one confirmation,
// export of exactly the selected rows).

// Pictures only when E2E_SCREENSHOT_DIR names a folder: full-page PNGs nobody opens cost the suite CPU.
const SHOTS = process.env.E2E_SCREENSHOT_DIR;
const RUNS = [
  { name: 'phone', role: 'staff', viewport: { width: 375, height: 800 } },
  { name: 'desktop', role: 'admin', viewport: { width: 1280, height: 900 } },
] as const;

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

interface Booking {
  id: number;
  name: string;
  status: string;
}

describe('back office: undo and bulk actions', () => {
  const { server, browser, tokens } = useBrowserSuite({ accounts: true });
  const errors: string[] = [];

  afterAll(async () => {
    expect(errors).toEqual([]);
  });

  /** A request by appointment (no seat), then put in the given status through the API. */
  async function book(name: string, status: 'unread' | 'read' | 'archived' = 'unread'): Promise<Booking> {
    const dateTime = new Date(Date.now() + 20 * 86_400_000).toISOString();
    const r = await api<Booking>(
      server,
      'POST',
      '/api/reservations',
      bookingPayload({ name, email: `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`, course: 'Private Training', dateTime }),
    );
    if (status !== 'unread') await api(server, 'PUT', `/api/reservations/${r.id}/read`, undefined, tokens.admin);
    if (status === 'archived') await api(server, 'PUT', `/api/reservations/${r.id}/archive`, undefined, tokens.admin);
    return r;
  }
  const bookingById = async (id: number) => (await api<Booking[]>(server, 'GET', '/api/reservations', undefined, tokens.admin)).find((r) => r.id === id);
  const unreadCount = async () =>
    (await api<{ counts: { unread: number } }>(server, 'GET', '/api/reservations?pageSize=1', undefined, tokens.admin)).counts.unread;

  /** The menu badge's number (0 when it is not shown); on a phone the drawer is opened and closed. */
  async function menuBadge(page: Page, phone: boolean, testId: string): Promise<number> {
    if (phone) {
      await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
      await page.getByRole('dialog', { name: 'Admin Panel' }).waitFor();
    }
    const badge = page.getByRole('navigation', { name: "Menu d'administration" }).getByTestId(testId);
    // Read without waiting: the badge may go away between a count and a read (it is removed at 0).
    const [text] = await badge.allInnerTexts();
    const n = text === undefined ? 0 : Number(text);
    if (phone) {
      await page.getByRole('button', { name: 'Fermer le menu' }).click();
      await page.getByRole('dialog', { name: 'Admin Panel' }).waitFor({ state: 'detached' });
    }
    return n;
  }

  async function waitForBadge(page: Page, phone: boolean, testId: string, expected: number) {
    for (let i = 0; i < 50; i++) {
      if ((await menuBadge(page, phone, testId)) === expected) return;
      await page.waitForTimeout(200);
    }
    expect(await menuBadge(page, phone, testId)).toBe(expected);
  }

  /**
   * On a phone the toast lies over the bottom menu bar, "Annuler" under the thumb: whatever the
   * scroll, it covers no control of the screen (what scrolls under the bar is hidden by it anyway).
   */
  async function expectToastClear(page: Page) {
    const toast = page.locator('.admin-toast').first();
    await toast.waitFor();
    const t = (await toast.boundingBox())!;
    const bar = (await page.getByRole('navigation', { name: 'Raccourcis' }).boundingBox())!;
    expect(t.y, 'the toast starts within the bottom bar').toBeGreaterThanOrEqual(bar.y - 0.5);
    const controls = page.locator('main button:visible, main a:visible, main input:visible');
    const under: string[] = [];
    for (let i = 0; i < (await controls.count()); i++) {
      const b = await controls.nth(i).boundingBox();
      // Above the bar's top edge only: what scrolled under the bar is hidden by it anyway.
      const shown = b && { ...b, height: Math.min(b.y + b.height, bar.y) - b.y };
      if (shown && shown.width > 0 && shown.height > 0 && overlaps(t, shown))
        under.push((await controls.nth(i).getAttribute('aria-label')) ?? (await controls.nth(i).innerText()));
    }
    expect(under, 'controls under the toast').toEqual([]);
  }

  const rowOf = (page: Page, phone: boolean, name: string): Locator =>
    phone ? page.getByTestId('reservation-card').filter({ hasText: name }) : page.getByTestId('reservation-row').filter({ hasText: name });

  for (const run of RUNS) {
    describe(`${run.name} (${run.viewport.width} px) as ${run.role}`, () => {
      const phone = run.name === 'phone';
      let page: Page;
      const tag = run.name === 'phone' ? 'P' : 'D';

      beforeAll(async () => {
        const ctx = await signedInContext(browser, tokens[run.role], run.viewport);
        page = await ctx.newPage();
        errors.push(...trackErrors(page));
      });
      afterAll(() => page?.context().close());

      it('archive, then "Annuler" in the toast, puts the booking back exactly as it was', async () => {
        const b = await book(`Undo ${tag} Archive`);
        await page.goto(`${server.url}/admin/reservations?q=${encodeURIComponent(b.name)}`);
        const row = rowOf(page, phone, b.name);
        await row.waitFor();
        await row.getByRole('button', { name: `Archiver la réservation de ${b.name}` }).click();
        await expectToast(page, 'Réservation archivée');
        expect((await bookingById(b.id))?.status).toBe('archived');
        const undo = page.locator('.admin-toast').getByRole('button', { name: 'Annuler' });
        await undo.waitFor();
        if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `undo-archive-${run.name}.png`) });
        if (phone) await expectToastClear(page);
        expect(await axeViolations(page), 'toast with its action').toEqual([]);
        // Keyboard: F8 moves to the toasts, Tab reaches the action, Enter presses it.
        await page.keyboard.press('F8');
        let focused = false;
        for (let i = 0; i < 4 && !focused; i++) {
          focused = await undo.evaluate((el) => el === document.activeElement);
          if (!focused) await page.keyboard.press('Tab');
        }
        expect(focused, 'the toast action is reachable with the keyboard').toBe(true);
        await page.keyboard.press('Enter');
        await expectToast(page, 'Archivage annulé');
        expect((await bookingById(b.id))?.status).toBe('unread');
        await row.waitFor();
      });

      it('an archived booking is unarchived from the list', async () => {
        const b = await book(`Undo ${tag} Unarchive`, 'archived');
        await page.goto(`${server.url}/admin/reservations?archivees=1&q=${encodeURIComponent(b.name)}`);
        const row = rowOf(page, phone, b.name);
        await row.getByText('Archivée').waitFor();
        await row.getByRole('button', { name: `Désarchiver la réservation de ${b.name}` }).click();
        await expectToast(page, 'Réservation désarchivée');
        expect((await bookingById(b.id))?.status).toBe('read');
        await row.getByText('Lue', { exact: true }).waitFor();
      });

      it('a read booking marked unread counts in the menu badge again', async () => {
        const b = await book(`Undo ${tag} Unread`, 'read');
        await page.goto(`${server.url}/admin/reservations?q=${encodeURIComponent(b.name)}`);
        const row = rowOf(page, phone, b.name);
        await row.waitFor();
        const before = await unreadCount();
        await waitForBadge(page, phone, 'unread-badge', before);
        await row.getByRole('button', { name: `Marquer comme non lue la réservation de ${b.name}` }).click();
        await expectToast(page, 'Réservation marquée comme non lue');
        expect((await bookingById(b.id))?.status).toBe('unread');
        await waitForBadge(page, phone, 'unread-badge', before + 1);
        await row.getByText('Non lue', { exact: true }).waitFor();
      });

      it('three rows selected: export gives exactly them, bulk archive is one request, bulk delete one confirmation and one request', async () => {
        const picked = [await book(`Lot ${tag} Alpha`), await book(`Lot ${tag} Bravo`), await book(`Lot ${tag} Charlie`)];
        const other = await book(`Lot ${tag} Delta`);
        const requests: string[] = [];
        const listen = (r: { method(): string; url(): string }) => {
          if (r.url().includes('/api/reservations') && r.method() !== 'GET') requests.push(`${r.method()} ${new URL(r.url()).pathname}`);
        };
        page.on('request', listen);
        try {
          await page.goto(`${server.url}/admin/reservations?q=${encodeURIComponent(`Lot ${tag}`)}`);
          await rowOf(page, phone, other.name).waitFor();
          for (const b of picked) await page.getByRole('checkbox', { name: `Sélectionner la réservation de ${b.name}` }).check();
          const bar = page.getByRole('region', { name: 'Actions sur la sélection' });
          await bar.getByText('3 réservations sélectionnées').waitFor();
          if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `bulk-bar-${run.name}.png`) });
          expect(await axeViolations(page), 'list with a selection').toEqual([]);

          const csv = await readDownload(page, () => bar.getByRole('button', { name: 'Exporter la sélection' }).click());
          expect(csv.name).toMatch(/^reservations-\d{4}-\d{2}-\d{2}\.csv$/);
          const lines = csv.text
            .replace(/^\uFEFF/, '')
            .trim()
            .split(/\r?\n/);
          expect(lines[0]).toBe('"Nom";"Email";"Téléphone";"Cours";"Date et heure";"Message";"Statut";"Date de création";"Langue"');
          expect(
            lines
              .slice(1)
              .map((l) => l.split(';')[0])
              .sort(),
          ).toEqual(picked.map((b) => `"${b.name}"`).sort());

          await bar.getByRole('button', { name: 'Archiver' }).click();
          await expectToast(page, '3 réservations archivées');
          for (const b of picked) expect((await bookingById(b.id))?.status).toBe('archived');
          expect((await bookingById(other.id))?.status).toBe('unread');
          expect(requests).toEqual(['POST /api/reservations/bulk/archive']);
          // Archived rows leave the list; the selection went with them.
          for (const b of picked) await rowOf(page, phone, b.name).waitFor({ state: 'detached' });
          expect(await bar.count()).toBe(0);

          // Shown again with the archived ones, selected again (the page's select-all, then Delta unticked), deleted.
          // (On a phone the switch is among the filters folded behind "Filtres", issue 46.)
          if (phone) await page.getByRole('button', { name: /^Filtres/ }).click();
          await page.getByRole('switch').click();
          if (phone) await page.getByRole('dialog', { name: 'Filtres' }).getByRole('button', { name: /^Voir/ }).click();
          for (const b of picked) await rowOf(page, phone, b.name).waitFor();
          await page.getByRole('checkbox', { name: 'Sélectionner toutes les réservations de la page' }).check();
          await page.getByRole('checkbox', { name: `Sélectionner la réservation de ${other.name}` }).uncheck();
          await bar.getByText('3 réservations sélectionnées').waitFor();
          requests.length = 0;
          await bar.getByRole('button', { name: 'Supprimer' }).click();
          const dialog = page.getByRole('alertdialog');
          await dialog.getByText('3 réservations sélectionnées seront supprimées définitivement').waitFor();
          if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `bulk-delete-dialog-${run.name}.png`) });
          expect(requests, 'nothing is deleted before the confirmation').toEqual([]);
          await dialog.getByRole('button', { name: 'Supprimer 3 réservations' }).click();
          await expectToast(page, '3 réservations supprimées');
          expect(requests).toEqual(['POST /api/reservations/bulk/delete']);
          for (const b of picked) expect(await bookingById(b.id)).toBeUndefined();
          expect((await bookingById(other.id))?.status).toBe('unread');
          await rowOf(page, phone, other.name).waitFor();
        } finally {
          page.off('request', listen);
        }
      });

      it('gallery delete, then "Annuler", restores the image (listed and still served)', async () => {
        const items = await api<{ id: number; title: string; imageUrl: string }[]>(server, 'GET', '/api/gallery');
        const item = items[run.name === 'phone' ? 0 : 1];
        await page.goto(`${server.url}/admin/gallery`);
        const del = page.getByRole('button', { name: `Supprimer ${item.title}` });
        await del.click();
        await expectToast(page, 'Image supprimée');
        expect((await api<{ id: number }[]>(server, 'GET', '/api/gallery')).some((i) => i.id === item.id)).toBe(false);
        if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `undo-gallery-${run.name}.png`) });
        if (phone) await expectToastClear(page);
        await page.locator('.admin-toast').getByRole('button', { name: 'Annuler' }).click();
        await expectToast(page, 'image restaurée');
        const after = await api<{ id: number; title: string; imageUrl: string }[]>(server, 'GET', '/api/gallery');
        expect(after.find((i) => i.id === item.id)).toEqual(item);
        expect((await fetch(server.url + item.imageUrl)).status).toBe(200);
        await page.getByRole('button', { name: `Supprimer ${item.title}` }).waitFor();
      });

      it('a conversation marked unread counts in the Messages badge; the selection is marked read in one request', async () => {
        const sent = await api<{ conversationId: number }>(server, 'POST', '/api/contact', {
          name: `Client ${tag}`,
          email: `client.${tag.toLowerCase()}@example.com`,
          subject: 'Gloves',
          message: 'Do you rent gloves?',
        });
        // Every conversation read first, so the badge starts at 0.
        const all = await api<{ id: number }[]>(server, 'GET', '/api/conversations', undefined, tokens.admin);
        for (const c of all) await api(server, 'PUT', `/api/conversations/${c.id}/mark-read`, undefined, tokens.admin);
        await page.goto(`${server.url}/admin/messages?q=${encodeURIComponent(`Client ${tag}`)}`);
        await waitForBadge(page, phone, 'unread-conversations-badge', 0);
        await page.getByRole('button', { name: `Mark the conversation with Client ${tag} as unread` }).click();
        await expectToast(page, 'Marked as unread');
        await waitForBadge(page, phone, 'unread-conversations-badge', 1);
        await page.getByTestId('conversation-row').getByText('1 unread').waitFor();

        await page.getByRole('checkbox', { name: `Select the conversation with Client ${tag}` }).check();
        const bar = page.getByRole('region', { name: 'Selection actions' });
        await bar.getByText('1 conversation selected').waitFor();
        if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `conversations-selection-${run.name}.png`) });
        expect(await axeViolations(page), 'conversations with a selection').toEqual([]);
        await bar.getByRole('button', { name: 'Mark as read' }).click();
        await expectToast(page, '1 conversation marked as read');
        await waitForBadge(page, phone, 'unread-conversations-badge', 0);
        const one = await api<{ unreadCount: number }>(server, 'GET', `/api/conversations/${sent.conversationId}`, undefined, tokens.admin);
        expect(one.unreadCount).toBe(0);

        // The conversation screen offers it too, beside "Mark all as read".
        await page.goto(`${server.url}/admin/messages/${sent.conversationId}`);
        await page.getByRole('button', { name: 'Mark as unread' }).click();
        await expectToast(page, 'Marked as unread');
        await waitForBadge(page, phone, 'unread-conversations-badge', 1);
        await page.getByRole('button', { name: 'Mark all as read' }).click();
        await waitForBadge(page, phone, 'unread-conversations-badge', 0);
      });

      it('subscribers: the selection is exported and deleted after one confirmation', async () => {
        const ids: number[] = [];
        for (const email of [`a.${tag}@example.com`, `b.${tag}@example.com`, `c.${tag}@example.com`]) {
          const row = await server.app.ctx.db
            .insertInto('newsletter_subscribers')
            .values({
              email: email.toLowerCase(),
              name: null,
              is_active: 1,
              unsubscribe_token: `t-${email}`,
              subscribed_at: new Date().toISOString(),
              confirmed_at: new Date().toISOString(),
              confirm_token_hash: null,
              confirm_sent_at: null,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          ids.push(row.id);
        }
        await page.goto(`${server.url}/admin/newsletter?q=${encodeURIComponent(`.${tag.toLowerCase()}@example.com`)}`);
        await page.getByTestId('subscriber-row').nth(2).waitFor();
        await page.getByRole('checkbox', { name: `Sélectionner l'abonné a.${tag.toLowerCase()}@example.com` }).check();
        await page.getByRole('checkbox', { name: `Sélectionner l'abonné b.${tag.toLowerCase()}@example.com` }).check();
        const bar = page.getByRole('region', { name: 'Actions sur la sélection' });
        await bar.getByText('2 abonnés sélectionnés').waitFor();
        if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `subscribers-selection-${run.name}.png`) });
        expect(await axeViolations(page), 'subscribers with a selection').toEqual([]);
        const csv = await readDownload(page, () => bar.getByRole('button', { name: 'Exporter la sélection' }).click());
        expect(csv.name).toBe('newsletter-subscribers.csv');
        const lines = csv.text
          .replace(/^\uFEFF/, '')
          .trim()
          .split(/\r?\n/);
        expect(lines[0]).toBe(`"Email";"Nom";"Statut";"Date d'inscription";"Langue"`);
        expect(lines.slice(1).map((l) => l.split(';')[0])).toEqual([`"a.${tag.toLowerCase()}@example.com"`, `"b.${tag.toLowerCase()}@example.com"`].sort());
        await bar.getByRole('button', { name: 'Supprimer' }).click();
        await page.getByRole('alertdialog').getByRole('button', { name: 'Supprimer 2 abonnés' }).click();
        await expectToast(page, '2 abonnés supprimés');
        const left = await api<{ id: number }[]>(server, 'GET', '/api/newsletter-subscribers', undefined, tokens.admin);
        expect(ids.filter((id) => left.some((s) => s.id === id))).toEqual([ids[2]]);
      });
    });
  }
});
