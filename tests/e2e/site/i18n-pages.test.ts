import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorCode } from '../../../src/shared/error-codes';
import { MANAGE_ERROR_KEYS } from '../../../src/web/i18n/errors';
import { createTestApp, type TestApp } from '../../helpers/test-app';

// Server-rendered pages in each language (issue 15). In the browser suite because it needs the
// production build (npm run test:e2e builds first), though it asks the server through inject.
const LANGS = [
  { code: 'en', prefix: '', tag: 'en', og: 'en_US' },
  { code: 'ru', prefix: '/ru', tag: 'ru', og: 'ru_RU' },
  { code: 'zh', prefix: '/zh', tag: 'zh-Hans', og: 'zh_CN' },
  { code: 'de', prefix: '/de', tag: 'de', og: 'de_DE' },
  { code: 'fr', prefix: '/fr', tag: 'fr', og: 'fr_FR' },
  { code: 'th', prefix: '/th', tag: 'th', og: 'th_TH' },
] as const;

const attr = (html: string, re: RegExp) => re.exec(html)?.[1] ?? null;
const alternates = (html: string) =>
  [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)"/g)].map((m) => [m[1], m[2]] as const).sort((a, b) => a[0].localeCompare(b[0]));

describe('pages in each language', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    base = t.app.ctx.config.publicUrl;
    const admin = (await t.signIn('admin')).token;
    const cat = await t.inject({ method: 'POST', url: '/api/blog-categories', token: admin, payload: { name: 'News', slug: 'news' } });
    const post = await t.inject({
      method: 'POST',
      url: '/api/blog-posts',
      token: admin,
      payload: { title: 'Clinch work', slug: 'clinch-work', content: 'Body '.repeat(300), categoryId: cat.json().id, published: true },
    });
    expect(post.statusCode, post.body).toBe(201);
  });
  afterAll(() => t?.close());

  const page = async (url: string) => {
    const res = await t.inject({ method: 'GET', url });
    return { status: res.statusCode, html: res.body, headers: res.headers };
  };

  it.each(LANGS)('$code: home, booking, blog and article are rendered in the language with lang, og:locale, canonical and JSON-LD', async (l) => {
    for (const path of ['/', '/booking', '/blog', '/blog/clinch-work']) {
      const url = l.prefix ? `${l.prefix}${path}` : path;
      const { status, html, headers } = await page(url);
      expect(status, url).toBe(200);
      expect(attr(html, /<html[^>]*\slang="([^"]+)"/), url).toBe(l.tag);
      expect(headers['content-language'], url).toBe(l.tag);
      expect(attr(html, /<meta property="og:locale" content="([^"]+)"/), url).toBe(l.og);
      expect(attr(html, /<link rel="canonical" href="([^"]+)"/), url).toBe(`${base}${l.prefix}${path}`);
      // The page's language state ships its catalogue, only its own.
      expect(html, url).toContain(`"language":"${l.code}"`);
    }
    const home = (await page(l.prefix ? `${l.prefix}/` : '/')).html;
    const ld = [...home.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1]) as { inLanguage?: string });
    expect(ld.length).toBeGreaterThan(0);
    for (const d of ld) expect(d.inLanguage).toBe(l.tag);
  });

  it('translates the visible texts and the head, and keeps English word for word', async () => {
    const en = await page('/booking');
    expect(en.html).toContain('<title>Book Your Class | ');
    expect(en.html).toContain('Confirm Booking');
    const de = await page('/de/booking');
    expect(de.html).toContain('<title>Training buchen | ');
    expect(de.html).toContain('Buchung bestätigen');
    expect(de.html).not.toContain('Confirm Booking');
    expect(de.html).not.toContain('Подтвердить запись');
    expect(attr(de.html, /<meta name="description" content="([^"]+)"/)).toMatch(/^Buche eine Stunde Muay Thai/);
    const zh = await page('/zh/');
    expect(zh.html).toContain('立即预约');
    // The timetable's words: SPEC.md's on English pages, Intl and the catalogue elsewhere; a gym
    // closed on Sundays trains Monday to Saturday, not daily (issue 46).
    const home = await page('/');
    expect(home.html).toContain('Mon–Sat 8:00 AM');
    expect(home.html).toContain('60 minutes');
    const deHome = await page('/de/');
    expect(deHome.html).toContain('Mo–Sa 8:00<');
    expect(deHome.html).toContain('Mo–Sa 14:00 &amp; 15:00');
    expect(deHome.html).toContain('60 Minuten');
    // Internal links stay in the language.
    expect(zh.html).toContain('href="/zh/booking"');
  });

  it('names the reviews controls in the page language, and in SPEC.md English on English pages', async () => {
    const en = (await page('/')).html;
    expect(en).toContain('aria-label="Show reviews 1 to 3"');
    expect(en).toContain('aria-roledescription="carousel"');
    const de = (await page('/de/')).html;
    expect(de).toContain('aria-label="Bewertungen 1 bis 3 anzeigen"');
    expect(de).toContain('aria-label="Bewertungen 4 bis 6 anzeigen"');
    expect(de).toContain('aria-roledescription="Karussell"');
    expect(de).toContain('5/5 von Reisenden und Einheimischen');
    expect(de).not.toMatch(/Show reviews?|from travellers/);
  });

  it('has a translation for every refusal the booking-management API answers, by its code', () => {
    const refusals: ErrorCode[] = [
      'not_found',
      'slot_full',
      'class_not_held',
      'class_started',
      'session_not_found',
      'move_target_started',
      'booking_by_appointment',
      'stale_version',
    ];
    for (const code of refusals) expect(MANAGE_ERROR_KEYS, code).toHaveProperty([code]);
  });

  it('links every language of a page with hreflang and x-default, the same set from each of them', async () => {
    for (const path of ['/', '/booking', '/blog', '/blog/clinch-work']) {
      const expected = [...LANGS.map((l) => [l.tag, `${base}${l.prefix}${path}`] as const), ['x-default', `${base}${path}`] as const].sort((a, b) =>
        a[0].localeCompare(b[0]),
      );
      for (const l of LANGS) {
        const url = `${l.prefix}${path}`;
        expect(alternates((await page(url)).html), url).toEqual(expected);
      }
    }
  });

  it('answers an unknown path under a prefix with the 404 page in that language', async () => {
    const de = await page('/de/keine-seite');
    expect(de.status).toBe(404);
    expect(attr(de.html, /<html[^>]*\slang="([^"]+)"/)).toBe('de');
    expect(de.html).toContain('Seite nicht gefunden');
    expect(de.html).toContain('<meta name="robots" content="noindex" />');
    const th = await page('/th/blog/no-such-post');
    expect(th.status).toBe(404);
    expect(th.html).toContain('ไม่พบบทความ');
    // /de/admin is not the back office.
    expect((await page('/de/admin')).status).toBe(404);
    // An unknown two-letter prefix is an unknown English page.
    const xx = await page('/xx/booking');
    expect(xx.status).toBe(404);
    expect(attr(xx.html, /<html[^>]*\slang="([^"]+)"/)).toBe('en');
  });

  it('lists each page in each language in the sitemap, with its alternates', async () => {
    const res = await t.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    const xml = res.body;
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    const urls = [...xml.matchAll(/<url>(.*?)<\/url>/g)].map((m) => m[1]);
    for (const path of ['/', '/booking', '/blog', '/blog/clinch-work']) {
      for (const l of LANGS) {
        const loc = `${base}${l.prefix}${path}`;
        const entry = urls.find((u) => u.includes(`<loc>${loc}</loc>`));
        expect(entry, loc).toBeTruthy();
        for (const other of LANGS) expect(entry, `${loc} → ${other.code}`).toContain(`hreflang="${other.tag}" href="${base}${other.prefix}${path}"`);
        expect(entry).toContain(`hreflang="x-default" href="${base}${path}"`);
      }
    }
  });

  it('keeps each language apart in the response cache', async () => {
    // Twice each: the second answer is a cache hit where the page is cacheable.
    for (let i = 0; i < 2; i++) {
      for (const l of LANGS) {
        const { html } = await page(`${l.prefix}/blog?category=news`);
        expect(attr(html, /<html[^>]*\slang="([^"]+)"/), `${l.code} #${i}`).toBe(l.tag);
        expect(attr(html, /<link rel="canonical" href="([^"]+)"/)).toBe(`${base}${l.prefix}/blog?category=news`);
      }
      for (const l of LANGS) expect(attr((await page(`${l.prefix}/`)).html, /<html[^>]*\slang="([^"]+)"/)).toBe(l.tag);
    }
  });
});
