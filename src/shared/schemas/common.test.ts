import { describe, expect, it } from 'vitest';
import { SLUG_PATTERN, normalizeEmail, slugify } from './common';

describe('slugify (SPEC.md §4, used by the blog editor and the categories form)', () => {
  it('lowercases, turns runs of other characters into one hyphen and trims hyphens', () => {
    expect(slugify('  Mon Premier Article: Test!  ')).toBe('mon-premier-article-test');
    expect(slugify('--MMA -- Training__2025--')).toBe('mma-training-2025');
    expect(slugify('')).toBe('');
    expect(slugify('!!!')).toBe('');
  });

  it('keeps accented letters as their base letter instead of dropping them', () => {
    expect(slugify('Conseils été 2025')).toBe('conseils-ete-2025');
    expect(slugify('Conseils Été 2025!')).toBe('conseils-ete-2025');
    expect(slugify('Ça, c’est la Côte d’Émeraude')).toBe('ca-c-est-la-cote-d-emeraude');
    expect(slugify('Jiu-Jitsu brésilien à Phuket')).toBe('jiu-jitsu-bresilien-a-phuket');
    // The same text composed or decomposed gives the same slug.
    expect(slugify('e\u0301te\u0301')).toBe('ete');
  });

  it('spells out letters that do not decompose', () => {
    expect(slugify('Cœur de Lion')).toBe('coeur-de-lion');
    expect(slugify('ŒUVRE')).toBe('oeuvre');
    expect(slugify('Straße')).toBe('strasse');
  });

  it('always gives a slug the server accepts (or an empty one)', () => {
    for (const text of ['Été', 'Muay Thaï', 'Ñandú 42', 'Łódź', '日本語 only', 'a—b']) {
      const slug = slugify(text);
      expect(slug === '' || SLUG_PATTERN.test(slug), `${text} → ${slug}`).toBe(true);
    }
  });
});

describe('e-mail normalisation (one rule for every e-mail field)', () => {
  it('trims and lowercases the address in every schema that takes one', async () => {
    const { loginSchema, userCreateSchema, userUpdateSchema } = await import('./auth');
    const { newsletterSubscribeSchema } = await import('./newsletter');
    const { contactPayloadSchema, contactFormSchema } = await import('./contact');
    const { reservationPayloadSchema } = await import('./reservations');
    const raw = '  Coach.Name@Example.COM ';
    const want = 'coach.name@example.com';
    expect(normalizeEmail(raw)).toBe(want);
    expect(loginSchema.parse({ email: raw, password: 'x' }).email).toBe(want);
    expect(userCreateSchema.parse({ email: raw, name: 'N', password: 'longenough' }).email).toBe(want);
    expect(userUpdateSchema.parse({ email: raw }).email).toBe(want);
    expect(newsletterSubscribeSchema.parse({ email: raw }).email).toBe(want);
    expect(contactPayloadSchema.parse({ name: 'N', email: raw, message: 'm' }).email).toBe(want);
    expect(contactFormSchema.parse({ firstName: 'A', lastName: 'B', email: raw, phone: '', subject: '', message: 'm' }).email).toBe(want);
    expect(reservationPayloadSchema.parse({ name: 'N', email: raw, course: 'MMA', dateTime: '2030-01-01T10:00:00Z' }).email).toBe(want);
    expect(reservationPayloadSchema.parse({ name: 'N', email: '', phone: '+33 6', course: 'MMA', dateTime: '2030-01-01T10:00:00Z' }).email).toBeNull();
  });

  it('still refuses what is not an address once normalised', async () => {
    const { newsletterSubscribeSchema } = await import('./newsletter');
    expect(newsletterSubscribeSchema.safeParse({ email: '   ' }).success).toBe(false);
    expect(newsletterSubscribeSchema.safeParse({ email: ' Not An Email ' }).success).toBe(false);
  });
});
