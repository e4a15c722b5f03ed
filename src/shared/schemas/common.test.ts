import { describe, expect, it } from 'vitest';
import { SLUG_PATTERN, slugify } from './common';

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
