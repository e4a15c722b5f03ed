import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../shared/i18n/languages';
import { localePath, splitLanguage } from '../../shared/i18n/paths';
import { ERROR_KEYS, MANAGE_ERROR_KEYS } from './errors';
import { ERROR_CODE_LIST } from '../../shared/error-codes';
import { CATALOGUES } from '../../shared/i18n/locales';
import { en } from '../../shared/i18n/locales/en';

const placeholders = (msg: string) => [...msg.matchAll(/\{(\w+)\s*[},]/g)].map((m) => m[1]).sort();

describe('message catalogues', () => {
  const keys = Object.keys(en).sort();

  it.each(LANGUAGES)('%s has exactly the English keys, none empty', (language) => {
    const catalogue = CATALOGUES[language] as Record<string, string>;
    expect(Object.keys(catalogue).sort()).toEqual(keys);
    for (const key of keys) expect(catalogue[key].trim(), `${language} ${key}`).not.toBe('');
  });

  it.each(LANGUAGES)('%s messages parse and use the same placeholders as English', (language) => {
    const catalogue = CATALOGUES[language] as Record<string, string>;
    for (const key of keys) {
      expect(() => compileMessage(catalogue[key]), `${language} ${key}`).not.toThrow();
      expect(placeholders(catalogue[key]), `${language} ${key}`).toEqual(placeholders((en as Record<string, string>)[key]));
    }
  });

  it('translates every validation message the shared schemas write, as English writes it', async () => {
    const { checkBookingForm } = await import('../../shared/schemas/reservations');
    const { contactFormSchema } = await import('../../shared/schemas/contact');
    for (const [text, key] of Object.entries(ERROR_KEYS)) expect(en[key]).toBe(text);
    // The messages a blank or malformed form gets are all in the table.
    const booking = Object.values(
      checkBookingForm({ name: '', email: 'x', phone: '12', course: '', preferredDate: '', message: '', website: '' }, 'Asia/Bangkok'),
    );
    const contact =
      contactFormSchema.safeParse({ firstName: '', lastName: '', email: '', phone: '', subject: '', message: '' }).error?.issues.map((i) => i.message) ?? [];
    for (const message of [...booking, ...contact]) expect(ERROR_KEYS, message).toHaveProperty([message]);
  });

  it('translates the booking-management refusals by code, each a code of the list', () => {
    // tests/e2e/site/i18n-pages.test.ts checks the table holds every refusal the server writes.
    for (const [code, key] of Object.entries(MANAGE_ERROR_KEYS)) {
      expect(ERROR_CODE_LIST).toContain(code);
      expect(en[key]).toEqual(expect.any(String));
    }
  });

  it('English pages keep SPEC.md texts word for word (including its French gallery texts)', () => {
    expect(en['notFound.text']).toBe("This page took a knockout. Let's get you back in the ring.");
    expect(en['gallery.loading']).toBe('Chargement de la galerie...');
    expect(en['gallery.empty']).toBe('Aucune image disponible pour le moment.');
    expect(en['booking.sent']).toBe('Booking sent! ✅');
  });
});

describe('language paths', () => {
  it('reads and builds the prefix', () => {
    expect(splitLanguage('/de/booking')).toEqual({ language: 'de', path: '/booking' });
    expect(splitLanguage('/de')).toEqual({ language: 'de', path: '/' });
    expect(splitLanguage('/zh/blog/a-b')).toEqual({ language: 'zh', path: '/blog/a-b' });
    expect(splitLanguage('/en/booking')).toEqual({ language: 'en', path: '/en/booking' });
    expect(splitLanguage('/delta')).toEqual({ language: 'en', path: '/delta' });
    expect(localePath('ru', '/')).toBe('/ru/');
    expect(localePath('en', '/blog')).toBe('/blog');
  });
});
