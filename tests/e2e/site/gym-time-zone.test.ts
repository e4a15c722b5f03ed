import { beforeAll, describe, expect, it } from 'vitest';
import { api, loginToken } from '../helpers/accounts';
import { useBrowserSuite } from '../helpers/fixture';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../helpers/server';
import { gotoReady } from './site-helpers';

// The gym's time zone comes from the server's config (GYM_TIMEZONE), never from the browser's
// code: with Europe/Paris, a post published at 20:30 UTC on 4 March is dated 4 March (in
// Bangkok, or to a browser there, it is already 5 March).
// Yesterday at 20:30 UTC: in the past (scheduled posts show only from their date) and the newest
// post, so it is on the blog's first page. Its day in Paris and the next day, as the pages write them.
const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
const PUBLISHED_AT = `${yesterday}T20:30:00.000Z`;
const dayIn = (locale: string, offsetDays = 0) =>
  new Intl.DateTimeFormat(locale, { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' }).format(
    new Date(`${yesterday}T12:00:00Z`).getTime() + offsetDays * 86_400_000,
  );
const EN_DAY = dayIn('en-US');
const FR_DAY = dayIn('fr-FR');
const FR_NEXT_DAY = dayIn('fr-FR', 1);
const SLUG = 'late-evening-in-paris';

describe('GYM_TIMEZONE reaches the browser', () => {
  const { server, browser } = useBrowserSuite({ server: { timezone: 'Europe/Paris' } });
  let adminToken: string;
  beforeAll(async () => {
    adminToken = await loginToken(server, ADMIN_EMAIL, ADMIN_PASSWORD);
    const categories = await api<{ id: number }[]>(server, 'GET', '/api/blog-categories');
    const post = await api<{ id: number }>(
      server,
      'POST',
      '/api/blog-posts',
      { title: 'Late evening in Paris', slug: SLUG, content: 'Body of the post.', categoryId: categories[0].id, published: true },
      adminToken,
    );
    await server.app.ctx.db.updateTable('blog_posts').set({ published_at: PUBLISHED_AT, created_at: PUBLISHED_AT }).where('id', '=', post.id).execute();
    server.app.ctx.publicCache.invalidate();
  });

  it('writes the zone on <html> of every page it sends: public, article, back office', async () => {
    for (const path of ['/', '/blog', `/blog/${SLUG}`, '/admin/login', '/admin/reservations', '/no-such-page']) {
      const html = await (await fetch(server.url + path)).text();
      expect(html, path).toMatch(/<html data-gym-time-zone="Europe\/Paris"/);
    }
  });

  it('prints the blog date in the gym zone, on the server and after hydration, whatever the browser zone', async () => {
    const html = await (await fetch(server.url + '/blog')).text();
    expect(html).toContain(EN_DAY);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, timezoneId: 'Asia/Bangkok' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await gotoReady(page, server.url + '/blog');
    const card = page.locator('[data-testid="post-list"] article', { hasText: 'Late evening in Paris' });
    await expect.poll(() => card.textContent()).toContain(EN_DAY);
    await gotoReady(page, server.url + `/blog/${SLUG}`);
    expect(await page.locator('main').textContent()).toContain(EN_DAY);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('prints back-office dates in the gym zone, whatever the browser zone', async () => {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 }, timezoneId: 'Asia/Bangkok' });
    await ctx.addInitScript((t) => localStorage.setItem('token', t), adminToken);
    const page = await ctx.newPage();
    await page.goto(server.url + '/admin/blog');
    // The post's own item: posts seeded "now" are dated the next day when the suite runs late in UTC.
    const row = page.locator('main li', { hasText: 'Late evening in Paris' });
    await row.waitFor({ timeout: 15_000 });
    await expect.poll(async () => (await row.textContent()) ?? '').toContain(FR_DAY);
    expect(await row.textContent()).not.toContain(FR_NEXT_DAY);
    await ctx.close();
  });
});
