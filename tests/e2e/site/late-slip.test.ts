import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { OrderDto, StaffOrderDto } from '../../../src/shared/api-types';
import { CATALOGUES } from '../../../src/shared/i18n/locales';
import { todayInZone } from '../../../src/shared/gym-time';
import { api } from '../helpers/accounts';
import { useBrowserSuite } from '../helpers/fixture';
import { WEEK_PASS, prefixOf, sideways, usePromptpayId } from './pass-journey';
import { gotoReady } from './site-helpers';

// Issue 32, point 4: a PromptPay transfer made after the hold ended is welcome. The order page of
// an expired PromptPay order shows no QR any more, says staff will check a slip sent within 7
// days, and takes it; staff then record the payment and the page shows the pass paid. At 375 px in
// Thai from Berlin and at 1280 px in English from New York.

const JOURNEYS = [
  { width: 375, language: 'th', timeZone: 'Europe/Berlin' },
  { width: 1280, language: 'en', timeZone: 'America/New_York' },
] as const;

describe('a late PromptPay transfer on an expired order', () => {
  const suite = useBrowserSuite({ accounts: true });

  for (const { width, language, timeZone } of JOURNEYS) {
    it(`takes the slip and shows the pass paid once staff record it (${width} px, ${language}, ${timeZone})`, async () => {
      const { server, tokens } = suite;
      await usePromptpayId(suite);
      const o = await api<OrderDto>(server, 'POST', '/api/orders', {
        passId: WEEK_PASS,
        startDate: todayInZone('Asia/Bangkok'),
        name: `Late Payer ${width}`,
        email: `late-${width}@example.com`,
        language,
        method: 'promptpay',
      });
      await server.app.ctx.db
        .updateTable('orders')
        .set({ expires_at: new Date(Date.now() - 3_600_000).toISOString() })
        .where('id', '=', o.id)
        .execute();
      const { page, errors, close } = await suite.page({ width, timeZone });
      try {
        await gotoReady(page, suite.url(`${prefixOf(language)}/booking/order/${o.token}`));
        const t = CATALOGUES[language];
        await page.locator('[data-testid="order-status"]').getByText(t['order.status.expired']).waitFor();
        await page.getByText(t['order.lateSlip']).waitFor();
        // The QR and its instructions are gone once the hold has ended.
        await expect(page.locator('[data-testid="promptpay-instructions"], img[src*="promptpay.svg"]').count()).resolves.toBe(0);
        const png = await sharp({ create: { width: 400, height: 600, channels: 3, background: '#dfe' } })
          .png()
          .toBuffer();
        await page.locator('[data-testid="late-slip"] input[type=file]').setInputFiles({ name: 'slip.png', mimeType: 'image/png', buffer: png });
        await page.getByText(t['slip.sent']).waitFor();
        expect(await sideways(page)).toBeLessThanOrEqual(0);
        const staffView = await api<StaffOrderDto>(server, 'GET', `/api/orders/${o.id}`, undefined, tokens.staff);
        expect(staffView.slipUrl).toBe(`/api/orders/${o.id}/slip`);
        await api(server, 'POST', `/api/orders/${o.id}/payments`, { amountSatang: o.amountSatang, method: 'promptpay' }, tokens.staff);
        await page.reload();
        await page.locator('[data-testid="order-status"]').getByText(t['order.status.paid']).waitFor();
        expect(errors).toEqual([]);
      } finally {
        await close();
      }
    });
  }
});
