import { describe, expect, it } from 'vitest';
import { siteSettingsSchema, type SiteSettings } from '../../../../shared/schemas/site-settings';
import { DEFAULT_SITE_SETTINGS } from '../../../../shared/site-settings-data';
import { ApiError } from '../../../lib/api-client';
import { fieldForServerError, fieldForServerMessage } from './server-field';

// The server answers a refused save with the shared schema's first message: each must lead back
// to the field it is about, so the screen shows it there.

const any = () => true;

function messageFor(change: (s: SiteSettings) => void): string {
  const s = structuredClone(DEFAULT_SITE_SETTINGS);
  change(s);
  const r = siteSettingsSchema.safeParse(s);
  if (r.success) throw new Error('expected a refusal');
  return r.error.issues[0].message;
}

describe('fieldForServerMessage', () => {
  const cases: [string, (s: SiteSettings) => void][] = [
    ['whatsapp', (s) => void (s.whatsapp = '0812345678')],
    ['whatsappGreeting', (s) => void (s.whatsappGreeting = '')],
    ['email', (s) => void (s.email = 'nope')],
    ['social.instagram', (s) => void (s.social.instagram = 'http://instagram.com/x')],
    ['social.tiktok', (s) => void (s.social.tiktok = 'ftp://x')],
    ['geo.latitude', (s) => void (s.geo.latitude = 120)],
    ['geo.longitude', (s) => void (s.geo.longitude = 200)],
    ['name', (s) => void (s.name = ' ')],
    ['shortName', (s) => void (s.shortName = '')],
    ['address.country', (s) => void (s.address.country = '')],
    ['address.countryCode', (s) => void (s.address.countryCode = 'th')],
    ['hours.monday.from', (s) => void (s.hours.monday.from = '8h')],
    ['hours.friday.to', (s) => void (s.hours.friday = { open: true, from: '19:00', to: '08:00' })],
    ['hero.title', (s) => void (s.hero.title = '')],
    ['hero.subtitle', (s) => void (s.hero.subtitle = 'x'.repeat(500))],
    ['about.title', (s) => void (s.about.title = '')],
    ['seo.description', (s) => void (s.seo.description = '')],
    ['logoUrl', (s) => void (s.logoUrl = 'javascript:alert(1)')],
    ['heroImageUrl', (s) => void (s.heroImageUrl = 'http://x/y.jpg')],
    ['reviews', (s) => void (s.reviews = s.reviews.slice(0, 2))],
    ['translations.ru.tagline', (s) => void (s.translations = { ru: { tagline: 'x'.repeat(300) } })],
    ['hero.translations.de.title', (s) => void (s.hero.translations = { de: { title: 'x'.repeat(300) } })],
    ['seo.translations.th.description', (s) => void (s.seo.translations = { th: { description: 'x'.repeat(400) } })],
    ['about.translations.zh.eyebrow', (s) => void (s.about.translations = { zh: { eyebrow: 'x'.repeat(300) } })],
  ];
  it("reads zod's own messages, which the PUT's { settings, version } body prefixes with settings.", () => {
    expect(fieldForServerMessage('settings.prices.rows.0.prices.1: Invalid input: expected number, received string', any)).toBe('prices.rows.0.prices.1');
    expect(fieldForServerMessage('prices.rows.0.prices.1: Invalid input: expected number, received string', any)).toBe('prices.rows.0.prices.1');
  });
  for (const [path, change] of cases) {
    it(`${path}`, () => {
      expect(fieldForServerMessage(messageFor(change), any)).toBe(path);
    });
  }

  it('takes a field path the server put before a message of its own, when the form has it', () => {
    expect(fieldForServerMessage('prices.rows.2.label: Too big', (p) => p === 'prices.rows.2.label')).toBe('prices.rows.2.label');
    expect(fieldForServerMessage('nowhere.at.all: Too big', () => false)).toBeNull();
  });
});

describe('fieldForServerError', () => {
  const answer = (status: number, body: object) => new ApiError(status, JSON.stringify(body));

  it('looks for the field only in a validation answer', () => {
    const message = messageFor((s) => void (s.email = 'nope'));
    expect(fieldForServerError(answer(400, { error: message, code: 'validation' }), any)).toEqual({ path: 'email', message });
    // The same sentence under another code names no field (nor does an answer without a code).
    expect(fieldForServerError(answer(409, { error: message, code: 'conflict' }), any)).toBeNull();
    expect(fieldForServerError(answer(400, { error: message }), any)).toBeNull();
    expect(fieldForServerError(new Error(message), any)).toBeNull();
  });

  it('a validation answer naming no known field is still one, shown above the button', () => {
    expect(fieldForServerError(answer(400, { error: 'Malformed JSON body', code: 'validation' }), any)).toEqual({ path: null, message: 'Malformed JSON body' });
  });
});
