import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { gotoReady, scriptsLoaded as scripts, useSite } from './site-helpers';

// Issue 24, point 3: journeys work with a warm cache as well as a cold one. The other suites open
// a fresh browser for each test, so every script there comes over the wire; here one browser
// visits the pages twice, and the second visit takes every script from its cache.

/**
 * Waits until the files the page prefetches after load (React, listed on its start script) are
 * in: a navigation before then cancels the prefetch, and the next page would fetch them anew.
 */
const prefetched = (page: Page) =>
  page.waitForFunction(() => {
    const later = document.querySelector<HTMLScriptElement>('script[data-later]')?.dataset.later?.split(' ').filter(Boolean) ?? [];
    const done = new Set(performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname));
    return later.length > 0 && later.every((f) => done.has(f));
  });

describe('with a warm cache', () => {
  const site = useSite();

  it('a second visit takes its scripts from the cache, and the menu, the reviews and a booking work', async () => {
    const { page, errors, close } = await site.open(375);
    await gotoReady(page, site.url('/ru/'));
    await prefetched(page);
    const cold = await scripts(page);
    expect(cold.filter((s) => s.bytes === 0)).toEqual([]);
    await gotoReady(page, site.url('/booking?what=class'));
    await prefetched(page);

    // The Russian landing page again: nothing comes over the wire, and its islands wake.
    await gotoReady(page, site.url('/ru/'));
    const warm = await scripts(page);
    expect(warm.length).toBeGreaterThanOrEqual(cold.length);
    expect(warm.filter((s) => s.bytes > 0)).toEqual([]);
    await page.getByRole('button', { name: 'Открыть меню' }).click();
    const closeMenu = page.getByRole('button', { name: 'Закрыть меню' });
    await expect.poll(() => closeMenu.getAttribute('aria-expanded')).toBe('true');
    await closeMenu.click();
    await expect(page.getByRole('navigation', { name: 'Мобильное меню' }).isVisible()).resolves.toBe(false);
    await page.locator('#testimonials').scrollIntoViewIfNeeded();
    await expect.poll(() => page.locator('[data-island="testimonials"]').getAttribute('data-hydrated')).toBe('true');

    // /booking again, from the cache: a session chosen fills the form, and the booking is made once.
    await gotoReady(page, site.url('/booking?what=class'));
    expect((await scripts(page)).filter((s) => s.bytes > 0)).toEqual([]);
    const session = page.locator('[data-testid="session"]:not([data-full])').first();
    await session.scrollIntoViewIfNeeded();
    await session.click();
    const form = page.locator('#booking-form');
    await expect.poll(() => form.getByLabel('Course').inputValue()).not.toBe('');
    const name = `Warm Cache ${Date.now()}`;
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Email').fill('warm-cache@example.com');
    await form.getByRole('button', { name: 'Confirm Booking' }).click();
    await page.getByTestId('booking-success').waitFor();
    const token = await site.adminToken();
    const saved = (await site.api<{ name: string }[]>('/api/reservations', { token })).body.filter((r) => r.name === name);
    expect(saved).toHaveLength(1);
    expect(errors).toEqual([]);
    await close();
  });
});
