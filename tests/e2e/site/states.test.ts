import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { NAV_SECTIONS, OPENING_HOURS, REVIEWS, SITE, fullAddress, whatsappUrl } from '../../../src/shared/site';
import { viewportFor } from '../helpers/fixture';
import { gotoReady, hold, sleep, useSite, waitScrolledTo, wakeIsland } from './site-helpers';

// Loading, empty, failure and not-found states of the public screens (SPEC.md §2, §4, §8), the
// contact and footer details, responsive images, and the layout checks that go with the
// visual fixes (no horizontal scroll, figures and hours that fit, reviews in full groups).

interface Post {
  id: number;
  slug: string;
  title: string;
  featuredImage: string | null;
}

interface GalleryItem {
  id: number;
  title: string;
  imageUrl: string | null;
  instagramUrl: string | null;
  variants: { width: number; url: string }[];
}

const SPEC_NOT_FOUND = "Article not found. The article you're looking for doesn't exist or has been deleted.";

/** The text of an element's blocks (as written, before any CSS uppercase), joined by spaces. */
const textOf = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => [...el.children].map((c) => (c.textContent ?? '').replace(/\s+/g, ' ').trim()).join(' '));

describe('states and details of the public screens', () => {
  const site = useSite();
  const published = async () => (await site.api<Post[]>('/api/blog-posts?published=true')).body;
  const gallery = async () => (await site.api<GalleryItem[]>('/api/gallery')).body;

  // A published post whose featured image is an uploaded gallery picture (its 1600 px variant).
  let withImage: { post: Post; item: GalleryItem };
  const postWithUploadedImage = async () => {
    if (withImage) return withImage;
    const item = (await gallery()).find((i) => i.variants.length >= 2)!;
    expect(item.imageUrl).toBe(item.variants[item.variants.length - 1].url);
    const token = await site.adminToken();
    const cats = (await site.api<{ id: number }[]>('/api/blog-categories')).body;
    const res = await site.api<Post>('/api/blog-posts', {
      method: 'POST',
      token,
      body: {
        title: 'Sunset pads on the beach',
        slug: 'sunset-pads-on-the-beach',
        content: '## Pads at sunset\n\nThe evening class moved to the beach for one night.',
        excerpt: 'One evening class by the sea.',
        featuredImage: item.imageUrl,
        metaTitle: null,
        metaDescription: null,
        categoryId: cats[0].id,
        published: true,
      },
    });
    expect(res.status).toBe(201);
    withImage = { post: res.body, item };
    return withImage;
  };

  it('landing blog teaser: the first 3 published posts arrive with the page (no request, no loading text), and "View All Posts"', async () => {
    const posts = await published();
    const { page, errors, close } = await site.open(1280);
    // The landing page is made of islands: its data comes in its HTML, the browser asks for none.
    const teaser = await hold(page, '**/api/blog-posts?published=true&language=en&limit=3');
    await gotoReady(page, site.url('/'));
    await page.locator('#blog').scrollIntoViewIfNeeded();
    await expect(page.getByText('Loading latest articles...').count()).resolves.toBe(0);
    const cards = page.getByTestId('blog-teaser').locator('h3 a');
    await expect(cards.allTextContents()).resolves.toEqual(posts.slice(0, 3).map((p) => p.title));
    await expect(cards.evaluateAll((as) => as.map((a) => a.getAttribute('href')))).resolves.toEqual(posts.slice(0, 3).map((p) => `/blog/${p.slug}`));
    expect(teaser.seen()).toBe(0);
    teaser.release();
    const all = page.locator('#blog').getByRole('link', { name: 'View All Posts' });
    await expect(all.getAttribute('href')).resolves.toBe('/blog');
    await all.click();
    await page.waitForURL(site.url('/blog'));
    expect(errors).toEqual([]);
    await close();
  });

  it('contact section: address, WhatsApp, e-mail, opening hours and social links from the site facts', async () => {
    const { page, close } = await site.open(1280);
    await gotoReady(page, site.url('/'));
    const contact = page.locator('section#contact');
    await expect(contact.locator('address').textContent()).resolves.toBe(fullAddress());
    const wa = contact.getByRole('link', { name: SITE.whatsapp });
    await expect(wa.getAttribute('href')).resolves.toBe(whatsappUrl());
    await expect(wa.getAttribute('target')).resolves.toBe('_blank');
    const mail = contact.getByRole('link', { name: SITE.email });
    await expect(mail.getAttribute('href')).resolves.toBe(`mailto:${SITE.email}`);
    const hours = contact.getByTestId('opening-hours');
    await expect(hours.locator('dt').allTextContents()).resolves.toEqual(OPENING_HOURS.map((h) => h.days));
    await expect(hours.locator('dd').allTextContents()).resolves.toEqual(OPENING_HOURS.map((h) => h.hours));
    expect(OPENING_HOURS.map((h) => `${h.days} ${h.hours}`)).toEqual(['Monday - Saturday 8:00 AM - 7:00 PM', 'Sunday Closed']);
    const social = await contact.locator('a[aria-label*="opens in a new tab"]').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(social).toEqual([SITE.social.instagram, SITE.social.facebook, SITE.social.tiktok]);
    await close();
  });

  it('contact section: the map is only fetched when scrolled near', async () => {
    const { page, close } = await site.open(375);
    const mapRequests: string[] = [];
    // The machine is offline: answer the map's host with a small page, and count the calls.
    await page.context().route('https://www.openstreetmap.org/**', (route) => {
      mapRequests.push(route.request().url());
      return route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Map</title><p>map</p>' });
    });
    await gotoReady(page, site.url('/'));
    const map = page.locator('section#contact iframe');
    await expect(map.getAttribute('src')).resolves.toBe(SITE.mapEmbedUrl);
    await expect(map.getAttribute('loading')).resolves.toBe('lazy');
    await expect(map.getAttribute('title')).resolves.toContain(SITE.name);
    await sleep(1_500);
    expect(mapRequests).toEqual([]);
    await page.locator('section#contact').scrollIntoViewIfNeeded();
    await map.scrollIntoViewIfNeeded();
    await expect.poll(() => mapRequests.length, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(mapRequests[0]).toBe(SITE.mapEmbedUrl);
    await close();
  });

  it('footer quick links scroll to each section, Blog goes to /blog, "Book a class" to /booking', async () => {
    const { page, errors, close } = await site.open(1280);
    await gotoReady(page, site.url('/'));
    const footerNav = page.getByRole('navigation', { name: 'Quick links' });
    const links = await footerNav.getByRole('link').allTextContents();
    expect(links).toEqual([...NAV_SECTIONS.map((s) => s.label), 'Book a class']);
    for (const s of NAV_SECTIONS.filter((x) => x.id !== 'blog')) {
      await page.locator('footer').scrollIntoViewIfNeeded();
      await footerNav.getByRole('link', { name: s.label, exact: true }).click();
      if (s.id === 'home') await page.waitForFunction(() => window.scrollY < 5, undefined, { timeout: 5_000 });
      else await waitScrolledTo(page, `section#${s.id}`);
      expect(new URL(page.url()).pathname).toBe('/');
    }
    await footerNav.getByRole('link', { name: 'Blog', exact: true }).click();
    await page.waitForURL(site.url('/blog'));
    // From another route: to / first, then to the section.
    await page.getByRole('navigation', { name: 'Quick links' }).getByRole('link', { name: 'Reviews', exact: true }).click();
    await page.waitForURL(site.url('/'));
    await waitScrolledTo(page, 'section#testimonials');
    await page.getByRole('navigation', { name: 'Quick links' }).getByRole('link', { name: 'Book a class', exact: true }).click();
    await page.waitForURL(site.url('/booking'));
    await page.getByRole('heading', { level: 1, name: 'Book Your Class' }).waitFor();
    expect(errors).toEqual([]);
    await close();
  });

  it("article: the featured image with a srcset of the upload's WebP variants", async () => {
    const { post, item } = await postWithUploadedImage();
    const { page, errors, close } = await site.open(1280);
    await gotoReady(page, site.url(`/blog/${post.slug}`));
    const img = page.getByTestId('featured-image');
    await expect(img.getAttribute('src')).resolves.toBe(item.imageUrl);
    await expect(img.getAttribute('alt')).resolves.toBe(post.title);
    const srcset = (await img.getAttribute('srcset')) ?? '';
    expect(srcset.split(', ')).toEqual(item.variants.map((v) => `${v.url} ${v.width}w`));
    await expect(img.getAttribute('sizes')).resolves.toBeTruthy();
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    // The browser picked one of the variants, and it exists.
    const chosen = await img.evaluate((el: HTMLImageElement) => new URL(el.currentSrc).pathname);
    expect(item.variants.map((v) => v.url)).toContain(chosen);
    // The server's HTML has it too (no layout shift after hydration).
    const html = await (await fetch(site.url(`/blog/${post.slug}`))).text();
    expect(html.replace(/srcSet=/g, 'srcset=')).toContain(`srcset="${item.variants.map((v) => `${v.url} ${v.width}w`).join(', ')}"`);
    expect(errors).toEqual([]);
    await close();
  });

  it('article: arrives with the page from the blog list (no request for the post, no loading text)', async () => {
    const { post } = await postWithUploadedImage();
    const { page, close } = await site.open(375);
    await gotoReady(page, site.url('/blog'));
    const request = await hold(page, `**/api/blog-posts/${post.slug}`);
    await page.getByTestId('post-list').getByRole('link', { name: post.title }).click();
    await page.waitForURL(site.url(`/blog/${post.slug}`));
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(post.title);
    await page.getByTestId('article-body').getByRole('heading', { name: 'Pads at sunset' }).waitFor();
    await expect(page.getByText('Loading article...').count()).resolves.toBe(0);
    expect(request.seen()).toBe(0);
    request.release();
    await close();
  });

  it("article not found: SPEC's full text, status 404, a link back to the blog", async () => {
    const { page, close } = await site.open(1280);
    const res = await gotoReady(page, site.url('/blog/no-such-article'));
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Article not found.');
    await expect(textOf(page, 'main :has(> h1)')).resolves.toBe(`${SPEC_NOT_FOUND} Back to Blog`);
    const back = page.getByRole('link', { name: 'Back to Blog' });
    await expect(back.getAttribute('href')).resolves.toBe('/blog');

    // A failed load (not a 404) is shown the same way: server-states.test.ts.
    await close();
  });

  it('newsletter: a failure without the server\'s text says "Failed to subscribe. Please try again."', async () => {
    const { page, close } = await site.open(1280);
    await gotoReady(page, site.url('/blog'));
    let calls = 0;
    await page.route('**/api/newsletter-subscribers', (route) => {
      calls++;
      return route.fulfill({ status: 500, contentType: 'text/plain', body: 'Internal Server Error' });
    });
    const form = page.locator('form[aria-labelledby="newsletter-title"]');
    await form.scrollIntoViewIfNeeded();
    await page.locator('form[aria-labelledby="newsletter-title"]').waitFor();
    await form.getByLabel('Email address').fill('fails@example.com');
    await form.getByRole('button', { name: 'Subscribe' }).click();
    const toast = page.getByTestId('toast');
    await toast.waitFor();
    const text = (await toast.textContent()) ?? '';
    expect(text).toContain('Error');
    expect(text).toContain('Failed to subscribe. Please try again.');
    expect(text).not.toContain('Network error');
    expect(calls).toBe(1);
    // The address stays for another try.
    await expect(form.getByLabel('Email address').inputValue()).resolves.toBe('fails@example.com');
    await close();
  });

  it("blog list: card images are lazy, with a srcset of the upload's variants", async () => {
    const { post, item } = await postWithUploadedImage();
    const { page, close } = await site.open(1280);
    await gotoReady(page, site.url('/blog'));
    const card = page.getByTestId('post-list').locator('li').filter({ hasText: post.title });
    const img = card.locator('img');
    await expect(img.getAttribute('loading')).resolves.toBe('lazy');
    await expect(img.getAttribute('src')).resolves.toBe(item.imageUrl);
    const srcset = (await img.getAttribute('srcset')) ?? '';
    expect(srcset.split(', ')).toEqual(item.variants.map((v) => `${v.url} ${v.width}w`));
    await expect(img.getAttribute('sizes')).resolves.toMatch(/px|vw/);
    await card.scrollIntoViewIfNeeded();
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    // Every card image of the list is lazy.
    await expect(
      page
        .getByTestId('post-list')
        .locator('img')
        .evaluateAll((imgs) => imgs.every((i) => i.getAttribute('loading') === 'lazy')),
    ).resolves.toBe(true);
    await close();
  });

  it('gallery grid: every uploaded picture has a srcset of its variants and loads lazily, once scrolled near', async () => {
    const items = (await gallery()).filter((i) => i.variants.length > 0);
    expect(items.length).toBeGreaterThanOrEqual(6);
    const { page, close } = await site.open(1280, { viewport: { width: 1280, height: 600 } });
    const requested = new Set<string>();
    page.on('request', (r) => requested.add(new URL(r.url()).pathname));
    await gotoReady(page, site.url('/'));
    const grid = page.getByTestId('gallery-grid');
    const imgs = grid.locator('img');
    await expect(imgs.count()).resolves.toBe(items.length);
    const attrs = await imgs.evaluateAll((list) =>
      list.map((i) => ({ src: i.getAttribute('src'), srcset: i.getAttribute('srcset'), sizes: i.getAttribute('sizes'), loading: i.getAttribute('loading') })),
    );
    for (const [k, item] of items.entries()) {
      expect(attrs[k].loading).toBe('lazy');
      expect(attrs[k].srcset?.split(', ')).toEqual(item.variants.map((v) => `${v.url} ${v.width}w`));
      expect(attrs[k].sizes).toBeTruthy();
    }
    // Far below the fold: the last row has not been fetched yet (nor the hidden carousel's).
    const lastRow = items.slice(-3).flatMap((i) => i.variants.map((v) => v.url));
    expect(lastRow.filter((u) => requested.has(u))).toEqual([]);
    await grid.locator('li').last().scrollIntoViewIfNeeded();
    await expect.poll(() => imgs.last().evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    await close();
  });

  it('phone carousel: the slides either side of the current one (wrapping) are loaded before they show', async () => {
    const items = await gallery();
    const n = items.length;
    const { page, close } = await site.open(375);
    await gotoReady(page, site.url('/'));
    const carousel = page.getByTestId('gallery-carousel');
    await carousel.scrollIntoViewIfNeeded();
    await carousel.getByRole('button', { name: 'Pause slideshow' }).click();
    const slideImg = (i: number) => carousel.locator(`[aria-roledescription="slide"][aria-label="${i} of ${n}"] img`);
    const loaded = (i: number) => slideImg(i).evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0);
    // Slide 1 shows; 2 (next) and n (previous, wrapping) are already there.
    for (const i of [1, 2, n]) await expect.poll(() => loaded(i), { timeout: 8_000 }).toBe(true);
    await expect(slideImg(2).getAttribute('loading')).resolves.toBe('eager');
    await expect(slideImg(n).getAttribute('loading')).resolves.toBe('eager');
    await expect(slideImg(4).getAttribute('loading')).resolves.toBe('lazy');
    // Two steps on, the next one is fetched ahead of its turn too.
    await carousel.getByRole('button', { name: 'Next image' }).click();
    await carousel.getByRole('button', { name: 'Next image' }).click();
    await expect(carousel.locator('[data-active="true"]').getAttribute('aria-label')).resolves.toBe(`3 of ${n}`);
    await expect.poll(() => loaded(4), { timeout: 8_000 }).toBe(true);
    await close();

    // On a desktop the carousel is hidden: none of its pictures is fetched eagerly.
    const desktop = await site.open(1280);
    await gotoReady(desktop.page, site.url('/'));
    await desktop.page.getByTestId('gallery-grid').scrollIntoViewIfNeeded();
    await sleep(500);
    await expect(
      desktop.page
        .getByTestId('gallery-carousel')
        .locator('img')
        .evaluateAll((imgs) => imgs.map((i) => i.getAttribute('loading'))),
    ).resolves.toEqual(items.map(() => 'lazy'));
    await desktop.close();
  });

  it('reviews: always 3 a view, the last group wrapping round as 10, 1, 2, then back to the start', async () => {
    const { page, close } = await site.open(1280);
    // The page's clock runs as usual; it is moved on over the rotation's 5 s below.
    await page.clock.install();
    await gotoReady(page, site.url('/'));
    await wakeIsland(page, 'testimonials');
    const names = () => page.getByTestId('review-name').allTextContents();
    const dots = page.locator('#testimonials').getByRole('button', { name: /^Show review/ });
    await expect(dots.evaluateAll((bs) => bs.map((b) => b.getAttribute('aria-label')))).resolves.toEqual([
      'Show reviews 1 to 3',
      'Show reviews 4 to 6',
      'Show reviews 7 to 9',
      'Show reviews 10, 1 and 2',
    ]);
    for (const [g, expected] of [
      [0, [0, 1, 2]],
      [1, [3, 4, 5]],
      [2, [6, 7, 8]],
      [3, [9, 0, 1]],
    ] as const) {
      await dots.nth(g).click();
      await expect(names()).resolves.toEqual(expected.map((i) => REVIEWS[i].name));
      await expect(dots.nth(g).getAttribute('aria-current')).resolves.toBe('true');
    }
    // The rotation goes on from the wrapped group to the first one.
    await page.mouse.move(0, 0);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.clock.runFor(8_000);
    await page.waitForFunction((first) => document.querySelector('[data-testid="review-name"]')?.textContent === first, REVIEWS[0].name, { timeout: 8_000 });
    await expect(names()).resolves.toEqual(REVIEWS.slice(0, 3).map((r) => r.name));
    await close();
  });

  it('404 page: the figure 404 once, inside the heading "404 Page Not Found"', async () => {
    const { page, close } = await site.open(375);
    const res = await gotoReady(page, site.url('/nope'));
    expect(res?.status()).toBe(404);
    const h1 = page.getByRole('heading', { level: 1 });
    await expect(h1.textContent()).resolves.toBe('404 Page Not Found');
    const main = await page.locator('main').innerText();
    expect(main.match(/404/g)).toHaveLength(1);
    await close();
  });

  it("no horizontal scroll on any public page at 320 and 375 px, even with the body's clipping off, nor a box scrolling sideways", async () => {
    await postWithUploadedImage();
    const articles = (await published()).map((p) => `/blog/${p.slug}`);
    const pages = ['/', '/booking', '/blog', '/blog?page=2', ...articles, '/blog/no-such-article', '/nope'];
    const over: string[] = [];
    // Each page is loaded once and measured at both widths, resized in between: 320 and 375 px
    // take the same branch of every media query (the first breakpoint is 640 px; the site's
    // script asks only about 768 px) and get the same HTML, so only the width to lay out in
    // differs, and the browser lays the page out again on a resize.
    const { page, close } = await site.open(320);
    for (const p of pages) {
      await gotoReady(page, site.url(p));
      for (const width of [320, 375]) {
        await page.setViewportSize(viewportFor(width));
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
        const r = await page.evaluate(() => {
          // body { overflow-x: hidden } would hide an overflow from scrollWidth: measure without it.
          document.body.style.overflowX = 'visible';
          const res = { scroll: document.documentElement.scrollWidth, inner: window.innerWidth, scrollers: [] as string[] };
          document.body.style.overflowX = '';
          // Nor a box of the page that scrolls sideways itself (a table cut at the edge).
          for (const el of document.querySelectorAll('main *')) {
            const x = getComputedStyle(el).overflowX;
            if ((x === 'auto' || x === 'scroll') && el.scrollWidth > el.clientWidth + 1) res.scrollers.push(`${el.tagName.toLowerCase()}.${el.className}`);
          }
          return res;
        });
        expect(r.inner).toBe(width);
        if (r.scroll > r.inner) over.push(`${p} at ${width}px: ${r.scroll} > ${r.inner}`);
        for (const s of r.scrollers) over.push(`${p} at ${width}px: ${s} scrolls sideways`);
      }
    }
    await close();
    expect(over).toEqual([]);
  });

  it('hero statistics fit inside their cards from 320 to 1920 px', async () => {
    for (const width of [320, 375, 768, 1280, 1920]) {
      const { page, close } = await site.open(width);
      await gotoReady(page, site.url('/'));
      const fit = await page
        .getByTestId('hero-stats')
        .locator(':scope > div')
        .evaluateAll((cards) =>
          cards.map((card) => {
            const c = card.getBoundingClientRect();
            const dd = card.querySelector('dd')!;
            const d = dd.getBoundingClientRect();
            return {
              value: dd.textContent,
              inside: d.left >= c.left && d.right <= c.right,
              clipped: dd.scrollWidth > dd.clientWidth + 1,
              px: parseFloat(getComputedStyle(dd).fontSize),
            };
          }),
        );
      expect(fit.map((f) => f.value)).toEqual(['5/5', '2000+', '30+']);
      for (const f of fit) {
        expect(f.inside, `${f.value} at ${width}px`).toBe(true);
        expect(f.clipped, `${f.value} at ${width}px`).toBe(false);
        expect(f.px).toBeGreaterThanOrEqual(18);
      }
      await close();
    }
  });

  it('opening hours: a time range never breaks across lines (contact section and footer)', async () => {
    for (const width of [320, 375, 1280]) {
      const { page, close } = await site.open(width);
      await gotoReady(page, site.url('/'));
      const lines = await page.evaluate(() => {
        const count = (el: Element) => {
          const range = document.createRange();
          range.selectNodeContents(el);
          return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
        };
        const contact = [...document.querySelectorAll('[data-testid="opening-hours"] dd')].map((dd) => [dd.textContent, count(dd)]);
        const footer = [...document.querySelectorAll('footer [data-testid="footer-hours"]')].map((s) => [s.textContent, count(s)]);
        return { contact, footer };
      });
      expect(lines.contact).toEqual(OPENING_HOURS.map((h) => [h.hours, 1]));
      expect(lines.footer).toEqual(OPENING_HOURS.map((h) => [h.hours, 1]));
      await close();
    }
  });

  it('keyboard focus: every stop of the landing page shows a ring of at least 2 px that nothing clips', async () => {
    for (const width of [375, 1280]) {
      const { page, close } = await site.open(width);
      await gotoReady(page, site.url('/'));
      const problems = new Map<string, string>();
      let stops = 0;
      for (let i = 0; i < 200; i++) {
        await page.keyboard.press('Tab');
        const r = await page.evaluate(() => {
          const el = document.activeElement as HTMLElement | null;
          if (!el || el === document.body) return null;
          // Inside the map's frame: the third-party page draws its own focus.
          if (el.tagName === 'IFRAME' && !el.matches(':focus-visible')) return null;
          const cs = getComputedStyle(el);
          const width = parseFloat(cs.outlineWidth);
          const reach = Math.max(width + parseFloat(cs.outlineOffset), 0);
          const b = el.getBoundingClientRect();
          let clippedBy: string | null = null;
          // An ancestor that clips (overflow other than visible, or the viewport for the fixed bar).
          for (let a = el.parentElement; a; a = a.parentElement) {
            const s = getComputedStyle(a);
            const clip =
              a === document.documentElement
                ? { left: 0, right: innerWidth, top: -Infinity, bottom: Infinity }
                : s.overflowX !== 'visible' || s.overflowY !== 'visible'
                  ? a.getBoundingClientRect()
                  : null;
            const fixedClip = s.position === 'fixed' ? { left: 0, right: innerWidth, top: 0, bottom: innerHeight } : null;
            for (const c of [clip, fixedClip]) {
              if (c && (b.left - reach < c.left - 0.5 || b.right + reach > c.right + 0.5 || b.top - reach < c.top - 0.5 || b.bottom + reach > c.bottom + 0.5))
                clippedBy ??= a.tagName.toLowerCase();
            }
          }
          const name = `${el.tagName.toLowerCase()} ${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}`;
          return { name, style: cs.outlineStyle, width, clippedBy, first: el.textContent === 'Skip to content' };
        });
        if (!r) continue;
        if (r.first && stops > 0) break; // back to the start
        stops++;
        if (r.style === 'none' || r.width < 2) problems.set(r.name, `no ring (${r.style} ${r.width}px)`);
        else if (r.clippedBy) problems.set(r.name, `ring clipped by ${r.clippedBy}`);
      }
      expect(stops, `at ${width}px`).toBeGreaterThan(30);
      expect(Object.fromEntries(problems), `at ${width}px`).toEqual({});
      await close();
    }
  });

  it('keyboard focus: the booking date field shows its ring too (its focus sits in an inner part)', async () => {
    const { page, close } = await site.open(1280);
    await gotoReady(page, site.url('/booking?what=class'));
    await page.getByLabel('Course').focus();
    await page.keyboard.press('Tab');
    const date = page.getByLabel('Preferred date and time');
    await expect(date.evaluate((el) => el === document.activeElement || el.matches(':focus-within'))).resolves.toBe(true);
    const ring = await date.evaluate((el) => {
      const cs = getComputedStyle(el);
      return { style: cs.outlineStyle, width: parseFloat(cs.outlineWidth) };
    });
    expect(ring.style).not.toBe('none');
    expect(ring.width).toBeGreaterThanOrEqual(2);
    await close();
  });

  it('footer newsletter: the e-mail field is wide enough for an address at every width', async () => {
    for (const width of [320, 768, 1024, 1280, 1920]) {
      const { page, close } = await site.open(width);
      await gotoReady(page, site.url('/booking'));
      const form = page.locator('form[aria-labelledby="newsletter-title"]');
      await form.scrollIntoViewIfNeeded();
      const input = form.getByLabel('Email address');
      const w = await input.evaluate((el) => el.getBoundingClientRect().width);
      expect(w, `at ${width}px`).toBeGreaterThanOrEqual(240);
      // The placeholder fits: the field is wider than its text.
      const fits = await input.evaluate((el: HTMLInputElement) => {
        const cs = getComputedStyle(el);
        const ctx = document.createElement('canvas').getContext('2d')!;
        ctx.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
        return ctx.measureText(el.placeholder).width <= el.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
      });
      expect(fits, `placeholder at ${width}px`).toBe(true);
      await close();
    }
  });
});
