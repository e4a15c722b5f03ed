import { describe, expect, it } from 'vitest';
import { gotoReady, settle, useSite, wakeIsland } from './site-helpers';

interface Item {
  id: number;
  title: string;
  imageUrl: string | null;
  instagramUrl: string | null;
  variants: { width: number; url: string }[] | null;
}

describe('gallery', () => {
  const site = useSite();
  const INSTAGRAM = 'https://www.instagram.com/p/Cgym_Test-1/';

  it('adds an Instagram item for the checks below', async () => {
    const token = await site.adminToken();
    const res = await site.api('/api/gallery/instagram', {
      method: 'POST',
      token,
      body: { title: 'Fight night on Instagram', description: null, category: 'events', instagramUrl: INSTAGRAM, imageUrl: INSTAGRAM, filename: '' },
    });
    expect(res.status).toBe(201);
  });

  it('desktop: a 3-column grid with responsive lazy images; the lightbox closes by button, outside click and Escape', async () => {
    const items = (await site.api<Item[]>('/api/gallery')).body.filter((i) => i.imageUrl || i.instagramUrl);
    const { page, errors, close } = await site.open(1280);
    await gotoReady(page, site.url('/'));
    await wakeIsland(page, 'gallery');
    const grid = page.getByTestId('gallery-grid');
    await expect(grid.isVisible()).resolves.toBe(true);
    await expect(page.getByTestId('gallery-carousel').isVisible()).resolves.toBe(false);
    await expect(grid.locator('li').count()).resolves.toBe(items.length);
    await grid.scrollIntoViewIfNeeded();
    const xs = await grid.locator('li').evaluateAll((lis) => [...new Set(lis.map((li) => Math.round(li.getBoundingClientRect().left)))]);
    expect(xs).toHaveLength(3);

    const uploaded = items.find((i) => i.variants?.length)!;
    const img = grid.locator(`img[src="${uploaded.variants!.find((v) => v.width === 800)!.url}"]`);
    await expect(img.getAttribute('loading')).resolves.toBe('lazy');
    const srcset = (await img.getAttribute('srcset')) ?? '';
    for (const v of uploaded.variants!) expect(srcset).toContain(`${v.url} ${v.width}w`);

    const lightbox = page.getByTestId('lightbox');
    const tile = grid.getByTestId('gallery-image').first();
    await tile.click();
    await expect(lightbox.isVisible()).resolves.toBe(true);
    await lightbox.getByRole('button', { name: 'Close' }).click();
    await expect(lightbox.isVisible()).resolves.toBe(false);

    await tile.click();
    await expect(lightbox.isVisible()).resolves.toBe(true);
    await page.mouse.click(15, 450); // the dark area beside the picture
    await expect(lightbox.isVisible()).resolves.toBe(false);

    await tile.click();
    await expect(lightbox.isVisible()).resolves.toBe(true);
    await page.keyboard.press('Escape');
    await expect(lightbox.isVisible()).resolves.toBe(false);
    expect(errors).toEqual([]);
    await close();
  });

  it('opens an Instagram item in a new tab and falls back to a text tile when its thumbnail fails', async () => {
    const { page, close } = await site.open(1280);
    // The machine is offline: answer instagram.com with a page (not a picture) like the real one.
    await page
      .context()
      .route('https://www.instagram.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Instagram</title>' }));
    await gotoReady(page, site.url('/'));
    await wakeIsland(page, 'gallery');
    const link = page.getByTestId('gallery-grid').locator(`a[href="${INSTAGRAM}"]`);
    await link.scrollIntoViewIfNeeded();
    await expect(link.getAttribute('target')).resolves.toBe('_blank');
    await expect(link.getAttribute('rel')).resolves.toContain('noopener');
    // The "image" is the post's page, not a picture: it cannot load, so text replaces it.
    await link.getByTestId('gallery-text-tile').waitFor({ timeout: 15_000 });
    await expect(link.textContent()).resolves.toContain('Fight night on Instagram');
    const [popup] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
    expect(popup.url()).toContain('instagram.com/p/Cgym_Test-1');
    await popup.close();
    await close();
  });

  it('mobile: a carousel with arrows, dots, wrap and a 4 s step', async () => {
    const items = (await site.api<Item[]>('/api/gallery')).body;
    const n = items.length;
    const { page, close } = await site.open(375);
    // The page's clock runs as usual; it is moved on over the automatic step below.
    await page.clock.install();
    await gotoReady(page, site.url('/'));
    await wakeIsland(page, 'gallery');
    const carousel = page.getByTestId('gallery-carousel');
    await expect(carousel.isVisible()).resolves.toBe(true);
    await expect(page.getByTestId('gallery-grid').isVisible()).resolves.toBe(false);
    await carousel.scrollIntoViewIfNeeded();
    const active = () => carousel.locator('[data-active="true"]').getAttribute('aria-label');
    // Stop the automatic step while clicking through by hand.
    await carousel.getByRole('button', { name: 'Pause slideshow' }).click();
    const before = await active();
    const index = Number(before!.split(' ')[0]);
    await carousel.getByRole('button', { name: 'Next image' }).click();
    await expect(active()).resolves.toBe(`${(index % n) + 1} of ${n}`);
    await carousel.getByRole('button', { name: 'Show image 1' }).click();
    await expect(active()).resolves.toBe(`1 of ${n}`);
    await carousel.getByRole('button', { name: 'Previous image' }).click();
    await expect(active()).resolves.toBe(`${n} of ${n}`);
    await carousel.getByRole('button', { name: 'Next image' }).click();
    await expect(active()).resolves.toBe(`1 of ${n}`);

    // Automatic step: resumes with Play; focus and pointer leave the carousel first.
    await carousel.getByRole('button', { name: 'Play slideshow' }).click();
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.mouse.move(5, 5);
    // Not yet 2.5 s on: still the first; 4.5 s on, the second (one step: runFor runs every
    // timer due, and a second step would be due at 8 s).
    await page.clock.runFor(2_500);
    await settle(page);
    await expect(active()).resolves.toBe(`1 of ${n}`);
    await page.clock.runFor(2_000);
    await page.waitForFunction(
      () => document.querySelector('[data-testid="gallery-carousel"] [data-active="true"]')?.getAttribute('aria-label')?.startsWith('2 of'),
      undefined,
      { timeout: 8_000 },
    );
    await close();
  });

  it('mobile with reduced motion: the carousel does not move by itself', async () => {
    const { page, close } = await site.open(375, { reducedMotion: 'reduce' });
    await page.clock.install();
    await gotoReady(page, site.url('/'));
    await wakeIsland(page, 'gallery');
    const carousel = page.getByTestId('gallery-carousel');
    await expect(carousel.getByRole('button', { name: 'Pause slideshow' }).count()).resolves.toBe(0);
    const before = await carousel.locator('[data-active="true"]').getAttribute('aria-label');
    // Five seconds of the page's time, every timer due in them run (a step would be one).
    await page.clock.runFor(5_000);
    await settle(page);
    await expect(carousel.locator('[data-active="true"]').getAttribute('aria-label')).resolves.toBe(before);
    await close();
  });
});
