import { describe, expect, it } from 'vitest';
import { gotoReady, useSite } from './site-helpers';

interface Post {
  id: number;
  slug: string;
  title: string;
  content: string;
  excerpt: string | null;
  publishedAt: string | null;
  createdAt: string;
  category: { name: string; slug: string } | null;
  author: { name: string } | null;
}

// Dates are printed in the gym's time zone, the server's GYM_TIMEZONE.
const enUS = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone }).format(new Date(iso));

describe('blog', () => {
  const site = useSite();
  const published = async () => (await site.api<Post[]>('/api/blog-posts?published=true')).body;

  it('teases the first 3 published posts on / with "View All Posts" to /blog', async () => {
    const posts = await published();
    const { page, close } = await site.open(1280);
    await gotoReady(page, site.url('/'));
    const titles = await page.locator('[data-testid="blog-teaser"] h3').allTextContents();
    expect(titles).toEqual(posts.slice(0, 3).map((p) => p.title));
    await page.getByRole('link', { name: 'View All Posts' }).click();
    await page.waitForURL(site.url('/blog'));
    await close();
  });

  it('lists 6 posts a page with pagination, filters by category, links back home', async () => {
    const posts = await published();
    expect(posts.length).toBeGreaterThan(6); // the demo content has enough for two pages
    const { page, errors, close } = await site.open(1280);
    await gotoReady(page, site.url('/blog'));
    const titles = () => page.locator('[data-testid="post-list"] h2').allTextContents();
    expect(await titles()).toEqual(posts.slice(0, 6).map((p) => p.title));
    await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Page 2' }).click();
    await page.waitForURL(site.url('/blog?page=2'));
    await expect.poll(titles).toEqual(posts.slice(6, 12).map((p) => p.title));
    await page.getByRole('link', { name: 'Previous page' }).click();
    await page.waitForURL(site.url('/blog'));
    await expect.poll(titles).toEqual(posts.slice(0, 6).map((p) => p.title));

    const category = posts.find((p) => p.category)!.category!;
    // Filters are plain links (a page load, server-rendered), marked as the current page.
    const categories = page.getByRole('navigation', { name: 'Categories' });
    await categories.getByRole('link', { name: category.name }).click();
    await page.waitForURL(site.url(`/blog?category=${category.slug}`));
    const inCategory = posts.filter((p) => p.category?.slug === category.slug).slice(0, 6);
    await expect.poll(titles).toEqual(inCategory.map((p) => p.title));
    await expect(categories.getByRole('link', { name: category.name }).getAttribute('aria-current')).resolves.toBe('page');
    await expect(categories.getByRole('link', { name: 'All', exact: true }).getAttribute('aria-current')).resolves.toBe(null);
    await categories.getByRole('link', { name: 'All', exact: true }).click();
    await page.waitForURL(site.url('/blog'));

    // A filtered, paginated URL renders on the server too.
    const html = await (await fetch(site.url(`/blog?category=${category.slug}`))).text();
    for (const p of inCategory) expect(html).toContain(`href="/blog/${p.slug}"`);
    for (const p of posts.filter((x) => x.category?.slug !== category.slug)) expect(html).not.toContain(`href="/blog/${p.slug}"`);

    await page.getByRole('link', { name: 'Back to Home' }).click();
    await page.waitForURL(site.url('/'));
    expect(errors).toEqual([]);
    await close();
  });

  it('shows an article: category, en-US date, reading time, title, excerpt, author, body, share buttons', async () => {
    const post = (await published())[1];
    const full = (await site.api<Post>(`/api/blog-posts/${post.slug}`)).body;
    const { page, errors, close } = await site.open(375);
    const res = await gotoReady(page, site.url(`/blog/${post.slug}`));
    expect(res?.status()).toBe(200);
    const article = page.locator('article');
    await expect(article.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(full.title);
    const text = (await article.textContent()) ?? '';
    expect(text).toContain(full.category!.name);
    expect(text).toContain(enUS(full.publishedAt ?? full.createdAt, site.server.config.timezone));
    expect(text).toContain(`${Math.ceil(full.content.length / 1000)} min read`);
    if (full.excerpt) expect(text).toContain(full.excerpt);
    expect(text).toContain(full.author!.name);
    await expect(page.getByTestId('article-body').locator('h2, p').count()).resolves.toBeGreaterThan(1);
    const share = page.getByTestId('share-buttons');
    const fb = await share.getByRole('link', { name: /Facebook/ }).getAttribute('href');
    expect(fb).toContain(encodeURIComponent(`/blog/${post.slug}`));
    await expect(share.getByRole('button', { name: 'Copy link' }).isVisible()).resolves.toBe(true);
    await page.getByRole('link', { name: 'Back to Blog' }).first().click();
    await page.waitForURL(site.url('/blog'));
    expect(errors).toEqual([]);
    await close();
  });

  it('shows the not-found state (status 404) for an unknown slug', async () => {
    const { page, close } = await site.open(1280);
    const res = await gotoReady(page, site.url('/blog/no-such-article'));
    expect(res?.status()).toBe(404);
    await expect(page.getByText('Article not found').first().isVisible()).resolves.toBe(true);
    await expect(page.getByText("The article you're looking for doesn't exist or has been deleted.").isVisible()).resolves.toBe(true);
    await page.getByRole('link', { name: 'Back to Blog' }).click();
    await page.waitForURL(site.url('/blog'));
    await close();
  });

  it('renders Markdown safely: a <script>, an onerror or a javascript: link in a post never runs', async () => {
    const token = await site.adminToken();
    const cats = await site.api<{ id: number }[]>('/api/blog-categories');
    const slug = `xss-check-${Date.now()}`;
    const content = [
      '## Safe heading',
      '',
      'Text before <script>window.__pwned = "script"</script> text after.',
      '',
      '<img src="/nope.png" onerror="window.__pwned = \'onerror\'">',
      '',
      '[click me](javascript:window.__pwned="link")',
      '',
      '<a href="#" onclick="window.__pwned=\'click\'">raw link</a>',
    ].join('\n');
    const created = await site.api('/api/blog-posts', {
      method: 'POST',
      token,
      body: {
        title: 'XSS check',
        slug,
        content,
        excerpt: 'Safety',
        featuredImage: null,
        metaTitle: null,
        metaDescription: null,
        categoryId: cats.body[0].id,
        published: true,
      },
    });
    expect(created.status).toBe(201);

    const { page, errors, close } = await site.open(1280);
    await gotoReady(page, site.url(`/blog/${slug}`));
    const body = page.getByTestId('article-body');
    await expect(body.getByRole('heading', { name: 'Safe heading' }).isVisible()).resolves.toBe(true);
    await expect(body.locator('script, img[onerror], [onclick]').count()).resolves.toBe(0);
    const link = body.getByText('click me');
    if (await link.count()) {
      const href = await link.getAttribute('href');
      expect(href ?? '').not.toMatch(/^javascript:/i);
      await link.click().catch(() => {});
    }
    await page.waitForTimeout(300);
    await expect(page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).resolves.toBeUndefined();
    // Nor in the server's HTML.
    const html = await (await fetch(site.url(`/blog/${slug}`))).text();
    expect(html).not.toContain('window.__pwned = "script"</script>');
    expect(html).not.toMatch(/<img[^>]*onerror/i);
    expect(errors).toEqual([]);
    await close();
  });
});
