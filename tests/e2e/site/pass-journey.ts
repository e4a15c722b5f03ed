import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { todayInZone } from '../../../src/shared/gym-time';
import { api } from '../helpers/accounts';
import { GYM_ZONE, type BrowserSuite } from '../helpers/fixture';
import { gotoReady } from './site-helpers';

// The steps every pass journey on the public site shares: the gym's PromptPay ID, filling the
// shop's form on /booking and reading the order page's token.

export const PROMPTPAY_ID = '0812345678';
export const WEEK_PASS = 'week-single.muay-thai';

/** Intl's locale for a site language: English pages write amounts as en-US does. */
export const intlLocale = (language: string) => (language === 'en' ? 'en-US' : language);

/** The path prefix of a language: '' for English, '/ru' for Russian. */
export const prefixOf = (language: string) => (language === 'en' ? '' : `/${language}`);

/** Sets the gym's PromptPay ID in Paramètres (once per server): the shop offers PromptPay only with it. */
export async function usePromptpayId(suite: BrowserSuite): Promise<void> {
  const { server, tokens } = suite;
  const current = await api<{ settings: { payments: Record<string, unknown> }; version: number }>(server, 'GET', '/api/site-settings');
  if (current.settings.payments.promptpayId === PROMPTPAY_ID) return;
  await api(
    server,
    'PUT',
    '/api/site-settings',
    { settings: { ...current.settings, payments: { ...current.settings.payments, promptpayId: PROMPTPAY_ID } }, version: current.version },
    tokens.admin,
  );
}

/**
 * Paramètres as an owner fills them for a programme (issue 46): the visa letter's details, complete
 * or with the company's name missing (no letter can be issued), and the first programme on sale.
 */
export async function letterAndProgramme(suite: BrowserSuite, complete: boolean): Promise<void> {
  const current = await api<{ settings: Record<string, any>; version: number }>(suite.server, 'GET', '/api/site-settings', undefined, suite.tokens.admin);
  const s = structuredClone(current.settings);
  s.legal = complete
    ? {
        name: 'Demo Coast Co., Ltd.',
        registrationNumber: '0815562001234',
        address: '88/8 Ao Nang, Krabi 81180',
        phone: '+66 75 123 456',
        email: 'office@example.com',
      }
    : { ...s.legal, name: '' };
  s.visaLetter = {
    signatoryName: 'Demo Signatory',
    signatoryTitle: 'Managing Director',
    signatureImageUrl: '/og-image.png',
    stampImageUrl: '/og-image.png',
    onDeposit: false,
  };
  s.programmes[0].onSale = true;
  await api(suite.server, 'PUT', '/api/site-settings', { settings: s, version: current.version }, suite.tokens.admin);
}

/**
 * On /booking?what=pass (already open): picks the pass, checks the start date defaults to today in gym
 * time, fills the buyer and the method. The caller presses "buy" (how is part of its story).
 */
export async function fillPassForm(page: Page, opts: { passId: string; name: string; email: string; method: 'promptpay' | 'card' | 'desk' }) {
  await page.locator(`[data-testid="pass-option"][data-pass-id="${opts.passId}"]`).click();
  // The tap wakes the shop (an island), which sets the start date once hydrated.
  await expect.poll(() => page.locator('#pass-form input[type="date"]').inputValue()).toBe(todayInZone(GYM_ZONE));
  await expect(page.locator(`[data-testid="pass-option"][data-pass-id="${opts.passId}"] input`).isChecked()).resolves.toBe(true);
  await page.locator('#pass-form input[autocomplete="name"]').fill(opts.name);
  await page.locator('#pass-form input[type="email"]').fill(opts.email);
  await page.locator(`[data-testid="pay-method"][data-method="${opts.method}"]`).click();
}

/** Opens /<lang>/booking, fills the form and buys; resolves on the order page with its token. */
export async function buyPass(
  page: Page,
  suite: BrowserSuite,
  opts: { language: string; passId: string; name: string; email: string; method: 'promptpay' | 'desk' },
): Promise<string> {
  const prefix = prefixOf(opts.language);
  await gotoReady(page, suite.url(`${prefix}/booking?what=${opts.passId.endsWith('.programme') ? 'programme' : 'pass'}`));
  await fillPassForm(page, opts);
  await page.locator('[data-testid="pass-buy"]').click();
  await page.waitForURL(new RegExp(`${prefix}/booking/order/[A-Za-z0-9_-]+$`));
  return orderToken(page);
}

/** The token in the order page's address. */
export const orderToken = (page: Page) => decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);

/** "4 classes left" / "осталось 4 занятия": the number the credits line shows. */
export const creditsShown = async (page: Page) => Number(/\d+/.exec((await page.locator('[data-testid="credits-left"]').textContent()) ?? '')?.[0]);

/** How far the page scrolls sideways (0 when nothing overflows). */
export const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
