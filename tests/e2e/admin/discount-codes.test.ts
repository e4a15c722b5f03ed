import { describe, expect, it } from 'vitest';
import type { OrderDto } from '../../../src/shared/api-types';
import { formatThb } from '../../../src/shared/money';
import { useBrowserSuite } from '../helpers/fixture';
import { api } from './admin-helpers';

// Codes promo (issue 48 point 6) at a phone's width: staff make a code, see it with its uses,
// disable it; the dashboard shows the takings per code once one was used and paid.

const sideways = (page: import('playwright-core').Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('back office: discount codes', () => {
  const suite = useBrowserSuite({ accounts: true });

  it('makes, lists with uses and disables a code at 375 px; the dashboard shows its takings', async () => {
    const { page, errors, close } = await suite.page({ as: 'staff', viewport: { width: 375, height: 800 } });
    await page.goto(suite.url('/admin/orders'));
    await page.getByRole('link', { name: 'Codes promo' }).click();
    await page.waitForURL(/\/admin\/orders\/codes$/);
    await page.locator('[data-testid="code-new"]').click();
    await page.locator('#code-text').fill('low-season');
    await page.locator('#code-value').fill('15');
    await page.getByLabel('Séjours (chambres)').check();
    await page.getByLabel('Utilisations au total').fill('5');
    await page.locator('[data-testid="code-save"]').click();
    const card = page.locator('[data-testid="code-card"][data-code="LOW-SEASON"]');
    await card.waitFor();
    await expect(card.locator('[data-testid="code-uses"]').textContent()).resolves.toContain('Utilisé 0 fois sur 5');
    await expect(sideways(page)).resolves.toBeLessThanOrEqual(0);

    // The shared schema refuses a code covering nothing before anything is sent.
    await page.locator('[data-testid="code-new"]').click();
    await page.locator('#code-text').fill('EMPTY');
    await page.locator('#code-value').fill('10');
    await page.locator('[data-testid="code-save"]').click();
    await expect.poll(() => page.locator('[data-testid="code-form"] [role="alert"]').first().textContent()).toContain('Choisissez au moins');
    await page.getByRole('button', { name: 'Annuler' }).click();

    await card.getByRole('button', { name: 'Désactiver' }).click();
    await expect.poll(() => card.textContent()).toContain('Désactivé');

    // A code used on a paid order shows on the dashboard.
    const code = await api<{ id: number }>(
      suite.server,
      'POST',
      '/api/discount-codes',
      { code: 'FRIENDS', amountOffSatang: 50_000, appliesTo: { passIds: ['week-single.muay-thai'] } },
      suite.tokens.staff,
    );
    expect(code.id).toBeGreaterThan(0);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Bangkok' }).format(new Date());
    const order = await api<OrderDto>(suite.server, 'POST', '/api/orders', {
      passId: 'week-single.muay-thai',
      startDate: today,
      name: 'Kim Lee',
      email: 'kim.lee@example.com',
      language: 'en',
      method: 'desk',
      code: 'friends',
    });
    expect(order.amountSatang).toBe(100_000);
    await api(suite.server, 'POST', `/api/orders/${order.id}/payments`, { amountSatang: 100_000, method: 'cash' }, suite.tokens.staff);
    await page.goto(suite.url('/admin/dashboard'));
    const table = page.locator('[data-testid="code-takings"]');
    await table.waitFor();
    const row = await table.locator('tr', { hasText: 'FRIENDS' }).locator('th, td').allTextContents();
    expect(row).toEqual(['FRIENDS', '1', formatThb(50_000, 'fr-FR'), formatThb(100_000, 'fr-FR')]);
    await expect(sideways(page)).resolves.toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
    await close();
  });
});
