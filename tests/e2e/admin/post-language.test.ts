import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { useBrowserSuite } from '../helpers/fixture';
import { api, expectToast, signedInContext } from './admin-helpers';

// Issue 15 point 6 in the back office: the editor's "Langue" select (anglais for a new post)
// saves the post's language; the list shows it as a badge on every post and filters by it.

// Pictures only when E2E_SCREENSHOT_DIR names a folder: full-page PNGs nobody opens cost the suite CPU.
const SHOTS = process.env.E2E_SCREENSHOT_DIR;

interface Post {
  id: number;
  slug: string;
  language: string;
  published: boolean;
}

describe('back office: the language of a post', () => {
  const { server, browser, tokens } = useBrowserSuite({ accounts: true });
  const errors: string[] = [];
  afterAll(async () => {
    expect(errors).toEqual([]);
  });

  const open = async (viewport: { width: number; height: number }, url: string): Promise<Page> => {
    const ctx = await signedInContext(browser, tokens.staff, viewport);
    const page = await ctx.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(server.url + url);
    return page;
  };
  const posts = () => api<Post[]>(server, 'GET', '/api/blog-posts', undefined, tokens.staff);

  for (const [width, height] of [
    [375, 800],
    [1280, 900],
  ] as const) {
    it(`saves the language chosen in the editor, and lists it (${width} px)`, async () => {
      const page = await open({ width, height }, '/admin/blog/new');
      const select = page.locator('#post-language');
      await select.waitFor();
      // A new post is English until another language is chosen.
      await expect(select.textContent()).resolves.toBe('Anglais');
      const slug = `article-russe-${width}`;
      await page.getByLabel('Titre', { exact: true }).fill(`Article russe ${width}`);
      await page.getByRole('tabpanel').locator('textarea').fill('Текст статьи.');
      await page.locator('#post-category').click();
      await page.getByRole('option').first().click();
      await select.click();
      await page.getByRole('option', { name: 'Russe' }).click();
      await expect(select.textContent()).resolves.toBe('Russe');
      await page.getByText("Adresse de l'article : /ru/blog/slug").waitFor();
      await page.getByRole('switch', { name: 'Publier immédiatement' }).click();
      await page.locator('#post-language').scrollIntoViewIfNeeded();
      if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `post-editor-language-${width}.png`), fullPage: width === 1280 });
      await page.getByRole('button', { name: 'Enregistrer' }).click();
      await expectToast(page, 'Article créé');
      await page.waitForURL(/\/admin\/blog\/edit\/\d+$/);

      const saved = (await posts()).find((p) => p.slug === slug)!;
      expect(saved.language).toBe('ru');
      // The reloaded editor shows the stored language.
      await page.reload();
      await expect(page.locator('#post-language').textContent()).resolves.toBe('Russe');
      // The public Russian blog lists it.
      const ru = await (await fetch(`${server.url}/api/blog-posts?published=true&language=ru`)).json();
      expect(ru.map((p: Post) => p.slug)).toContain(slug);

      // The list: a badge on every post, English ones included; the filter keeps Russian ones.
      await page.goto(`${server.url}/admin/blog`);
      const card = page.getByTestId('blog-card').filter({ hasText: `Article russe ${width}` });
      await expect(card.getByTestId('language-badge').textContent()).resolves.toBe('Langue : russe');
      const cards = page.getByTestId('blog-card');
      await cards.first().waitFor();
      expect(await cards.count()).toBe(await cards.getByTestId('language-badge').count());
      // On a phone the filter is folded behind "Filtres" (issue 46) and shows as a chip once chosen.
      if (width < 768) await page.getByRole('button', { name: /^Filtres/ }).click();
      await page.getByRole('combobox', { name: 'Filtrer par langue' }).click();
      await page.getByRole('option', { name: 'Russe' }).click();
      await page.waitForURL(/langue=ru/);
      if (width < 768) {
        await page.getByRole('dialog', { name: 'Filtres' }).getByRole('button', { name: 'Voir la liste' }).click();
        await expect(page.getByRole('list', { name: 'Filtres actifs' }).textContent()).resolves.toBe('Russe');
      }
      await expect.poll(async () => (await cards.allTextContents()).every((t) => t.includes('russe'))).toBe(true);
      await expect.poll(() => cards.count()).toBe((await posts()).filter((p) => p.language === 'ru').length);
      if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `post-list-language-${width}.png`), fullPage: width === 1280 });
      await expect(page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).resolves.toBe(true);
      // The public link opens the post on the Russian blog.
      await expect(card.getByRole('link', { name: /Voir l'article/ }).getAttribute('href')).resolves.toBe(`/ru/blog/${slug}`);
      await page.context().close();
    });
  }
});
