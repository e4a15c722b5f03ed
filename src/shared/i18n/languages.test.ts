import { describe, expect, it } from 'vitest';
import { DEFAULT_LANGUAGE, LANGUAGE_NAMES, LANGUAGE_NAMES_FR, LANGUAGE_TAGS, LANGUAGES, isLanguage } from './languages';

describe('the public languages', () => {
  it('name and tag every language, English first as the default', () => {
    expect(LANGUAGES[0]).toBe(DEFAULT_LANGUAGE);
    for (const l of LANGUAGES) {
      expect(LANGUAGE_NAMES[l].length).toBeGreaterThan(0);
      expect(LANGUAGE_NAMES_FR[l].length).toBeGreaterThan(0);
      // A tag Intl accepts as it is.
      expect(Intl.getCanonicalLocales(LANGUAGE_TAGS[l])).toEqual([LANGUAGE_TAGS[l]]);
    }
  });

  it('recognise only their own codes', () => {
    expect(isLanguage('ru')).toBe(true);
    expect(isLanguage('RU')).toBe(false);
    expect(isLanguage('es')).toBe(false);
    expect(isLanguage(undefined)).toBe(false);
  });
});
