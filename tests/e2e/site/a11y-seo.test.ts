import { describe, expect, it } from 'vitest';
import { OPENING_HOURS_SPEC, SITE } from '../../../src/shared/site';
import { axeViolations, gotoReady, useSite } from './site-helpers';

interface Post {
  slug: string;
  title: string;
}

const attr = (html: string, re: RegExp) => re.exec(html)?.[1];
const jsonLd = (html: string) => [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]));

describe('accessibility and search engines', () => {
  const site = useSite();

  it('axe-core finds no serious or critical violation on any public page (375 and 1280 px)', async () => {
    const posts = (await site.api<Post[]>('/api/blog-posts?published=true')).body;
    const paths = ['/', '/booking', '/blog', `/blog/${posts[0].slug}`, '/blog/no-such-article', '/missing-page'];
    const found: Record<string, unknown> = {};
    for (const width of [375, 1280]) {
      const { page, close } = await site.open(width);
      for (const p of paths) {
        await gotoReady(page, site.url(p));
        const v = await axeViolations(page);
        if (v.length) found[`${width} ${p}`] = v;
      }
      await close();
    }
    expect(found).toEqual({});
  });

  it('is keyboard usable: a skip link first, and a visible focus ring', async () => {
    const { page, close } = await site.open(1280);
    await gotoReady(page, site.url('/'));
    await page.keyboard.press('Tab');
    const first = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      const cs = getComputedStyle(el);
      return { text: el.textContent, outline: cs.outlineStyle, width: cs.outlineWidth, visible: el.getBoundingClientRect().width > 0 };
    });
    expect(first.text).toBe('Skip to content');
    expect(first.visible).toBe(true);
    expect(first.outline).toBe('solid');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    const ring = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineWidth);
    expect(parseFloat(ring)).toBeGreaterThanOrEqual(2);
    // Book Now is reachable and works with Enter.
    for (let i = 0; i < 12; i++) {
      const label = await page.evaluate(() => document.activeElement?.textContent?.trim());
      if (label === 'Book Now') break;
      await page.keyboard.press('Tab');
    }
    await page.keyboard.press('Enter');
    await page.waitForURL(site.url('/booking'));
    await close();
  });

  it('has no horizontal scroll from 320 to 1920 px, and alt text on every image', async () => {
    const posts = (await site.api<Post[]>('/api/blog-posts?published=true')).body;
    for (const width of [320, 375, 768, 1024, 1920]) {
      const { page, close } = await site.open(width);
      for (const p of ['/', '/booking', '/blog', `/blog/${posts[0].slug}`]) {
        await gotoReady(page, site.url(p));
        const { scroll, client, noAlt } = await page.evaluate(() => ({
          scroll: document.documentElement.scrollWidth,
          client: document.documentElement.clientWidth,
          noAlt: [...document.images].filter((i) => !i.hasAttribute('alt')).length,
        }));
        expect(scroll, `${p} at ${width}px`).toBeLessThanOrEqual(client);
        expect(noAlt).toBe(0);
      }
      await close();
    }
  });

  it('fills title, description, canonical and Open Graph into the server HTML of each route', async () => {
    const posts = (await site.api<Post[]>('/api/blog-posts?published=true')).body;
    const base = site.server.app.ctx.config.publicUrl;
    const routes = ['/', '/booking', '/blog', `/blog/${posts[0].slug}`];
    for (const r of routes) {
      const res = await fetch(site.url(r));
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(attr(html, /<title>([^<]+)<\/title>/)).toBeTruthy();
      expect(attr(html, /<meta name="description" content="([^"]+)"/)).toBeTruthy();
      expect(attr(html, /<link rel="canonical" href="([^"]+)"/)).toBe(`${base}${r}`);
      expect(attr(html, /<meta property="og:title" content="([^"]+)"/)).toBeTruthy();
      expect(attr(html, /<meta property="og:url" content="([^"]+)"/)).toBe(`${base}${r}`);
      expect(attr(html, /<meta property="og:image" content="([^"]+)"/)).toMatch(/^http/);
      // No inline executable script: only JSON data blocks and same-origin modules.
      const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((m) => m[1]);
      for (const a of inline) expect(a).toMatch(/type="application\/(json|ld\+json)"/);
    }
    const article = await (await fetch(site.url(`/blog/${posts[0].slug}`))).text();
    expect(attr(article, /<title>([^<]+)<\/title>/)).toContain(posts[0].title.replace(/&/g, '&amp;').slice(0, 10));
    expect(attr(article, /<meta property="og:type" content="([^"]+)"/)).toBe('article');
    expect(article).toContain(posts[0].title.replace(/&/g, '&amp;').replace(/'/g, '&#x27;').slice(0, 10));
  });

  it('describes the gym as a SportsActivityLocation on / and articles as BlogPosting', async () => {
    const home = jsonLd(await (await fetch(site.url('/'))).text());
    const gym = home.find((d) => d['@type'] === 'SportsActivityLocation');
    expect(gym.name).toBe(SITE.name);
    expect(gym.address).toMatchObject({ '@type': 'PostalAddress', addressCountry: 'TH', postalCode: SITE.address.postalCode });
    expect(gym.openingHoursSpecification[0]).toMatchObject({ opens: OPENING_HOURS_SPEC[0].opens, closes: OPENING_HOURS_SPEC[0].closes });
    expect(gym.openingHoursSpecification[0].dayOfWeek).toHaveLength(6);

    const posts = (await site.api<Post[]>('/api/blog-posts?published=true')).body;
    const ld = jsonLd(await (await fetch(site.url(`/blog/${posts[0].slug}`))).text());
    const posting = ld.find((d) => d['@type'] === 'BlogPosting');
    expect(posting.headline).toBe(posts[0].title);
    expect(posting.url).toBe(`${site.server.app.ctx.config.publicUrl}/blog/${posts[0].slug}`);
    expect(posting.datePublished).toBeTruthy();
  });

  it('serves /sitemap.xml, /robots.txt and /blog/rss.xml with absolute links', async () => {
    const base = site.server.app.ctx.config.publicUrl;
    const posts = (await site.api<Post[]>('/api/blog-posts?published=true')).body;
    const sitemap = await fetch(site.url('/sitemap.xml'));
    expect(sitemap.headers.get('content-type')).toContain('xml');
    const sm = await sitemap.text();
    for (const p of ['/', '/booking', '/blog']) expect(sm).toContain(`<loc>${base}${p}</loc>`);
    for (const p of posts) expect(sm).toContain(`<loc>${base}/blog/${p.slug}</loc>`);

    const robots = await (await fetch(site.url('/robots.txt'))).text();
    expect(robots).toContain(`Sitemap: ${base}/sitemap.xml`);
    expect(robots).toContain('Disallow: /admin');

    const rss = await fetch(site.url('/blog/rss.xml'));
    expect(rss.headers.get('content-type')).toContain('rss+xml');
    const feed = await rss.text();
    expect(feed).toContain('<rss version="2.0"');
    expect((feed.match(/<item>/g) ?? []).length).toBe(posts.length);
    expect(feed).toContain(`<link>${base}/blog/${posts[0].slug}</link>`);
  });

  it('serves /admin as a client-only shell that search engines skip', async () => {
    const html = await (await fetch(site.url('/admin/login'))).text();
    expect(html).toContain('<meta name="robots" content="noindex" />');
    // Nothing of the back office is rendered on the server: only the line shown while its code loads.
    expect(html).toMatch(/<div id="root"><p role="status" lang="fr"[^>]*>Chargement du back-office…<\/p><\/div>/);
  });
});
