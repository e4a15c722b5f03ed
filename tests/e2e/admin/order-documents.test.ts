import { describe, expect, it } from 'vitest';
import type { OrderDto } from '../../../src/shared/api-types';
import { todayInZone, addDays } from '../../../src/shared/gym-time';
import { GYM_ZONE, useBrowserSuite } from '../helpers/fixture';
import { api } from './admin-helpers';

// Issue 35 in Commandes and on the dashboard, at a phone's width: staff download a paid order's
// receipt (the buyer's number) from the order; the dashboard lists a programme holder under half of
// the plan over the last two weeks.

describe('back office: receipts and attendance', () => {
  const suite = useBrowserSuite({ accounts: true });

  it('downloads the receipt from the order and lists a low attender on the dashboard (375 px)', async () => {
    const { server, tokens } = suite;
    const today = todayInZone(GYM_ZONE);
    const o = await api<OrderDto>(server, 'POST', '/api/orders', {
      passId: 'week-single.muay-thai',
      startDate: today,
      name: 'Desk Receipt',
      email: 'desk-receipt@example.com',
      language: 'en',
      method: 'desk',
    });
    await api(server, 'POST', `/api/orders/${o.id}/payments`, { amountSatang: o.amountSatang, method: 'cash' }, tokens.staff);
    // A programme holder (migration 032 writes the plan) who started ten days ago and came once.
    const db = server.app.ctx.db;
    await db
      .updateTable('orders')
      .set({ programme_sessions_per_week: 5, start_date: addDays(today, -10), end_date: addDays(today, 170) })
      .where('id', '=', o.id)
      .execute();

    const { page, errors, close } = await suite.page({ as: 'staff', viewport: { width: 375, height: 780 } });
    try {
      await page.goto(`${server.url}/admin/orders/${o.id}`);
      const docs = page.locator('[data-testid="order-documents"]');
      await docs.getByText('0 séance suivie · programme : 5 par semaine').waitFor();
      const [download] = await Promise.all([page.waitForEvent('download'), docs.getByRole('button', { name: 'Reçu (PDF)' }).click()]);
      expect(download.suggestedFilename()).toMatch(/^receipt-R-\d{4}-\d{4}\.pdf$/);
      const number = download.suggestedFilename().slice('receipt-'.length, -'.pdf'.length);
      const row = await db.selectFrom('order_receipts').select('number').where('order_id', '=', o.id).executeTakeFirstOrThrow();
      expect(row.number).toBe(number);
      if (process.env.SCREENSHOTS) await page.screenshot({ path: `${process.env.SCREENSHOTS}/admin-order.png`, fullPage: true });

      await page.goto(`${server.url}/admin`);
      const card = page.locator('[data-testid="low-attendance"]');
      await card.getByText('Desk Receipt').waitFor();
      await expect(card.innerText()).resolves.toContain('0 / 7 séances (5 par semaine)');
      if (process.env.SCREENSHOTS) await card.screenshot({ path: `${process.env.SCREENSHOTS}/admin-low.png` });
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});
