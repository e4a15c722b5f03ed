import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { NAV_SECTIONS, REVIEWS, SITE, STATS } from '../../../src/shared/site';
import { gotoReady, scrollToBottom, settle, useSite, waitScrolledTo, wakeIsland } from './site-helpers';

describe('landing page and navigation', () => {
  const site = useSite();

  it('renders every section with its id, the footer and the claimed statistics', async () => {
    const { page, errors, close } = await site.open(1280);
    const res = await gotoReady(page, site.url('/'));
    expect(res?.status()).toBe(200);
    for (const id of ['home', 'about', 'classes', 'gallery', 'testimonials', 'blog', 'contact']) {
      await expect(page.locator(`section#${id}`).count()).resolves.toBe(1);
    }
    await expect(page.locator('footer').count()).resolves.toBe(1);
    const hero = (await page.locator('#home').textContent()) ?? '';
    for (const s of STATS) expect(hero).toContain(s.value);
    expect(errors).toEqual([]);
    await close();
  });

  it('scrolls to each section from the top navigation, and goes to /blog for Blog', async () => {
    const { page, errors, close } = await site.open(1280);
    await gotoReady(page, site.url('/'));
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const s of NAV_SECTIONS.filter((x) => x.id !== 'blog' && x.id !== 'home')) {
      await nav.getByRole('link', { name: s.label, exact: true }).click();
      await waitScrolledTo(page, `#${s.id}`);
    }
    await nav.getByRole('link', { name: 'Home', exact: true }).click();
    await page.waitForFunction(() => window.scrollY < 5);
    await nav.getByRole('link', { name: 'Blog', exact: true }).click();
    await page.waitForURL(site.url('/blog'));
    await page.getByRole('heading', { level: 1, name: /journal/i }).waitFor();
    expect(errors).toEqual([]);
    await close();
  });

  it('from another route, goes to / first and then scrolls to the section', async () => {
    const { page, close } = await site.open(1280);
    await gotoReady(page, site.url('/booking'));
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Reviews', exact: true }).click();
    await page.waitForURL(site.url('/'));
    await waitScrolledTo(page, '#testimonials');
    await close();
  });

  it('Book Now, "Book Your First Class" and "View Full Schedule & Book Classes" go to /booking', async () => {
    const { page, close } = await site.open(1280);
    await gotoReady(page, site.url('/'));
    await page.locator('#about').scrollIntoViewIfNeeded();
    await page.getByRole('link', { name: 'Book Now' }).first().click();
    await page.waitForURL(site.url('/booking'));
    await page.getByRole('heading', { level: 1, name: 'Book Your Class' }).waitFor();
    await page.waitForFunction(() => window.scrollY === 0);

    await gotoReady(page, site.url('/'));
    await page.getByRole('link', { name: 'Book Your First Class' }).click();
    await page.waitForURL(site.url('/booking'));
    await page.getByRole('heading', { level: 1, name: 'Book Your Class' }).waitFor();

    await gotoReady(page, site.url('/'));
    await page.getByRole('link', { name: 'View Full Schedule & Book Classes' }).click();
    await page.waitForURL(site.url('/booking'));
    await page.getByRole('heading', { level: 1, name: 'Book Your Class' }).waitFor();
    await close();
  });

  it('opens and closes the mobile menu at 375 px, and its links work', async () => {
    const { page, close } = await site.open(375);
    await gotoReady(page, site.url('/'));
    const toggle = page.getByRole('button', { name: 'Open menu' });
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await expect(menu.isVisible()).resolves.toBe(false);
    await toggle.click();
    await expect(menu.isVisible()).resolves.toBe(true);
    await expect(page.getByRole('button', { name: 'Close menu' }).getAttribute('aria-expanded')).resolves.toBe('true');
    await page.getByRole('button', { name: 'Close menu' }).click();
    await expect(menu.isVisible()).resolves.toBe(false);
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
    // Escape closes it, and the button follows.
    await toggle.click();
    await expect(menu.isVisible()).resolves.toBe(true);
    await page.keyboard.press('Escape');
    await expect(menu.isVisible()).resolves.toBe(false);
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    await menu.getByRole('link', { name: 'Contact', exact: true }).click();
    await waitScrolledTo(page, '#contact');
    await expect(menu.isVisible()).resolves.toBe(false);
    await close();
  });

  it('shows the mobile bar at 375 px only: WhatsApp with the greeting, Instagram, e-mail', async () => {
    const { page, close } = await site.open(375);
    await gotoReady(page, site.url('/'));
    const bar = page.getByRole('navigation', { name: 'Quick contact' });
    await expect(bar.isVisible()).resolves.toBe(true);
    const box = await bar.boundingBox();
    expect(box!.y + box!.height).toBeGreaterThan(770); // pinned to the bottom of the 780 px viewport
    const wa = await bar.getByRole('link', { name: 'WhatsApp' }).getAttribute('href');
    const waUrl = new URL(wa!);
    expect(waUrl.host).toBe('wa.me');
    expect(waUrl.pathname).toBe(`/${SITE.whatsapp.replace(/\D/g, '')}`);
    expect(waUrl.searchParams.get('text')).toBe(SITE.whatsappGreeting);
    expect(SITE.whatsappGreeting).toMatch(/information.*classes/i);
    await expect(bar.getByRole('link', { name: 'Instagram' }).getAttribute('href')).resolves.toBe(SITE.social.instagram);
    await expect(bar.getByRole('link', { name: 'Email' }).getAttribute('href')).resolves.toBe(`mailto:${SITE.email}`);
    // Still there after scrolling.
    await page.locator('#contact').scrollIntoViewIfNeeded();
    await expect(bar.isVisible()).resolves.toBe(true);
    await close();

    const desktop = await site.open(1280);
    await gotoReady(desktop.page, site.url('/'));
    await expect(desktop.page.getByRole('navigation', { name: 'Quick contact' }).isVisible()).resolves.toBe(false);
    await desktop.close();
  });

  it('shows 3 of the 10 reviews, rotates every 5 s and wraps, with dots to jump', async () => {
    const { page, close } = await site.open(1280);
    // The page's clock runs as usual, and is moved on over the rotation's waits (no wall time spent).
    await page.clock.install();
    await gotoReady(page, site.url('/'));
    await wakeIsland(page, 'testimonials');
    const names = () => page.locator('[data-testid="review-name"]').allTextContents();
    expect(await names()).toEqual(REVIEWS.slice(0, 3).map((r) => r.name));
    // Not yet 3.5 s on: the same three.
    await page.clock.runFor(3_500);
    await settle(page);
    expect(await names()).toEqual(REVIEWS.slice(0, 3).map((r) => r.name));
    // By 8 s, the next three.
    await page.clock.runFor(4_500);
    await page.waitForFunction((first) => document.querySelector('[data-testid="review-name"]')?.textContent !== first, REVIEWS[0].name, { timeout: 8_000 });
    expect(await names()).toEqual(REVIEWS.slice(3, 6).map((r) => r.name));
    // The last group is the 10th review and wraps to the first two; the next step starts over.
    await page.getByRole('button', { name: 'Show reviews 10, 1 and 2' }).click();
    expect(await names()).toEqual([REVIEWS[9], REVIEWS[0], REVIEWS[1]].map((r) => r.name));
    await page.mouse.move(0, 0); // leave the carousel so it may rotate again
    await page.clock.runFor(8_000);
    await page.waitForFunction((first) => document.querySelector('[data-testid="review-name"]')?.textContent === first, REVIEWS[0].name, { timeout: 8_000 });
    await close();
  });

  it('keeps the reviews still for users who prefer reduced motion', async () => {
    const { page, close } = await site.open(1280, { reducedMotion: 'reduce' });
    await page.clock.install();
    await gotoReady(page, site.url('/'));
    await wakeIsland(page, 'testimonials');
    const first = await page.locator('[data-testid="review-name"]').first().textContent();
    // Six seconds of the page's time, every timer due in them run (a rotation would be one).
    await page.clock.runFor(6_000);
    await settle(page);
    await expect(page.locator('[data-testid="review-name"]').first().textContent()).resolves.toBe(first);
    await close();
  });

  it('answers any other path with the 404 page and status 404', async () => {
    const { page, close } = await site.open(1280);
    const res = await gotoReady(page, site.url('/no/such/page'));
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('404 Page Not Found');
    // Client-side too: a link to an unknown path inside the app.
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await page.waitForURL(site.url('/'));
    await page.locator('#home').waitFor();
    await close();
  });

  it('loads at most 150 KB of JavaScript on the landing page, scrolled to the bottom at 375 px', async () => {
    const { page, errors, close } = await site.open(375);
    await gotoReady(page, site.url('/'));
    await scrollToBottom(page);
    // Every part that loads its code or data on the way down has done so.
    await page.locator('[data-testid="blog-teaser"] article').first().waitFor();
    await page.locator('[data-testid="gallery-carousel"] img').first().waitFor();
    await page.locator('form[aria-label="Contact form"]').waitFor();
    await page.locator('form[aria-labelledby="newsletter-title"]').waitFor();
    await page.locator('#contact iframe[title^="Map"]').waitFor({ state: 'attached' });
    await page.waitForLoadState('networkidle');
    // Bytes as the browser received them (compressed, headers included), for every script.
    const scripts = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((e) => e as PerformanceResourceTiming)
        .filter((e) => new URL(e.name).pathname.endsWith('.js'))
        .map((e) => ({ url: new URL(e.name).pathname, bytes: e.transferSize })),
    );
    const total = scripts.reduce((sum, s) => sum + s.bytes, 0);
    const breakdown = scripts
      .sort((a, b) => b.bytes - a.bytes)
      .map((s) => `${(s.bytes / 1024).toFixed(1)} KB ${s.url}`)
      .join('\n');
    const summary = `${(total / 1024).toFixed(1)} KB of JavaScript in ${scripts.length} files:\n${breakdown}`;
    // Each script came over the wire once (not from an earlier cache, which would report 0 bytes);
    // a file prefetched after load is then imported from that prefetch, with 0 bytes (decision 123).
    expect(
      scripts.every((s) => scripts.some((o) => o.url === s.url && o.bytes > 0)),
      summary,
    ).toBe(true);
    expect(total).toBeGreaterThan(10_000);
    expect(total, summary).toBeLessThanOrEqual(150 * 1024);
    expect(errors).toEqual([]);
    await close();
  });

  it('never requests back-office code on public pages, and does on /admin', async () => {
    const adminOnly = adminOnlyAssets();
    // Non-empty, or the checks below would pass whatever the pages load.
    expect(adminOnly.size).toBeGreaterThan(0);
    expect([...adminOnly].some((f) => f.endsWith('.js'))).toBe(true);

    const posts = await site.api<{ slug: string }[]>('/api/blog-posts?published=true');
    const slug = posts.body[0]?.slug;
    expect(slug).toBeTruthy();

    for (const path of ['/', '/booking', '/blog', `/blog/${slug}`]) {
      const { page, errors, close } = await site.open(375);
      const requested = recordAssets(page);
      await gotoReady(page, site.url(path));
      await scrollToBottom(page);
      await page.waitForLoadState('networkidle');
      expect(requested.size, path).toBeGreaterThan(0);
      expect(
        [...requested].filter((f) => adminOnly.has(f)),
        path,
      ).toEqual([]);
      // Nor inside a chunk the two sides share: no back-office text in any script the page ran.
      for (const file of [...requested].filter((f) => f.endsWith('.js'))) {
        const code = fs.readFileSync(`dist/client/${file}`, 'utf8');
        for (const text of ADMIN_TEXTS) expect(code.includes(text), `${path}: ${file} holds "${text}"`).toBe(false);
      }
      expect(errors).toEqual([]);
      await close();
    }

    const { page, close } = await site.open(1280);
    const requested = recordAssets(page);
    await page.goto(site.url('/admin/login'));
    await page.getByRole('button', { name: 'Se connecter' }).waitFor();
    expect([...requested].filter((f) => adminOnly.has(f)).length).toBeGreaterThan(0);
    // The texts are the back office's: its scripts do carry them (each screen is its own chunk,
    // loaded when opened, so all of them are read, not only the sign-in's).
    const adminCode = [...adminOnly]
      .filter((f) => f.endsWith('.js'))
      .map((f) => fs.readFileSync(`dist/client/${f}`, 'utf8'))
      .join('\n');
    for (const text of ADMIN_TEXTS) expect(adminCode.includes(text), text).toBe(true);
    await close();
  });
});

