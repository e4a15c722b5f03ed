import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, isoWeekday, todayInZone } from '../../../src/shared/gym-time';
import { LANGUAGES, type Language } from '../../../src/shared/i18n/languages';
import { CATALOGUES } from '../../../src/shared/i18n/locales';
import { formatThb } from '../../../src/shared/money';
import type { OrderDto, PassDto } from '../../../src/shared/api-types/payments';
import type { SessionsAnswer } from '../../../src/shared/schemas/timetable';
import { api } from '../helpers/accounts';
import { GYM_ZONE, useBrowserSuite, type OpenPage } from '../helpers/fixture';
import { PROMPTPAY_ID, WEEK_PASS, buyPass, creditsShown, intlLocale, prefixOf, sideways, usePromptpayId } from './pass-journey';
import { gotoReady } from './site-helpers';

// The shop and the order page in every language of the site (issue 21 §3), at a phone's and a
// desktop's width: each language buys a week pass with PromptPay at one width (the widths
// alternate) and then reads its shop and its order page at the other one. Every page is in its
// language, draws the QR, writes the amount as its locale does, never scrolls sideways at 375 px
// and logs no error. Then the refusals of a pass (a second class the same day on a one-a-day
// pass) in Russian and French on the site, and an order that lapsed while staff were paying it,
// recorded at the desk all the same (a late transfer is welcome).

const WEEK_PRICE = 150_000;
const OTHER = { 375: 1280, 1280: 375 } as const;

/** A page that also collects console errors (a failed request, a React warning logged as error). */
async function openPage(suite: ReturnType<typeof useBrowserSuite>, opts: Parameters<ReturnType<typeof useBrowserSuite>['page']>[0]): Promise<OpenPage> {
  const opened = await suite.page(opts);
  opened.page.on('console', (m) => {
    if (m.type() === 'error') opened.errors.push(`console: ${m.text()}`);
  });
  return opened;
}

/** The order page's checks in one language: its words, the QR, the amount, no sideways scroll at 375 px. */
async function expectAwaitingOrder(page: Page, language: Language, width: number) {
  const words = CATALOGUES[language];
  await page.locator('[data-testid="order"][data-status="awaiting-payment"]').waitFor();
  await expect(page.locator('html').getAttribute('lang')).resolves.toMatch(new RegExp(`^${language}`));
  await expect(page.locator('h1').textContent()).resolves.toBe(words['order.title']);
  await expect(page.locator('[data-testid="order-status"]').textContent()).resolves.toBe(words['order.status.awaiting']);
  await expect(page.locator('#pay-title').textContent()).resolves.toBe(words['order.payTitle']);
  const amount = formatThb(WEEK_PRICE, intlLocale(language));
  await expect(page.locator('[data-testid="order-owed"]').textContent()).resolves.toBe(amount);
  const instructions = (await page.locator('[data-testid="promptpay-instructions"]').textContent())!;
  expect(instructions).toContain(amount);
  expect(instructions).toContain(PROMPTPAY_ID);
  await page.waitForFunction(() => (document.querySelector<HTMLImageElement>('[data-testid="promptpay-qr"]')?.naturalWidth ?? 0) > 0);
  if (width === 375) await expect(sideways(page)).resolves.toBeLessThanOrEqual(0);
}

