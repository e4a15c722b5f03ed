import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { gotoReady, scriptsLoaded, scrollToBottom, useSite } from './site-helpers';

// An article arrives with its body rendered by the server; the browser reuses that HTML instead of
// downloading the Markdown renderer (react-markdown + remark-gfm) to render it again. The renderer
// loads only for a post the page has no HTML for: a client-side navigation to another article.

interface Post {
  slug: string;
  title: string;
}

/** The built file of the Markdown renderer's chunk, from Vite's manifest (its name changes with every build). */
function markdownChunk(): string {
  const file = path.resolve('dist/client/.vite/manifest.json');
  if (!fs.existsSync(file)) throw new Error('dist/client/.vite/manifest.json is missing: run `npm run build` first.');
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, { file: string; name?: string; src?: string }>;
  const entry = Object.values(manifest).find((c) => c.src === 'src/web/features/blog/markdown-body.tsx' || c.name === 'markdown-body');
  if (!entry) throw new Error('no chunk for src/web/features/blog/markdown-body.tsx in the build manifest');
  return `/${entry.file}`;
}

const POSTS = {
  en: { title: 'Footwork drills for the ring', slug: 'footwork-drills-for-the-ring', words: 'Step, pivot, and step again' },
  ru: { title: 'Работа ног на ринге', slug: 'rabota-nog-na-ringe', words: 'Шаг, разворот и снова шаг' },
} as const;

const markdown = (words: string, image: string) =>
  [
    '# Warm-up',
    '',
    `${words}: ten rounds of two minutes. See [the federation's rules](https://example.org/rules) and [our timetable](/booking).`,
    '',
    `![Footwork on the pads](${image})`,
    '',
    '- first drill',
    '- second drill',
    '',
    '| Round | Drill |',
    '| --- | --- |',
    '| 1 | Pivots |',
  ].join('\n');

describe('article bodies reuse the server-rendered HTML', () => {
  const site = useSite();
  let chunk: string;
  let demo: Post[];

  beforeAll(async () => {
    chunk = markdownChunk();
    demo = (await site.api<Post[]>('/api/blog-posts?published=true&language=en')).body;
    // An image the site itself serves (same origin, allowed by the CSP).
    const image = '/og-image.png';
    const token = await site.adminToken();
    const category = (await site.api<{ id: number }[]>('/api/blog-categories')).body[0];
    for (const [language, post] of Object.entries(POSTS)) {
      const res = await site.api('/api/blog-posts', {
        method: 'POST',
        token,
        body: {
          title: post.title,
          slug: post.slug,
          excerpt: null,
          content: markdown(post.words, image),
          featuredImage: null,
          metaTitle: null,
          metaDescription: null,
          categoryId: category.id,
          published: true,
          language,
        },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
  });

  /** A page at 375 px that also collects console errors (React logs hydration problems there). */
  /** The body's text as the server renders it for a page opened directly. */
  async function serverBodyText(path: string) {
    const { page, close } = await site.open(375);
    await gotoReady(page, site.url(path));
    const text = await page.getByTestId('article-body').textContent();
    await close();
    expect(text!.length).toBeGreaterThan(100);
    return text;
  }

  async function open() {
    const opened = await site.open(375);
    opened.page.on('console', (m) => {
      if (m.type() === 'error' || (m.type() === 'warning' && /hydrat/i.test(m.text()))) opened.errors.push(`console: ${m.text()}`);
    });
    return opened;
  }

  for (const [language, prefix] of [
    ['en', ''],
    ['ru', '/ru'],
  ] as const) {
    it(`${prefix}/blog/<slug> at 375 px: the body shows, and the Markdown renderer is never downloaded (${language})`, async () => {
      const post = POSTS[language];
      const { page, errors, close } = await open();
      // Counts changes inside the body from the server's HTML on: hydration must leave it as it is.
      await page.addInitScript(() => {
        const w = window as unknown as { bodyMutations: number };
        w.bodyMutations = 0;
        document.addEventListener('DOMContentLoaded', () => {
          const body = document.querySelector('[data-testid="article-body"]');
          if (body) new MutationObserver((list) => (w.bodyMutations += list.length)).observe(body, { childList: true, subtree: true, characterData: true });
        });
      });
      await gotoReady(page, site.url(`${prefix}/blog/${post.slug}`));
      await scrollToBottom(page);
      await page.waitForLoadState('networkidle');

      const body = page.getByTestId('article-body');
      await expect(body.locator('p').first().textContent()).resolves.toContain(post.words);
      // The renderer's choices hold: the Markdown h1 is an h2, external links open a new tab, images are lazy.
      await expect(body.locator('h2').textContent()).resolves.toBe('Warm-up');
      const external = body.getByRole('link', { name: "the federation's rules" });
      expect(await external.isVisible()).toBe(true);
      await expect(external.getAttribute('target')).resolves.toBe('_blank');
      await expect(external.getAttribute('rel')).resolves.toBe('noopener noreferrer nofollow');
      await expect(body.getByRole('link', { name: 'our timetable' }).getAttribute('target')).resolves.toBeNull();
      const image = body.getByRole('img', { name: 'Footwork on the pads' });
      await image.scrollIntoViewIfNeeded();
      await expect(image.getAttribute('loading')).resolves.toBe('lazy');
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      expect(await image.isVisible()).toBe(true);
      await expect(body.locator('table td').allTextContents()).resolves.toEqual(['1', 'Pivots']);

      const scripts = await scriptsLoaded(page);
      const list = scripts.map((s) => `${s.bytes} B ${s.url}`).join('\n');
      expect(scripts.length, list).toBeGreaterThan(0);
      expect(
        scripts.map((s) => s.url),
        list,
      ).not.toContain(chunk);
      await expect(page.locator(`link[rel="modulepreload"][href="${chunk}"]`).count()).resolves.toBe(0);
      await expect(page.evaluate(() => (window as unknown as { bodyMutations: number }).bodyMutations)).resolves.toBe(0);
      expect(errors).toEqual([]);
      await close();
    });
  }

  it("an article reached from the blog list is a page load: the server's HTML, and the renderer never loads", async () => {
    const { page, errors, close } = await open();
    await gotoReady(page, site.url('/blog'));
    expect((await scriptsLoaded(page)).map((s) => s.url)).not.toContain(chunk);
    const link = page.locator(`[data-testid="post-list"] h2 a[href="/blog/${demo[0].slug}"]`);
    await link.click();
    await page.waitForURL(site.url(`/blog/${demo[0].slug}`));
    await page.waitForSelector('html[data-hydrated="true"]');
    await expect(page.locator('h1').textContent()).resolves.toBe(demo[0].title);
    await expect(page.getByTestId('article-body').textContent()).resolves.toBe(await serverBodyText(`/blog/${demo[0].slug}`));
    expect((await scriptsLoaded(page)).map((s) => s.url)).not.toContain(chunk);
    // Back to the list and forward again: each page as the server sent it.
    await page.goBack();
    await page.waitForURL(site.url('/blog'));
    await page.goForward();
    await expect.poll(() => page.locator('h1').textContent()).toBe(demo[0].title);
    await expect(page.getByTestId('article-body').textContent()).resolves.toBe(await serverBodyText(`/blog/${demo[0].slug}`));
    expect(errors).toEqual([]);
    await close();
  });
});
