import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useBrowserSuite, WIDTHS } from '../helpers/fixture';
import { api, signedInContext, trackErrors } from './admin-helpers';

// Issue 15 point 7 in the back office: each booking, conversation and subscriber shows the
// customer's language, in French ("russe"), at 375 and 1280 px; English ones carry no badge in
// the lists.

// Pictures only when E2E_SCREENSHOT_DIR names a folder: full-page PNGs nobody opens cost the suite CPU.
const SHOTS = process.env.E2E_SCREENSHOT_DIR;
describe('back office: the customer language', () => {
  const { server, browser, tokens } = useBrowserSuite({ accounts: true });
  let conversationId: number;
  const errors: string[] = [];

  beforeAll(async () => {
    const now = Date.now();
    const base = { phone: null, course: 'MMA Training', message: null, status: 'read' as const };
    await server.app.ctx.db
      .insertInto('reservations')
      .values([
        {
          ...base,
          name: 'Ivan Petrov',
          email: 'ivan@example.com',
          date_time: new Date(now + 86_400_000).toISOString(),
          created_at: new Date(now).toISOString(),
          language: 'ru',
        },
        {
          ...base,
          name: 'Emma English',
          email: 'emma@example.com',
          date_time: new Date(now + 2 * 86_400_000).toISOString(),
          created_at: new Date(now - 60_000).toISOString(),
          // Given: in one INSERT of several rows, a missing column is NULL, not its default.
          language: 'en',
        },
      ])
      .execute();
    conversationId = (
      await api<{ conversationId: number }>(server, 'POST', '/api/contact', {
        name: 'Claire Martin',
        email: 'claire@example.com',
        subject: 'Horaires',
        message: 'Bonjour !',
        language: 'fr',
      })
    ).conversationId;
    await api(server, 'POST', '/api/newsletter-subscribers', { email: 'somchai@example.com', language: 'th' });
  });
  afterAll(async () => {
    expect(errors).toEqual([]);
  });

  const open = async (viewport: { width: number; height: number }, url: string): Promise<Page> => {
    const ctx = await signedInContext(browser, tokens.staff, viewport);
    const page = await ctx.newPage();
    trackErrors(page).forEach((e) => errors.push(e));
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(server.url + url);
    return page;
  };

  for (const w of WIDTHS) {
    const phone = w.name === 'phone';

    it(`${w.name}: a Russian booking shows "russe" in the list and its dialog; an English one no badge`, async () => {
      const page = await open(w.viewport, '/admin/reservations');
      const rows = page.getByTestId(phone ? 'reservation-card' : 'reservation-row');
      const ivan = rows.filter({ hasText: 'Ivan Petrov' });
      await ivan.getByTestId('language-badge').waitFor();
      expect(await ivan.getByTestId('language-badge').textContent()).toBe('Langue : russe');
      expect(await ivan.getByTestId('language-badge').getAttribute('title')).toBe('Langue du client : russe');
      await rows.filter({ hasText: 'Emma English' }).waitFor();
      expect(await rows.filter({ hasText: 'Emma English' }).getByTestId('language-badge').count()).toBe(0);
      if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `languages-reservations-${w.name}.png`), fullPage: true });

      await page.getByRole('button', { name: 'Voir la réservation de Ivan Petrov' }).click();
      const detail = page.getByTestId('reservation-detail');
      await detail.waitFor();
      await expect.poll(() => detail.textContent()).toMatch(/Langue\s*russe/);
      if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `languages-reservation-dialog-${w.name}.png`) });
      // No overflow at either width.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    });

    it(`${w.name}: a French conversation shows "français" in the list and on its screen`, async () => {
      const page = await open(w.viewport, '/admin/messages');
      const item = page.getByRole('link').filter({ hasText: 'Claire Martin' });
      await item.getByTestId('language-badge').waitFor();
      expect(await item.getByTestId('language-badge').textContent()).toBe('Langue : français');
      await page.goto(`${server.url}/admin/messages/${conversationId}`);
      const badge = page.getByTestId('language-badge');
      await badge.waitFor();
      expect(await badge.textContent()).toBe('Langue : français');
      if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `languages-conversation-${w.name}.png`), fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    });

    it(`${w.name}: a Thai subscriber shows "thaï"`, async () => {
      const page = await open(w.viewport, '/admin/newsletter');
      const row = page.getByTestId('subscriber-row').filter({ hasText: 'somchai@example.com' });
      await row.getByTestId('language-badge').waitFor();
      expect(await row.getByTestId('language-badge').textContent()).toBe('Langue : thaï');
      // The badges leave the address its width (on a phone they take the next line).
      expect((await row.getByText('somchai@example.com').boundingBox())!.width).toBeGreaterThan(150);
      if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `languages-subscribers-${w.name}.png`), fullPage: true });
    });
  }
});
