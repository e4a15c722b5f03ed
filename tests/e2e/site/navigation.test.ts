import { describe, expect, it } from 'vitest';
import { NAV_SECTIONS, REVIEWS, SITE, STATS } from '../../../src/shared/site';
import { gotoReady, sleep, useSite, waitScrolledTo } from './site-helpers';

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
    await gotoReady(page, site.url('/'));
    const names = () => page.locator('[data-testid="review-name"]').allTextContents();
    expect(await names()).toEqual(REVIEWS.slice(0, 3).map((r) => r.name));
    const start = Date.now();
    await page.waitForFunction((first) => document.querySelector('[data-testid="review-name"]')?.textContent !== first, REVIEWS[0].name, { timeout: 8_000 });
    const elapsed = Date.now() - start;
    expect(elapsed).toBeGreaterThan(3_500);
    expect(await names()).toEqual(REVIEWS.slice(3, 6).map((r) => r.name));
    // The last group is the 10th review and wraps to the first two; the next step starts over.
    await page.getByRole('button', { name: 'Show reviews 10, 1 and 2' }).click();
    expect(await names()).toEqual([REVIEWS[9], REVIEWS[0], REVIEWS[1]].map((r) => r.name));
    await page.mouse.move(0, 0); // leave the carousel so it may rotate again
    await page.waitForFunction((first) => document.querySelector('[data-testid="review-name"]')?.textContent === first, REVIEWS[0].name, { timeout: 8_000 });
    await close();
  });

  it('keeps the reviews still for users who prefer reduced motion', async () => {
    const { page, close } = await site.open(1280, { reducedMotion: 'reduce' });
    await gotoReady(page, site.url('/'));
    const first = await page.locator('[data-testid="review-name"]').first().textContent();
    await sleep(6_000);
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

  it('loads at most 150 KB of JavaScript on the landing page, and no back-office code', async () => {
    const { page, close } = await site.open(375);
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
    await gotoReady(page, site.url('/'));
    await page.waitForLoadState('networkidle');
    const bytes = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((e) => e.name.endsWith('.js'))
        .reduce((sum, e) => sum + (e as PerformanceResourceTiming).transferSize, 0),
    );
    expect(bytes).toBeGreaterThan(10_000);
    expect(bytes).toBeLessThanOrEqual(150 * 1024);
    expect(scripts.some((u) => /admin/i.test(u))).toBe(false);
    await close();
  });
});
