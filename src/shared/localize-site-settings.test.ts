import { describe, expect, it } from 'vitest';
import { siteSettingsSchema, type SiteSettings } from './schemas/site-settings';
import { DEFAULT_SITE_SETTINGS, localizeSiteSettings } from './site-settings-data';

// The owner's texts per language (issue 15): a translation replaces the English text on that
// language's pages, an empty or missing one falls back to English, and a page carries no
// other language's texts.

function withTranslations(): SiteSettings {
  const s = structuredClone(DEFAULT_SITE_SETTINGS);
  s.translations = { ru: { tagline: 'Муай-тай у моря', whatsappGreeting: '' } };
  s.hero.translations = { ru: { title: 'Тренируйся как боец.', highlight: 'боец', text: '  ' }, de: { badge: 'Ao Nang, Krabi · Thailand (DE)' } };
  s.about.translations = { fr: { title: 'Construit par des combattants', points: [{ title: 'Un vrai club de combat' }] } };
  s.seo.translations = { zh: { description: '在甲米奥南练泰拳' } };
  s.prices.rows[0].translations = { ru: '1 занятие', th: '' };
  s.reviews[1].translations = { de: { quote: 'Großartig.' } };
  return siteSettingsSchema.parse(s);
}

const hasTranslations = (v: unknown): boolean =>
  v !== null && typeof v === 'object' && Object.entries(v).some(([k, child]) => k === 'translations' || hasTranslations(child));

describe('localizeSiteSettings', () => {
  const s = withTranslations();

  it('shows the translations the owner wrote and English for the rest', () => {
    const ru = localizeSiteSettings(s, 'ru');
    expect(ru.tagline).toBe('Муай-тай у моря');
    expect(ru.whatsappGreeting).toBe(DEFAULT_SITE_SETTINGS.whatsappGreeting);
    expect(ru.hero.title).toBe('Тренируйся как боец.');
    expect(ru.hero.highlight).toBe('боец');
    // Blank after trimming: the English text.
    expect(ru.hero.text).toBe(DEFAULT_SITE_SETTINGS.hero.text);
    expect(ru.hero.badge).toBe(DEFAULT_SITE_SETTINGS.hero.badge);
    expect(ru.prices.rows[0].label).toBe('1 занятие');
    expect(ru.prices.rows[1].label).toBe(DEFAULT_SITE_SETTINGS.prices.rows[1].label);
    expect(ru.reviews[1].quote).toBe(DEFAULT_SITE_SETTINGS.reviews[1].quote);

    const fr = localizeSiteSettings(s, 'fr');
    expect(fr.about.title).toBe('Construit par des combattants');
    expect(fr.about.points[0].title).toBe('Un vrai club de combat');
    expect(fr.about.points[0].text).toBe(DEFAULT_SITE_SETTINGS.about.points[0].text);
    expect(fr.about.points[3]).toEqual(DEFAULT_SITE_SETTINGS.about.points[3]);
    expect(fr.tagline).toBe(DEFAULT_SITE_SETTINGS.tagline);

    expect(localizeSiteSettings(s, 'zh').seo.description).toBe('在甲米奥南练泰拳');
    expect(localizeSiteSettings(s, 'zh').seo.title).toBe(DEFAULT_SITE_SETTINGS.seo.title);
    expect(localizeSiteSettings(s, 'de').reviews[1].quote).toBe('Großartig.');
    expect(localizeSiteSettings(s, 'de').reviews[1].location).toBe(DEFAULT_SITE_SETTINGS.reviews[1].location);
    expect(localizeSiteSettings(s, 'th').prices.rows[0].label).toBe(DEFAULT_SITE_SETTINGS.prices.rows[0].label);
  });

  it('keeps the English highlight only with the English title', () => {
    // German translates the badge only: the English title keeps its red word.
    expect(localizeSiteSettings(s, 'de').hero.highlight).toBe(DEFAULT_SITE_SETTINGS.hero.highlight);
    const noWord = structuredClone(s);
    noWord.hero.translations = { ru: { title: 'Тренируйся как боец.' } };
    expect(localizeSiteSettings(noWord, 'ru').hero.highlight).toBe('');
  });

  it('leaves English as written, and no page carries the translations', () => {
    const en = localizeSiteSettings(s, 'en');
    expect(en.hero.title).toBe(DEFAULT_SITE_SETTINGS.hero.title);
    expect(en.prices.rows[0].label).toBe('1 session');
    for (const l of ['en', 'ru', 'zh', 'de', 'fr', 'th'] as const) {
      const page = localizeSiteSettings(s, l);
      expect(hasTranslations(page), l).toBe(false);
      // Still a valid record: every page component reads the same shape.
      expect(siteSettingsSchema.safeParse(page).success, l).toBe(true);
    }
    expect(hasTranslations(s)).toBe(true);
    // A programme's name in the page's language (issue 35).
    expect(localizeSiteSettings(s, 'th').programmes[0].name).toBe('หลักสูตรมวยไทย 6 เดือน');
    expect(localizeSiteSettings(s, 'en').programmes[0].name).toBe('6-month Muay Thai programme');
  });

  it('refuses a translation that is too long, naming the field and the language', () => {
    const bad = structuredClone(DEFAULT_SITE_SETTINGS);
    bad.hero.translations = { th: { title: 'ก'.repeat(201) } };
    const r = siteSettingsSchema.safeParse(bad);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].message).toBe("Le titre de l'accueil (thaï) est trop long (200 caractères au plus)");
    expect(r.error?.issues[0].path).toEqual(['hero', 'translations', 'th', 'title']);
  });
});
