import { describe, expect, it } from 'vitest';
import type { OrderDto } from '../../../src/shared/api-types/payments';
import { api } from '../helpers/accounts';
import { useBrowserSuite } from '../helpers/fixture';
import { WEEK_PASS, fillPassForm, sideways } from './pass-journey';
import { gotoReady } from './site-helpers';

// A discount code on the pass order form (issue 48 point 6), at 375 px: a wrong code is refused
// in the page's language, a good one re-quotes and shows the discount and the new total, and the
// order made then carries the code and the discounted amount.

describe('a discount code on the pass order form', () => {
  const suite = useBrowserSuite({ accounts: true });

  it('refuses a wrong code, shows the discount of a good one, and the order takes it (375 px)', async () => {
    await api(suite.server, 'POST', '/api/discount-codes', { code: 'WELCOME-20', percentOff: 20, appliesTo: { passIds: [WEEK_PASS] } }, suite.tokens.staff);
    const { page, errors, close } = await suite.page({ width: 375 });
    await gotoReady(page, suite.url('/booking?what=pass'));
    await fillPassForm(page, { passId: WEEK_PASS, name: 'Lea Winter', email: 'lea.winter@example.com', method: 'desk' });

    const input = page.locator('#discount-code-input');
    await input.fill('nope-123');
    await page.locator('[data-testid="discount-apply"]').click();
    await expect.poll(() => page.locator('[data-testid="discount-refused"]').textContent()).toBe('This discount code is not valid.');

    await input.fill('welcome-20');
    await page.locator('[data-testid="discount-apply"]').click();
    const applied = page.locator('[data-testid="discount-applied"]');
    await applied.waitFor();
    // 20 % of 1,500 THB.
    await expect(applied.textContent()).resolves.toMatch(/WELCOME-20: ฿300(\.00)? off/);
    await expect(applied.textContent()).resolves.toMatch(/Total with the code: ฿1,200/);
    await expect(page.locator('[data-testid="discount-refused"]').count()).resolves.toBe(0);
    await expect(sideways(page)).resolves.toBeLessThanOrEqual(0);

    await page.locator('[data-testid="pass-buy"]').click();
    await page.waitForURL(/\/booking\/order\//);
    const token = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
    const order = await api<OrderDto>(suite.server, 'GET', `/api/orders/by-token/${token}`);
    expect(order.amountSatang).toBe(120_000);
    expect(order.discount).toMatchObject({ code: 'WELCOME-20', discountSatang: 30_000 });
    expect(errors).toEqual([]);
    await close();
  });
});
