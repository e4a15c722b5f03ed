import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDto, StaffOrderDto } from '../../../src/shared/api-types';
import { formatThb } from '../../../src/shared/money';
import { api } from '../helpers/accounts';
import { useBrowserSuite } from '../helpers/fixture';
import { startStripeStandIn, WEBHOOK_PATH, type StripeStandIn } from '../../helpers/stripe-stand-in';
import { WEEK_PASS, creditsShown, fillPassForm, intlLocale, prefixOf, sideways } from './pass-journey';
import { gotoReady } from './site-helpers';

// A pass bought by card (issue 21 §3, §8): the app runs with Stripe's keys pointed at the
// Checkout stand-in (tests/helpers/stripe-stand-in.ts). The traveller picks a pass and "Card" on
// /booking, lands on the stand-in's checkout page, goes back without paying (the order waits),
// pays from the order page's card button; the stand-in delivers checkout.session.completed signed
// with the stripe library's own test helper, then sends the buyer to the success address, where
// the order page shows the pass paid. Staff see it paid by card in Commandes. At 375 px in
// English from New York and at 1280 px in Russian from Berlin.

const JOURNEYS = [
  { width: 375, language: 'en', timeZone: 'America/New_York' },
  { width: 1280, language: 'ru', timeZone: 'Europe/Berlin' },
] as const;
const WEEK_PRICE = 150_000;

