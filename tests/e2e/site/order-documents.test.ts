import { describe, expect, it } from 'vitest';
import type { OrderDto } from '../../../src/shared/api-types';
import { CATALOGUES } from '../../../src/shared/i18n/locales';
import { todayInZone, zonedToInstant } from '../../../src/shared/gym-time';
import { api } from '../helpers/accounts';
import { GYM_ZONE, useBrowserSuite } from '../helpers/fixture';
import { WEEK_PASS, prefixOf, sideways } from './pass-journey';
import { gotoReady } from './site-helpers';

// Issue 35, points 6 and 7: once paid in full, the order page offers the receipt (a PDF behind the
// order's token) and shows attendance against a programme's weekly plan; before that, no receipt
// link. At 375 px in Russian and English, nothing wider than the screen.

const JOURNEYS = [
  { width: 375, language: 'ru' },
  { width: 375, language: 'en' },
] as const;

describe('the order page offers the receipt once paid', () => {
  const suite = useBrowserSuite({ accounts: true });

  for (const { width, language } of JOURNEYS) {
    it(`shows no receipt while unpaid, then the receipt link and attendance (${width} px, ${language})`, async () => {
      const { server, tokens } = suite;
      const today = todayInZone(GYM_ZONE);
      const o = await api<OrderDto>(server, 'POST', '/api/orders', {
        passId: WEEK_PASS,
        startDate: today,
        name: `Receipt Reader ${language}`,
        email: `receipt-${language}@example.com`,
        language,
        method: 'desk',
      });
      const { page, errors, close } = await suite.page({ width });
      try {
        const t = CATALOGUES[language];
        await gotoReady(page, suite.url(`${prefixOf(language)}/booking/order/${o.token}`));
        await page.locator('[data-testid="order-status"]').getByText(t['order.status.awaiting']).waitFor();
        await expect(page.locator('[data-testid="order-receipt"]').count()).resolves.toBe(0);

        await api(server, 'POST', `/api/orders/${o.id}/payments`, { amountSatang: o.amountSatang, method: 'cash' }, tokens.staff);
        // A programme's plan (migration 032 writes it on programme orders) and one session the desk marked.
        const db = server.app.ctx.db;
        await db.updateTable('orders').set({ programme_sessions_per_week: 5 }).where('id', '=', o.id).execute();
        const row = await db.selectFrom('orders').select('customer_id').where('id', '=', o.id).executeTakeFirstOrThrow();
        await db
          .insertInto('reservations')
          .values({
            name: `Receipt Reader ${language}`,
            email: null,
            phone: null,
            course: 'Muay Thai Fundamentals',
            date_time: zonedToInstant(today, '07:00', GYM_ZONE).toISOString(),
            message: null,
            status: 'read',
            created_at: new Date().toISOString(),
            weekly_session_id: null,
            session_date: today,
            manage_token_hash: null,
            attendance: 'present',
            cancelled_at: null,
            reminder_queued_at: null,
            status_before_archive: null,
            customer_id: row.customer_id,
          })
          .execute();

        await page.reload();
        await page.locator('[data-testid="order-status"]').getByText(t['order.status.paid']).waitFor();
        const link = page.locator('[data-testid="order-receipt"]');
        await link.getByText(t['order.receipt']).waitFor();
        expect(await link.getAttribute('href')).toBe(`/api/orders/by-token/${o.token}/receipt.pdf`);
        const attendance = page.locator('[data-testid="order-attendance"]');
        await expect(attendance.innerText()).resolves.toContain(t['order.planPerWeek'].replace('{n}', '5'));
        expect(await sideways(page)).toBeLessThanOrEqual(0);
        // The link's target is the PDF, fetched as the browser would.
        const pdf = await page.evaluate(async (href) => {
          const res = await fetch(href);
          return { status: res.status, type: res.headers.get('content-type'), head: new TextDecoder().decode((await res.arrayBuffer()).slice(0, 5)) };
        }, `/api/orders/by-token/${o.token}/receipt.pdf`);
        expect(pdf).toEqual({ status: 200, type: 'application/pdf', head: '%PDF-' });
        if (process.env.SCREENSHOTS) await page.screenshot({ path: `${process.env.SCREENSHOTS}/order-${language}.png`, fullPage: true });
        expect(errors).toEqual([]);
      } finally {
        await close();
      }
    });
  }
});