describe('passes in every language', () => {
  const suite = useBrowserSuite({ accounts: true });
  let passes: PassDto[];
  beforeAll(async () => {
    await usePromptpayId(suite);
    passes = await api<PassDto[]>(suite.server, 'GET', '/api/passes');
  });

  for (const [i, language] of LANGUAGES.entries()) {
    const width = i % 2 === 0 ? 375 : 1280;
    it(`${language}: buys a week pass with PromptPay at ${width} px, reads the shop and the order page at ${OTHER[width]} px`, async () => {
      const words = CATALOGUES[language];
      const week = passes.find((p) => p.id === WEEK_PASS)!;
      const buyer = await openPage(suite, { width });
      const token = await buyPass(buyer.page, suite, {
        language,
        passId: WEEK_PASS,
        name: `Traveller ${language}`,
        email: `languages-${language}@example.com`,
        method: 'promptpay',
      });
      await expectAwaitingOrder(buyer.page, language, width);
      expect(buyer.errors).toEqual([]);
      await buyer.close();

      // The same shop and order at the other width, in a fresh browser.
      const other = OTHER[width];
      const reader = await openPage(suite, { width: other });
      await gotoReady(reader.page, suite.url(`${prefixOf(language)}/booking?what=pass`));
      await reader.page.locator('#passes-title').waitFor();
      await expect(reader.page.locator('#passes-title').textContent()).resolves.toBe(words['passes.title']);
      const card = reader.page.locator(`[data-testid="pass-option"][data-pass-id="${WEEK_PASS}"]`);
      await expect(card.textContent()).resolves.toContain(formatThb(week.priceSatang, intlLocale(language)));
      await expect(card.textContent()).resolves.toContain(week.name[language].split(' · ')[0]);
      await expect(reader.page.locator('[data-testid="pay-method"][data-method="promptpay"]').textContent()).resolves.toBe(words['passes.method.promptpay']);
      if (other === 375) await expect(sideways(reader.page)).resolves.toBeLessThanOrEqual(0);
      await gotoReady(reader.page, suite.url(`${prefixOf(language)}/booking/order/${encodeURIComponent(token)}`));
      await expectAwaitingOrder(reader.page, language, other);
      expect(reader.errors).toEqual([]);
      await reader.close();
    }, 120_000);
  }

  describe('refusals', () => {
    /** A paid week pass (one class a day) of a buyer, bought through the API in a language. */
    async function paidWeekPass(language: Language): Promise<{ token: string; order: OrderDto }> {
      const res = await fetch(suite.url('/api/orders'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          passId: WEEK_PASS,
          startDate: todayInZone(GYM_ZONE),
          name: `Refused ${language}`,
          email: `refused-${language}@example.com`,
          phone: null,
          language,
          method: 'promptpay',
        }),
      });
      expect(res.status).toBe(201);
      const created = (await res.json()) as OrderDto & { token: string };
      await api(suite.server, 'POST', `/api/orders/${created.id}/payments`, { amountSatang: created.amountSatang, method: 'promptpay' }, suite.tokens.staff);
      return { token: created.token, order: created };
    }

    const CASES = [
      { language: 'ru', width: 375 },
      { language: 'fr', width: 1280 },
    ] as const;
    for (const { language, width } of CASES) {
      it(`${language}: a second class the same day on a one-a-day pass is refused in ${language} (${width} px)`, async () => {
        const { token } = await paidWeekPass(language);
        // The gym's two Muay Thai classes of one afternoon (14:00 and 15:00, Monday to Saturday),
        // two days ahead or later: within the week, well before the class.
        const sessions = (await api<SessionsAnswer>(suite.server, 'GET', '/api/sessions?days=14')).sessions;
        const today = todayInZone(GYM_ZONE);
        const day = [2, 3, 4, 5]
          .map((n) => addDays(today, n))
          .find((d) => isoWeekday(d) !== 7 && sessions.filter((s) => s.date === d && s.course.includes('Muay Thai') && !s.full).length >= 2)!;
        expect(day).toBeDefined();
        const [first, second] = sessions.filter((s) => s.date === day && s.course.includes('Muay Thai') && !s.full);

        const { page, errors, close } = await openPage(suite, { width });
        await gotoReady(page, suite.url(`${prefixOf(language)}/booking/order/${encodeURIComponent(token)}`));
        await page.locator('[data-testid="order"][data-status="paid"]').waitFor();
        const booking = page.locator('[data-testid="pass-booking"]');
        await booking.locator('input[autocomplete="name"]').fill(`Refused ${language}`);
        await booking.locator('input[autocomplete="email"]').fill(`refused-${language}@example.com`);
        await booking.locator(`button[data-date="${day}"]`).click();
        await booking.locator(`[data-testid="session"][data-session-id="${first.id}"]`).click();
        await booking.locator('[data-testid="pass-book"]').click();
        await page.locator('[data-testid="pass-booked"] li').first().waitFor();
        await page.waitForFunction(() => /\d+/.exec(document.querySelector('[data-testid="credits-left"]')?.textContent ?? '')?.[0] === '6');

        await booking.locator(`[data-testid="session"][data-session-id="${second.id}"]`).click();
        await booking.locator('[data-testid="pass-book"]').click();
        const refused = page.locator('[data-testid="pass-book-refused"]');
        await refused.waitFor();
        await expect(refused.textContent()).resolves.toBe(CATALOGUES[language]['passError.dayUsed']);
        expect(CATALOGUES[language]['passError.dayUsed']).not.toBe(CATALOGUES.en['passError.dayUsed']);
        // Nothing was booked or spent by the refusal.
        await expect(creditsShown(page)).resolves.toBe(6);
        await expect(page.locator('[data-testid="pass-booked"] li').count()).resolves.toBe(1);
        if (width === 375) await expect(sideways(page)).resolves.toBeLessThanOrEqual(0);
        // The console holds the refused request (the browser logs a 409, the page its failure) and nothing else.
        expect(errors.filter((e) => !/409|Failed to book with the pass/.test(e))).toEqual([]);
        await close();
      }, 120_000);
    }

    it('at the desk: a payment on an order that lapsed meanwhile is recorded, a late transfer is welcome (375 px)', async () => {
      const { server, tokens } = suite;
      const created = await fetch(suite.url('/api/orders'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          passId: WEEK_PASS,
          startDate: todayInZone(GYM_ZONE),
          name: 'Lapsed Buyer',
          email: 'lapsed@example.com',
          phone: null,
          language: 'en',
          method: 'promptpay',
        }),
      });
      expect(created.status).toBe(201);
      const order = (await created.json()) as OrderDto;
      const { page, errors, close } = await suite.page({ as: 'staff', width: 375 });
      await page.goto(`${server.url}/admin/orders/${order.id}`);
      await page.getByText('En attente de paiement', { exact: true }).first().waitFor();
      await page.getByRole('button', { name: 'Enregistrer un paiement' }).click();
      const form = page.getByTestId('payment-form');
      await form.getByLabel('Montant reçu (฿)').fill('1500');
      // While the form is open the order's hold runs out (PAYMENT_HOLD_HOURS): nothing was paid.
      await server.app.ctx.db
        .updateTable('orders')
        .set({ expires_at: new Date(Date.now() - 60_000).toISOString() })
        .where('id', '=', order.id)
        .execute();
      await form.getByRole('button', { name: 'Enregistrer le paiement' }).click();
      // Issue 32: the order's state follows its ledger; the money is recorded and the order is paid.
      await page.getByText('Payée', { exact: true }).first().waitFor();
      const after = await api<OrderDto>(server, 'GET', `/api/orders/${order.id}`, undefined, tokens.staff);
      expect(after).toMatchObject({ status: 'paid', paidSatang: 150_000 });
      expect(errors).toEqual([]);
      await close();
    }, 120_000);
  });
});
