import { describe, expect, it } from 'vitest';
import type { OrderDto } from '../../../src/shared/api-types';
import { addDays, todayInZone } from '../../../src/shared/gym-time';
import { GYM_ZONE, useBrowserSuite } from '../helpers/fixture';
import { api } from './admin-helpers';

// Issue 36, point 4, in Commandes at a phone's width: an admin sees an order's stay and pickup,
// asks what its accepted terms give back, and confirms: the order is cancelled, its nights given
// back, the quoted refund recorded.

describe('back office: a stay cancelled as its terms say', () => {
  const suite = useBrowserSuite({ accounts: true });

  it('shows the stay, quotes the refund and cancels on confirmation (375 px)', async () => {
    const { server, tokens } = suite;
    const type = await api<{ id: number }>(
      server,
      'POST',
      '/api/stays/room-types',
      { name: 'Sea view', maxGuests: 2, rooms: 1, nightlyPriceSatang: 150_000 },
      tokens.admin,
    );
    const checkIn = addDays(todayInZone(GYM_ZONE), 20);
    // Sold at the desk with its deposit (online, a stay is paid by PromptPay or card).
    const o = await api<OrderDto>(
      server,
      'POST',
      '/api/desk/orders',
      {
        name: 'Stay Cancel',
        email: 'stay-cancel@example.com',
        language: 'en',
        stay: { roomTypeId: type.id, checkIn, checkOut: addDays(checkIn, 2), guests: 1 },
        payment: { amountSatang: 100_000, method: 'cash' },
      },
      tokens.staff,
    );

    const { page, errors, close } = await suite.page({ as: 'admin', viewport: { width: 375, height: 780 } });
    try {
      await page.goto(`${server.url}/admin/orders/${o.id}`);
      const card = page.locator('[data-testid="order-stay"]');
      await card.getByText('Sea view', { exact: false }).waitFor();
      await card.getByRole('button', { name: 'Annuler le séjour…' }).click();
      const quote = card.locator('[data-testid="stay-quote"]');
      await quote.waitFor();
      // 20 days before arrival: the seed's terms give back half.
      await expect(quote.innerText()).resolves.toContain('50 %');
      await quote.getByRole('button', { name: /Confirmer l'annulation/ }).click();
      await card.getByText('Nuits rendues', { exact: false }).waitFor();
      const row = await server.app.ctx.db
        .selectFrom('orders')
        .select(['cancelled_at', 'cancellation_kept_satang'])
        .where('id', '=', o.id)
        .executeTakeFirstOrThrow();
      expect(row.cancelled_at).not.toBeNull();
      expect(row.cancellation_kept_satang).toBe(50_000);
      if (process.env.SCREENSHOTS) await page.screenshot({ path: `${process.env.SCREENSHOTS}/admin-stay-cancel.png`, fullPage: true });
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});