/** Texts found only in back-office screens (the shell, messages, users, blog editor). */
const ADMIN_TEXTS = ['Admin Panel', 'Déconnexion', 'Mark all as read', 'Utilisateurs', 'Publier immédiatement'];

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

/**
 * Files of the client build (dist/client/.vite/manifest.json) that only the back office can
 * reach: everything reachable from modules under src/web/admin/, minus everything the public
 * entry reaches without going through one of them.
 */
function adminOnlyAssets(): Set<string> {
  const manifest = JSON.parse(fs.readFileSync('dist/client/.vite/manifest.json', 'utf8')) as Record<string, ManifestChunk>;
  const isAdmin = (key: string) => key.startsWith('src/web/admin/');
  const reach = (roots: string[], skip: (key: string) => boolean) => {
    const files = new Set<string>();
    const seen = new Set<string>();
    const stack = [...roots];
    while (stack.length > 0) {
      const key = stack.pop()!;
      if (seen.has(key) || skip(key)) continue;
      seen.add(key);
      const chunk = manifest[key];
      if (!chunk) throw new Error(`manifest has no entry ${key}`);
      files.add(chunk.file);
      chunk.css?.forEach((f) => files.add(f));
      stack.push(...(chunk.imports ?? []), ...(chunk.dynamicImports ?? []));
    }
    return files;
  };
  const entries = Object.keys(manifest).filter((k) => (manifest[k] as { isEntry?: boolean }).isEntry);
  expect(entries).toEqual(['index.html']);
  const adminRoots = Object.keys(manifest).filter(isAdmin);
  expect(adminRoots.length).toBeGreaterThan(0);
  const admin = reach(adminRoots, () => false);
  const publicFiles = reach(entries, isAdmin);
  const adminOnly = new Set([...admin].filter((f) => !publicFiles.has(f)));
  // The back office's own chunks at least: were one of them reached from a public module, it
  // would drop out of the set and the page checks could no longer see it.
  for (const key of adminRoots) expect(adminOnly.has(manifest[key].file), key).toBe(true);
  return adminOnly;
}

/** Paths (assets/…) of the build files the page requests, as they are requested. */
function recordAssets(page: Page): Set<string> {
  const files = new Set<string>();
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/assets/')) files.add(path.slice(1));
  });
  return files;
}