describe('a pass bought by card through Checkout', () => {
  let standIn: StripeStandIn;
  beforeAll(async () => {
    standIn = await startStripeStandIn();
  });
  const suite = useBrowserSuite({ accounts: true, server: () => ({ stripe: standIn.settings }) });
  beforeAll(() => {
    // The stand-in's Pay button delivers the signed event to the app over HTTP, as Stripe would.
    standIn.webhookUrl = suite.url(WEBHOOK_PATH);
  });
  afterAll(async () => {
    await standIn?.close();
  });

  for (const { width, language, timeZone } of JOURNEYS) {
    it(`buys a 1-week pass by card and sees it paid, on the site and in Commandes (${width} px, ${language}, ${timeZone})`, async () => {
      const { server, tokens } = suite;
      const prefix = prefixOf(language);
      const name = `Card Traveller ${width}`;
      const email = `card-${width}-${language}@example.com`;
      const { page, errors, close } = await suite.page({ width, timeZone });
      // Stripe sends the buyer back to the app's public address (PUBLIC_URL); here that address
      // is reached through the server under test, as DNS would.
      const publicOrigin = new URL(server.app.ctx.config.publicUrl).origin;
      if (publicOrigin !== new URL(server.url).origin) {
        await page.context().route(`${publicOrigin}/**`, (route) => {
          const to = new URL(route.request().url());
          return route.fulfill({ status: 302, headers: { location: suite.url(to.pathname + to.search) } });
        });
      }

      // 1. The shop offers cards; the buyer picks the week pass and pays by card.
      await gotoReady(page, suite.url(`${prefix}/booking?what=pass`));
      await page.locator('[data-testid="pay-method"][data-method="card"]').waitFor();
      await fillPassForm(page, { passId: WEEK_PASS, name, email, method: 'card' });
      const sessionsBefore = standIn.sessions.size;
      await page.locator('[data-testid="pass-buy"]').click();

      // 2. The stand-in's checkout page, for the exact amount in satang (THB has two decimals at Stripe).
      await page.waitForURL(`${standIn.url}/pay/**`);
      await page.getByRole('heading', { name: 'Pay 1500.00 THB' }).waitFor();
      expect(standIn.sessions.size).toBe(sessionsBefore + 1);
      const first = [...standIn.sessions.values()].at(-1)!;
      expect(first).toMatchObject({ amount_total: WEEK_PRICE, currency: 'thb', customer_email: email, status: 'open', locale: language });
      const back = new URL(first.success_url!);
      expect(back.pathname).toMatch(new RegExp(`^${prefix}/booking/order/[A-Za-z0-9_-]+$`));
      expect(first.cancel_url).toBe(first.success_url);
      const token = decodeURIComponent(back.pathname.split('/').pop()!);

      // 3. Back without paying: the order waits for its money and offers the card again.
      await page.getByRole('link', { name: 'Cancel' }).click();
      await page.waitForURL(suite.url(back.pathname));
      await page.waitForSelector('html[data-hydrated="true"]');
      await page.locator('[data-testid="order"][data-status="awaiting-payment"]').waitFor();
      await expect(page.locator('[data-testid="order-owed"]').textContent()).resolves.toBe(formatThb(WEEK_PRICE, intlLocale(language)));
      await expect(page.locator('[data-testid="promptpay-qr"]').count()).resolves.toBe(0);
      const waiting = await api<OrderDto>(server, 'GET', `/api/orders/by-token/${encodeURIComponent(token)}`);
      expect(waiting).toMatchObject({ status: 'awaiting-payment', method: 'card', paidSatang: 0, owedSatang: WEEK_PRICE });
      if (width === 375) await expect(sideways(page)).resolves.toBeLessThanOrEqual(0);

      // 4. Pay by card from the order page: the stand-in delivers the signed webhook, then sends
      // the buyer back to the order page, which shows the pass paid.
      await page.locator('[data-testid="card-pay"]').click();
      await page.waitForURL(`${standIn.url}/pay/**`);
      const paying = standIn.sessions.get(new URL(page.url()).pathname.split('/').pop()!)!;
      expect(paying).toMatchObject({ amount_total: WEEK_PRICE, metadata: { orderId: String(waiting.id) } });
      await page.getByRole('button', { name: 'Pay' }).click();
      await page.waitForURL(suite.url(back.pathname));
      await page.locator('[data-testid="order"][data-status="paid"]').waitFor({ timeout: 15_000 });
      await expect(page.locator('[data-testid="order-paid"]').textContent()).resolves.toBe(formatThb(WEEK_PRICE, intlLocale(language)));
      await expect(page.locator('[data-testid="order-owed"]').textContent()).resolves.toBe(formatThb(0, intlLocale(language)));
      await expect(creditsShown(page)).resolves.toBe(7);
      await expect(page.locator('[data-testid="order-payment"]').count()).resolves.toBe(0);
      if (width === 375) await expect(sideways(page)).resolves.toBeLessThanOrEqual(0);
      expect(errors).toEqual([]);
      await close();

      // 5. The money in the ledger: one card payment with the payment intent, nothing more.
      const paid = await api<StaffOrderDto>(server, 'GET', `/api/orders/${waiting.id}`, undefined, tokens.staff);
      expect(paid).toMatchObject({ status: 'paid', paidSatang: WEEK_PRICE, owedSatang: 0 });
      expect(paid.ledger).toEqual([expect.objectContaining({ kind: 'payment', method: 'card', amountSatang: WEEK_PRICE })]);

      // 6. Staff see it in Commandes: paid, by card online.
      const desk = await suite.page({ as: 'staff', width });
      await desk.page.goto(`${server.url}/admin/orders?q=${encodeURIComponent(name)}`);
      const item = desk.page.getByTestId(width >= 1280 ? 'order-row' : 'order-card').filter({ hasText: name });
      await item.getByText('Payée', { exact: true }).waitFor();
      await item.getByText('Carte (en ligne)', { exact: true }).waitFor();
      await item.getByText(formatThb(WEEK_PRICE, 'fr'), { exact: true }).waitFor();
      await item.getByRole('link', { name: new RegExp(`^Commande .+, ${name}$`) }).click();
      await desk.page.waitForURL(`**/admin/orders/${waiting.id}`);
      await desk.page.getByTestId('order-ledger').getByText('Carte (en ligne)').first().waitFor();
      expect(desk.errors).toEqual([]);
      await desk.close();
    }, 180_000);
  }
});
