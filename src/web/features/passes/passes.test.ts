import { describe, expect, it } from 'vitest';
import { matchPage } from '../../app/pages';
import { ERROR_KEYS } from '../../i18n/errors';
import { START_IN_PAST_MESSAGE, checkOrderForm, orderFormToPayload, type OrderFormValues } from './order-resolver';
import { passSummary, promptpayAmountSatang } from './pass-text';

const GYM = 'Asia/Bangkok';
const filled: OrderFormValues = {
  passId: 'week-single.muay-thai',
  startDate: '2031-03-03',
  name: 'Alex Traveller',
  email: 'Alex@Example.com',
  phone: '',
  method: 'promptpay',
  website: '',
};

describe('the order page is a page of its own', () => {
  it('matches /booking/order/:token in every language, and nothing shorter', () => {
    expect(matchPage('/booking/order/abc_DEF-123')).toEqual({ kind: 'order', slug: 'abc_DEF-123' });
    expect(matchPage('/ru/booking/order/abc_DEF-123')).toEqual({ kind: 'order', slug: 'abc_DEF-123' });
    expect(matchPage('/booking/order/')).toEqual({ kind: 'not-found' });
    expect(matchPage('/booking/order/a/b')).toEqual({ kind: 'not-found' });
  });
});

describe('the purchase form checks what the route checks', () => {
  const now = new Date('2031-03-01T12:00:00Z');

  it('accepts a filled form and sends the route its payload (no phone as null, the page language)', () => {
    expect(checkOrderForm(filled, 'ru', GYM, now)).toEqual({});
    expect(orderFormToPayload(filled, 'ru')).toEqual({ ...filled, website: undefined, phone: null, language: 'ru' });
  });

  it('names every missing field, with messages the page translates', () => {
    const errors = checkOrderForm({ passId: '', startDate: '', name: '', email: 'x', phone: '12', method: '' }, 'en', GYM, now);
    expect(Object.keys(errors).sort()).toEqual(['email', 'method', 'name', 'passId', 'phone', 'startDate']);
    // The fields with a Field show the schema's words through ERROR_KEYS; the pass and the
    // method have their own sentence on the page.
    for (const field of ['email', 'name', 'phone', 'startDate'] as const) expect(ERROR_KEYS, field).toHaveProperty([errors[field]!]);
  });

  it("refuses a start before today in the gym's zone, whatever the browser's date", () => {
    // 18:30 UTC on 2 March is already 01:30 on 3 March in Krabi: 2 March is yesterday there,
    // although a visitor in New York (13:30 on 2 March) still calls it today.
    const evening = new Date('2031-03-02T18:30:00Z');
    expect(checkOrderForm({ ...filled, startDate: '2031-03-02' }, 'en', GYM, evening).startDate).toBe(START_IN_PAST_MESSAGE);
    expect(checkOrderForm({ ...filled, startDate: '2031-03-03' }, 'en', GYM, evening)).toEqual({});
    // Before midnight in Krabi (16:59 UTC is 23:59 there), 2 March is still today.
    expect(checkOrderForm({ ...filled, startDate: '2031-03-02' }, 'en', GYM, new Date('2031-03-02T16:59:00Z'))).toEqual({});
    expect(ERROR_KEYS).toHaveProperty([START_IN_PAST_MESSAGE]);
  });
});

describe('the words of a pass', () => {
  const t = (key: string, values?: Record<string, unknown>) => `${key}${values ? JSON.stringify(values) : ''}`;

  it('says what each kind gives', () => {
    expect(passSummary({ kind: 'single', days: 1 }, t)).toBe('passes.kind.single');
    expect(passSummary({ kind: 'days-single', days: 7 }, t)).toBe('passes.kind.daysSingle{"n":7}');
    expect(passSummary({ kind: 'days-unlimited', days: 30 }, t)).toBe('passes.kind.daysUnlimited{"n":30}');
    expect(passSummary({ kind: 'private', days: 1 }, t)).toBe('passes.kind.private');
    expect(passSummary({ kind: 'programme', days: 183, months: 6, sessionsPerWeek: 5, hoursPerWeek: 7.5 }, t)).toBe(
      'passes.kind.programme{"months":6,"sessions":5,"hours":7.5}',
    );
  });

  it('reads the amount a PromptPay payload asks for (tag 54) in satang, without floats', () => {
    const tlv = (tag: string, value: string) => `${tag}${String(value.length).padStart(2, '0')}${value}`;
    const payload = (amount?: string) =>
      tlv('00', '01') +
      tlv('01', '12') +
      tlv('29', tlv('00', 'A000000677010111') + tlv('01', '0066812345678')) +
      tlv('58', 'TH') +
      tlv('53', '764') +
      (amount ? tlv('54', amount) : '') +
      '6304ABCD';
    expect(promptpayAmountSatang(payload('1500.00'))).toBe(150_000);
    expect(promptpayAmountSatang(payload('250.5'))).toBe(25_050);
    expect(promptpayAmountSatang(payload('0.07'))).toBe(7);
    expect(promptpayAmountSatang(payload())).toBeNull();
    expect(promptpayAmountSatang('not a payload')).toBeNull();
  });
});

describe("the shop's refusals in the page's language", () => {
  it('has a message for every pass and order refusal code, in each language its own', async () => {
    const { PASS_ERROR_KEYS } = await import('../../i18n/errors');
    const { ERROR_CODE_LIST } = await import('../../../shared/error-codes');
    const { CATALOGUES } = await import('../../../shared/i18n/locales');
    const shopCodes = ERROR_CODE_LIST.filter((c) =>
      /^(pass_|order_expired|order_closed|start_date_|promptpay_|card_unavailable|contact_required|discount_code_(invalid|expired|used_up))/.test(c),
    );
    for (const code of shopCodes) expect(PASS_ERROR_KEYS, code).toHaveProperty([code]);
    for (const code of Object.keys(PASS_ERROR_KEYS)) expect(ERROR_CODE_LIST).toContain(code);
    const en = CATALOGUES.en;
    // Each language says them in its own words (not the English left in place).
    for (const language of ['ru', 'zh', 'de', 'fr', 'th'] as const) {
      for (const key of Object.values(PASS_ERROR_KEYS)) expect(CATALOGUES[language][key], `${language} ${key}`).not.toBe(en[key]);
    }
  });

  it('chooses the words by the code, and the fallback when the answer names none of them', async () => {
    const { passErrorText } = await import('./pass-errors');
    const { ApiError } = await import('../../lib/api-client');
    const { CATALOGUES } = await import('../../../shared/i18n/locales');
    const t = (key: keyof typeof CATALOGUES.ru) => CATALOGUES.ru[key];
    const refusal = new ApiError(409, JSON.stringify({ error: 'No session left on your pass', code: 'pass_no_credit' }));
    expect(passErrorText(refusal, t, 'passBooking.failed')).toBe(CATALOGUES.ru['passError.noCredit']);
    const other = new ApiError(400, JSON.stringify({ error: 'name: Too long', code: 'validation' }));
    expect(passErrorText(other, t, 'passBooking.failed')).toBe(CATALOGUES.ru['passBooking.failed']);
    expect(passErrorText(new TypeError('Failed to fetch'), t, 'passes.failed')).toBe(CATALOGUES.ru['passes.failed']);
    const schema = new ApiError(400, JSON.stringify({ error: 'Either email or phone is required', code: 'validation' }));
    expect(passErrorText(schema, t, 'passBooking.failed')).toBe(CATALOGUES.ru['error.contactRequired']);
  });
});
