import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { gotoReady, useSite } from './site-helpers';

// Issue 15 point 6: a post has a language. /ru/blog lists the Russian posts, a language without
// any (German here) lists the English ones and says so, the landing teaser follows the list, and
// an article renders in its own language whatever the page's, its words marked with their lang.

interface Post {
  id: number;
  slug: string;
  title: string;
  language: string;
}

const RUSSIAN = {
  title: 'Как держать клинч в тайском боксе',
  slug: 'klinch-v-taiskom-bokse',
  excerpt: 'Три упражнения, чтобы контролировать соперника в клинче.',
  content: '## Основы\n\nДержите локти близко, а голову — выше головы соперника. Тренируйтесь по десять минут в конце каждой тренировки.',
};

describe('blog posts in their languages', () => {
  const site = useSite();
  let english: Post[];
  let category: { id: number; name: string };

  beforeAll(async () => {
    const token = await site.adminToken();
    category = (await site.api<{ id: number; name: string }[]>('/api/blog-categories')).body[0];
    const res = await site.api<Post>('/api/blog-posts', {
      method: 'POST',
      token,
      body: { ...RUSSIAN, featuredImage: null, metaTitle: null, metaDescription: null, categoryId: category.id, published: true, language: 'ru' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.language).toBe('ru');
    english = (await site.api<Post[]>('/api/blog-posts?published=true&language=en')).body;
    expect(english.length).toBeGreaterThan(3);
    expect(english.map((p) => p.slug)).not.toContain(RUSSIAN.slug);
  });

  const cardTitles = (page: import('playwright-core').Page, list: string) => page.locator(`[data-testid="${list}"] :is(h2, h3)`).allTextContents();

  it('/ru/blog lists the Russian post only, on the server and after hydration, at 375 px', async () => {
    const html = await (await fetch(site.url('/ru/blog'))).text();
    expect(html).toContain(RUSSIAN.title);
    expect(html).toContain(`href="/ru/blog/${RUSSIAN.slug}"`);
    for (const p of english) expect(html).not.toContain(`/blog/${p.slug}"`);

    const { page, errors, close } = await site.open(375);
    await gotoReady(page, site.url('/ru/blog'));
    await expect(cardTitles(page, 'post-list')).resolves.toEqual([RUSSIAN.title]);
    // The post speaks the page's language: no lang of its own, and no note about English posts.
    await expect(page.locator('[data-testid="post-list"] [lang]').count()).resolves.toBe(0);
    await expect(page.getByTestId('blog-other-language').count()).resolves.toBe(0);
    // Only the categories this blog has posts in.
    await expect(page.getByRole('navigation', { name: 'Рубрики' }).getByRole('link').allTextContents()).resolves.toEqual(['Все', category.name]);
    await expect(page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).resolves.toBe(true);
    expect(errors).toEqual([]);
    await close();
  });

  it('/de/blog (no German post) lists the English posts, marked English, and says so', async () => {
    const { page, errors, close } = await site.open(375);
    await gotoReady(page, site.url('/de/blog'));
    await expect(cardTitles(page, 'post-list')).resolves.toEqual(english.slice(0, 6).map((p) => p.title));
    await expect(page.getByTestId('blog-other-language').textContent()).resolves.toBe('Noch keine Artikel auf Deutsch – hier sind unsere englischen Artikel.');
    await expect(page.locator('[data-testid="post-list"] h2 a').first().getAttribute('lang')).resolves.toBe('en');
    await expect(page.getByText(RUSSIAN.title).count()).resolves.toBe(0);
    // The English blog is unchanged: no Russian post, no note.
    await gotoReady(page, site.url('/blog'));
    await expect(cardTitles(page, 'post-list')).resolves.toEqual(english.slice(0, 6).map((p) => p.title));
    await expect(page.getByTestId('blog-other-language').count()).resolves.toBe(0);
    expect(errors).toEqual([]);
    await close();
  });

  it('the /ru/ landing teaser shows the Russian post, the English home page its own posts', async () => {
    const { page, errors, close } = await site.open(375);
    await gotoReady(page, site.url('/ru/'));
    await expect(cardTitles(page, 'blog-teaser')).resolves.toEqual([RUSSIAN.title]);
    await gotoReady(page, site.url('/'));
    await expect(cardTitles(page, 'blog-teaser')).resolves.toEqual(english.slice(0, 3).map((p) => p.title));
    expect(errors).toEqual([]);
    await close();
  });

  it('/ru/blog/{slug} renders the article; on a German page its words carry lang="ru"', async () => {
    const { page, errors, close } = await site.open(375);
    // Reached from the Russian list, client-side.
    await gotoReady(page, site.url('/ru/blog'));
    await page.getByRole('link', { name: RUSSIAN.title }).click();
    await page.waitForURL(site.url(`/ru/blog/${RUSSIAN.slug}`));
    await page.getByRole('heading', { level: 1, name: RUSSIAN.title }).waitFor();
    await page.getByTestId('article-body').getByRole('heading', { name: 'Основы' }).waitFor();
    await expect(page.getByTestId('article-body').getAttribute('lang')).resolves.toBeNull();

    const res = await gotoReady(page, site.url(`/de/blog/${RUSSIAN.slug}`));
    expect(res?.status()).toBe(200);
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('de');
    await expect(page.getByRole('heading', { level: 1 }).getAttribute('lang')).resolves.toBe('ru');
    await expect(page.getByTestId('article-body').getAttribute('lang')).resolves.toBe('ru');
    await expect(page.getByTestId('article-body').textContent()).resolves.toContain('Держите локти близко');
    // The page's own texts stay German.
    await expect(page.getByRole('link', { name: 'Zurück zum Blog' }).first().getAttribute('lang')).resolves.toBeNull();
    // The article's JSON-LD names the post's language, the page's head the page's.
    const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
    expect(ld.map((s) => (JSON.parse(s) as { inLanguage?: string }).inLanguage)).toContain('ru');
    expect(errors).toEqual([]);
    await close();
  });

  it('screenshots /ru/blog and /de/blog at 375 and 1280 px', async () => {
    const dir = process.env.SCREENSHOT_DIR;
    if (!dir) return;
    for (const width of [375, 1280]) {
      const { page, close } = await site.open(width);
      for (const lang of ['ru', 'de']) {
        await gotoReady(page, site.url(`/${lang}/blog`));
        await page.screenshot({ path: path.join(dir, `blog-${lang}-${width}.png`), fullPage: width === 375 ? false : true });
      }
      await close();
    }
  });
});
