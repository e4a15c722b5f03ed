import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { gotoReady, useSite } from './site-helpers';

// Decision 123: the islands runtime holds no React. A page whose islands all wait for a tap or a
// scroll runs no React at load, even when it shows the language suggestion (plain DOM); React's
// files are prefetched once the page has loaded, and imported from that prefetch on first use.

/** How each script file was asked for so far: by a module import ('script') or a prefetch ('link'). */
const initiators = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => e as PerformanceResourceTiming)
      .filter((e) => new URL(e.name).pathname.endsWith('.js'))
      .map((e) => ({ file: new URL(e.name).pathname.split('/').pop() ?? '', by: e.initiatorType, bytes: e.transferSize })),
  );

const reactFile = async (page: Page) => {
  const later = await page.locator('script[data-later]').getAttribute('data-later');
  const file = later?.split(' ').find((f) => /\/react-[\w-]+\.js$/.test(f));
  expect(file, `no React chunk among the prefetched files: ${later}`).toBeTruthy();
  return file!.split('/').pop()!;
};

describe('React comes with the first island that needs it', () => {
  const site = useSite();

  for (const path of ['/ru/blog', '/zh/booking']) {
    it(`${path} in an English browser: the suggestion shows, React is only prefetched, and a first tap runs it`, async () => {
      const { page, errors, close } = await site.open(375, { locale: 'en-US', extraHTTPHeaders: { 'Accept-Language': 'en-US,en;q=0.9' } });
      await gotoReady(page, site.url(path));
      const offer = page.locator('[data-testid="language-suggestion"]');
      await offer.waitFor();
      expect(await offer.getAttribute('lang')).toBe('en');
      expect(await offer.locator('a').getAttribute('href')).toBe(path.replace(/^\/(ru|zh)/, '') || '/');
      const react = await reactFile(page);
      // Prefetched after load, never imported: no island has hydrated.
      await expect.poll(async () => (await initiators(page)).filter((e) => e.file === react).map((e) => e.by), { timeout: 15_000 }).toEqual(['link']);
      expect(await page.locator('[data-island][data-hydrated]').count()).toBe(0);

      // The header's menu button wakes the header: React is imported now, from the prefetch.
      await page.locator('[data-island="site-header"] button[popovertarget]').first().click();
      await page.locator('[data-island="site-header"][data-hydrated="true"]').waitFor({ state: 'attached' });
      const react2 = (await initiators(page)).filter((e) => e.file === react);
      expect(react2.map((e) => e.by).sort()).toEqual(['link', 'script']);
      expect(react2.find((e) => e.by === 'script')?.bytes).toBe(0);
      expect(errors).toEqual([]);
      await close();
    });
  }
});
