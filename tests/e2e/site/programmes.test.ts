import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PassDto } from '../../../src/shared/api-types/payments';
import { CATALOGUES } from '../../../src/shared/i18n/locales';
import { formatThb } from '../../../src/shared/money';
import type { SiteSettings } from '../../../src/shared/schemas/site-settings';
import { api } from '../helpers/accounts';
import { useBrowserSuite } from '../helpers/fixture';
import { fillLetterDetails } from '../../helpers/orders';
import { buyPass, intlLocale, prefixOf, sideways, usePromptpayId } from './pass-journey';
import { gotoReady } from './site-helpers';

// Issue 35 §1 and §9 on a phone: /booking shows the long-stay programme beside the passes, in
// the page's language, and the visa FAQ (what the letter is, what the embassy also asks for,
// that the gym cannot promise a visa); the programme is bought like a pass. English and Thai at
// 375 px, nothing scrolls sideways, no error logged.

const PROGRAMME = 'muay-thai-6-months.programme';
const SHOTS = process.env.E2E_SCREENSHOT_DIR;

describe('long-stay programmes on /booking', () => {
  const suite = useBrowserSuite({ accounts: true });
  let programme: PassDto;

  beforeAll(async () => {
    await usePromptpayId(suite);
    const current = await api<{ settings: SiteSettings; version: number }>(suite.server, 'GET', '/api/site-settings');
    const settings = structuredClone(current.settings);
    fillLetterDetails(settings);
    settings.programmes[0].onSale = true;
    await api(suite.server, 'PUT', '/api/site-settings', { settings, version: current.version }, suite.tokens.admin);
    programme = (await api<PassDto[]>(suite.server, 'GET', '/api/passes')).find((p) => p.id === PROGRAMME)!;
    expect(programme).toBeDefined();
  });

  for (const language of ['en', 'th'] as const) {
    it(`${language}: shows the programme and the visa FAQ at 375 px, and buys the programme`, async () => {
      const words = CATALOGUES[language];
      const { page, errors, close } = await suite.page({ width: 375 });
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(`console: ${m.text()}`);
      });
      await gotoReady(page, suite.url(`${prefixOf(language)}/booking?what=programme`));

      const group = page.locator('[data-testid="pass-group"][data-covers="programme"]');
      await expect(group.locator('h3').textContent()).resolves.toBe(words['passes.programmes']);
      const card = page.locator(`[data-testid="pass-option"][data-pass-id="${PROGRAMME}"]`);
      const text = (await card.textContent())!;
      expect(text).toContain(programme.name[language]);
      expect(text).toContain(formatThb(programme.priceSatang, intlLocale(language)));
      expect(text).toContain(formatThb(programme.depositSatang, intlLocale(language)));
      expect(text).toMatch(/6.*5.*10/);
      // Not in the Muay Thai passes' group.
      await expect(page.locator(`[data-testid="pass-group"][data-covers="muay-thai"] [data-pass-id="${PROGRAMME}"]`).count()).resolves.toBe(0);

      const faq = page.locator('[data-testid="visa-faq"]');
      await expect(faq.locator('h2').textContent()).resolves.toBe(words['visa.title']);
      await expect(faq.locator('summary').allTextContents()).resolves.toEqual([words['visa.letterQ'], words['visa.embassyQ'], words['visa.promiseQ']]);
      // Closed until tapped, then the answer shows.
      const promise = faq.locator('details').nth(2);
      await expect(promise.locator('p').isVisible()).resolves.toBe(false);
      await promise.locator('summary').click();
      await expect(promise.locator('p').textContent()).resolves.toBe(words['visa.promiseA']);
      await expect(promise.locator('p').isVisible()).resolves.toBe(true);
      await faq.locator('details').nth(1).locator('summary').click();
      await expect(sideways(page)).resolves.toBeLessThanOrEqual(0);
      if (SHOTS) {
        await card.scrollIntoViewIfNeeded();
        await page.screenshot({ path: path.join(SHOTS, `programmes-${language}-375.png`) });
        await faq.scrollIntoViewIfNeeded();
        await page.screenshot({ path: path.join(SHOTS, `visa-faq-${language}-375.png`) });
      }

      // Bought like a pass: the order page opens, in the page's language.
      const token = await buyPass(page, suite, {
        language,
        passId: PROGRAMME,
        name: `Long stay ${language}`,
        email: `long-${language}@example.com`,
        method: 'desk',
      });
      const order = await api<{ id: number; kind: string; programme: { months: number } | null; passName: string }>(
        suite.server,
        'GET',
        `/api/orders/by-token/${encodeURIComponent(token)}`,
      );
      expect(order).toMatchObject({ kind: 'programme', programme: { months: 6 }, passName: programme.name[language] });
      await page.locator('[data-testid="order"]').waitFor();
      await expect(page.locator('[data-testid="order-plan"]').textContent()).resolves.toMatch(/6.*5.*10/);
      // Once the deposit is paid at the desk, the page offers bookings up to 5 a week.
      await api(suite.server, 'POST', `/api/orders/${order.id}/payments`, { amountSatang: programme.depositSatang, method: 'cash' }, suite.tokens.staff);
      await page.reload();
      await page.locator('#pass-book-title').waitFor();
      await expect(page.locator('section[aria-labelledby="pass-book-title"]').textContent()).resolves.toContain(
        words['passBooking.weekly'].replace('{n}', '5'),
      );
      await expect(sideways(page)).resolves.toBeLessThanOrEqual(0);
      expect(errors).toEqual([]);
      await close();
    }, 120_000);
  }
});
