import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../shared/i18n/languages';
import { DEFAULT_SITE_SETTINGS } from '../../../shared/site-settings-data';
import { orderCreatedMail, orderPaymentMail, orderRefundMail, type OrderMailInput } from './order-mails';
import { ORDER_MAIL_TEXTS } from './order-mail-texts';

// Every language's order texts have every key of the English ones, each translated and keeping
// its placeholders; and every order e-mail can be written in every language, English nowhere.

const sample = (value: unknown): string => {
  if (typeof value === 'string') return value;
  if (typeof value === 'function') return String((value as (...a: unknown[]) => unknown)(...Array.from({ length: value.length }, (_, i) => `«${i}»`)));
  return JSON.stringify(value);
};

const config = {
  publicUrl: 'http://gym.test',
  timezone: 'Asia/Bangkok',
  notifyEmail: undefined,
  gym: { ...DEFAULT_SITE_SETTINGS, payments: { ...DEFAULT_SITE_SETTINGS.payments, taxId: 'TAX-123' } },
};

const input = (language: (typeof LANGUAGES)[number], method: OrderMailInput['method'] = 'promptpay'): OrderMailInput => ({
  to: 'a@example.com',
  name: 'Ana',
  language,
  reference: 'GYM-ABC234',
  passName: 'Pass',
  startDate: '2026-11-30',
  endDate: '2026-12-06',
  method,
  amountSatang: 150_000,
  depositSatang: 0,
  paidSatang: 0,
  owedSatang: 150_000,
  dueNowSatang: 150_000,
  orderUrl: `http://gym.test/${language}/booking/order/t`,
  expiresAt: '2026-11-27T02:00:00.000Z',
});

describe('order e-mail texts', () => {
  const english = ORDER_MAIL_TEXTS.en as unknown as Record<string, unknown>;
  const keys = Object.keys(english).sort();

  it.each(LANGUAGES.filter((l) => l !== 'en'))('%s has every key, each translated, placeholders kept', (language) => {
    const m = ORDER_MAIL_TEXTS[language] as unknown as Record<string, unknown>;
    expect(Object.keys(m).sort()).toEqual(keys);
    for (const key of keys) {
      const text = sample(m[key]);
      expect(text.trim(), `${language}.${key}`).not.toBe('');
      // "Pass" is the word in German and French too.
      if (key !== 'labelPass' || !['de', 'fr'].includes(language)) expect(text, `${language}.${key} is the English text`).not.toBe(sample(english[key]));
      const fn = english[key];
      if (typeof fn === 'function') for (let i = 0; i < fn.length; i += 1) expect(text, `${language}.${key} drops argument ${i}`).toContain(`«${i}»`);
    }
  });

  it.each(LANGUAGES.filter((l) => l !== 'en'))('writes every order e-mail in %s, with the tax ID and no English', (language) => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47]);
    const mails = [
      orderCreatedMail(config, input(language), png),
      orderCreatedMail(config, input(language, 'card'), null),
      orderCreatedMail(config, input(language, 'desk'), null),
      orderPaymentMail(config, input(language), { amountSatang: 50_000, method: 'cash' }),
      orderRefundMail(config, input(language), { amountSatang: 50_000, method: 'card' }),
    ];
    for (const mail of mails) {
      expect(mail.text).toContain('GYM-ABC234');
      expect(mail.text).toContain('TAX-123');
      for (const word of ['Hello', 'Reference', 'Still to pay', 'Thank you']) expect(mail.text).not.toContain(word);
    }
    expect(mails[0].attachments?.[0]).toMatchObject({ contentType: 'image/png', cid: 'promptpay-qr@order', encoding: 'base64' });
    expect(mails[0].html).toContain('src="cid:promptpay-qr@order"');
  });

  it('leaves the tax ID out when the owner set none', () => {
    const plain = { ...config, gym: { ...config.gym, payments: { ...config.gym.payments, taxId: null } } };
    expect(orderCreatedMail(plain, input('en', 'desk'), null).text).not.toContain('Tax ID');
    expect(orderCreatedMail(config, input('en', 'desk'), null).text).toContain('Tax ID');
  });
});
