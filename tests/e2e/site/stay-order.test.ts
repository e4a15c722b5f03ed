import { describe, expect, it } from 'vitest';
import type { OrderDto } from '../../../src/shared/api-types';
import { addDays, todayInZone } from '../../../src/shared/gym-time';
import { CATALOGUES } from '../../../src/shared/i18n/locales';
import { kb, measurePageWeight, overBudget } from '../../helpers/page-weight';
import { GYM_ZONE } from '../helpers/fixture';
import { WEEK_PASS, prefixOf, sideways } from './pass-journey';
import { gotoReady, useSite } from './site-helpers';

// Issue 36, point 3: the order page of a pass with a room and a pickup shows each line apart with
// its amount, what is included and not, and the balance; the buyer moves the stay within the
// terms. At 375 px in French and English, nothing wider than the screen, within the page's
// JavaScript budget (the stay's part is a chunk of its own).

describe('the order page of a stay', () => {
  const site = useSite();

  for (const language of ['fr', 'en'] as const) {
    it(`shows training, room and pickup apart and takes new dates (375 px, ${language})`, async () => {
      const admin = await site.adminToken();
      const type = await site.api<{ id: number }>('/api/stays/room-types', {
        method: 'POST',
        token: admin,
        body: { name: 'Garden bungalow', translations: { fr: { name: 'Bungalow jardin' } }, maxGuests: 2, rooms: 2, nightlyPriceSatang: 120_000 },
      });
      expect(type.status).toBe(201);
      // Online, a stay is paid by PromptPay or card (its deposit holds the room).
      const current = await site.api<{ settings: { payments: Record<string, unknown> }; version: number }>('/api/site-settings', { token: admin });
      if (current.body.settings.payments.promptpayId !== '0812345678') {
        const saved = await site.api('/api/site-settings', {
          method: 'PUT',
          token: admin,
          body: {
            settings: { ...current.body.settings, payments: { ...current.body.settings.payments, promptpayId: '0812345678' } },
            version: current.body.version,
          },
        });
        expect(saved.status).toBe(200);
      }
      const checkIn = addDays(todayInZone(GYM_ZONE), 40);
      const o = await site.api<OrderDto & { token: string }>('/api/orders', {
        method: 'POST',
        body: {
          passId: WEEK_PASS,
          startDate: checkIn,
          name: `Stay Guest ${language}`,
          email: `stay-${language}@example.com`,
          phone: null,
          language,
          method: 'promptpay',
          stay: { roomTypeId: type.body.id, checkIn, checkOut: addDays(checkIn, 3), guests: 2 },
          pickup: { airport: 'KBV', flightNumber: 'FD3011', arrivesAt: `${checkIn}T10:20` },
        },
      });
      expect(o.status).toBe(201);
      const t = CATALOGUES[language];
      const { page, errors, close } = await site.open(375);
      try {
        await gotoReady(page, site.url(`${prefixOf(language)}/booking/order/${o.body.token}`));
        const section = page.locator('[data-testid="order-stay"]');
        await section.waitFor();
        await expect(section.textContent()).resolves.toContain(t['orderStay.title']);
        await expect(page.locator('[data-testid="order-stay-room"]').innerText()).resolves.toContain(language === 'fr' ? 'Bungalow jardin' : 'Garden bungalow');
        await expect(page.locator('[data-testid="order-stay-pickup"]').innerText()).resolves.toContain('FD3011');
        await expect(page.locator('[data-testid="order-stay-training"]').count()).resolves.toBe(1);
        await expect(section.innerText()).resolves.toContain(t['orderStay.included']);
        expect(await sideways(page)).toBeLessThanOrEqual(0);

        const form = page.locator('[data-testid="order-stay-dates"]');
        // First use wakes the island; the dates are typed once it is React's.
        await form.locator('input[type="date"]').nth(0).focus();
        await page.locator('[data-island="order-stay"][data-hydrated="true"]').waitFor({ state: 'attached', timeout: 15_000 });
        await form.locator('input[type="date"]').nth(0).fill(addDays(checkIn, 1));
        await form.locator('input[type="date"]').nth(1).fill(addDays(checkIn, 5));
        await form.locator('button[type="submit"]').click();
        // The pickup moved with the stay: the buyer is asked to check the landing and the flight.
        await form.getByText(t['orderStay.savedPickup']).waitFor();
        const after = await site.api<OrderDto>(`/api/orders/by-token/${o.body.token}`);
        expect(after.body.lines?.stay).toMatchObject({ checkIn: addDays(checkIn, 1), nights: 4, amountSatang: 480_000 });
        expect(after.body.lines?.pickup?.arrivesAt).toBe(`${addDays(checkIn, 1)}T10:20`);
        if (process.env.SCREENSHOTS) await page.screenshot({ path: `${process.env.SCREENSHOTS}/stay-order-${language}.png`, fullPage: true });
        expect(errors).toEqual([]);
      } finally {
        await close();
      }
      const w = await measurePageWeight(site.browser, site.url(`${prefixOf(language)}/booking/order/${o.body.token}`), {
        locale: language === 'en' ? 'en-US' : language,
      });
      expect(overBudget(w), [...w.scrolled.scripts].map((s) => `${kb(s.bytes)} KB ${s.url}`).join('\n')).toEqual([]);
    });
  }
});
