import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../../tests/helpers/test-app';
import { LANGUAGES } from '../../shared/i18n/languages';
import { LIMITS } from '../../shared/schemas/common';
import { SITE_SETTINGS_LIMITS, siteSettingsSchema, type SiteSettings } from '../../shared/schemas/site-settings';
import { DEFAULT_SITE_SETTINGS } from '../../shared/site-settings-data';
import { migrate, openDatabase, type DatabaseHandle } from '../db/database';
import {
  SEED_OWNER_TEXTS,
  SEEDED_CLASS_DESCRIPTIONS,
  seedDescriptionTranslations,
  withSeedTranslations,
  type SeedOwnerTexts,
  type TranslatedLanguage,
} from '../db/migrations/020-owner-translations.data';

const TRANSLATED = LANGUAGES.filter((l): l is TranslatedLanguage => l !== 'en');
const GYM_NAME = DEFAULT_SITE_SETTINGS.name;

// The classes the timetable migration really seeds (names and descriptions), read from a fresh
// database so the keys follow the migration rather than a copy of it.
let seededClasses: { name: string; description: string }[] = [];
let handle: DatabaseHandle | undefined;
let dir: string;
beforeAll(async () => {
  dir = tempDir();
  handle = openDatabase({ dataDir: dir });
  await migrate(handle, undefined, { upTo: '004-timetable' });
  seededClasses = await handle.db.selectFrom('classes').select(['name', 'description']).orderBy('sort_order').execute();
});
afterAll(async () => {
  await handle?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Every text by its path ("hero.title", "priceRows.1 session"), the shape both sides share. */
function flatten(t: SeedOwnerTexts): Map<string, string> {
  const out = new Map<string, string>([
    ['tagline', t.tagline],
    ['whatsappGreeting', t.whatsappGreeting],
    ['seo.title', t.seo.title],
    ['seo.description', t.seo.description],
    ['about.eyebrow', t.about.eyebrow],
    ['about.title', t.about.title],
    ['about.text', t.about.text],
  ]);
  for (const [k, v] of Object.entries(t.hero)) out.set(`hero.${k}`, v);
  t.about.points.forEach((p, i) => {
    out.set(`about.points.${i}.title`, p.title);
    out.set(`about.points.${i}.text`, p.text);
  });
  for (const [k, v] of Object.entries(t.priceRows)) out.set(`priceRows.${k}`, v);
  for (const [k, v] of Object.entries(t.classDescriptions)) out.set(`classDescriptions.${k}`, v);
  return out;
}

const english = (): SeedOwnerTexts => {
  const s = DEFAULT_SITE_SETTINGS;
  return {
    tagline: s.tagline,
    whatsappGreeting: s.whatsappGreeting,
    hero: s.hero,
    about: s.about,
    seo: s.seo,
    priceRows: Object.fromEntries(s.prices.rows.map((r) => [r.label, r.label])),
    classDescriptions: Object.fromEntries(seededClasses.map((c) => [c.name, c.description])),
  };
};

const SCRIPTS: Partial<Record<TranslatedLanguage, RegExp>> = { ru: /\p{Script=Cyrillic}/u, zh: /\p{Script=Han}/u, th: /\p{Script=Thai}/u };

// Texts made of proper names only, the same in English ("Ao Nang, Krabi · Thailand").
const SAME_AS_ENGLISH: Partial<Record<TranslatedLanguage, string[]>> = { de: ['hero.badge'] };

describe('translations of the seeded owner texts', () => {
  it('reads the seven seeded classes', () => {
    expect(seededClasses.map((c) => c.name)).toEqual([
      'Muay Thai Beginner',
      'Brazilian Jiu Jitsu',
      'Wrestling',
      'Muay Thai All Levels',
      'Luta Livre',
      'MMA Training',
      'Private Training',
    ]);
  });

  it('covers exactly the five languages other than English', () => {
    expect(Object.keys(SEED_OWNER_TEXTS).sort()).toEqual([...TRANSLATED].sort());
  });

  describe.each(TRANSLATED)('%s', (lang) => {
    const t = SEED_OWNER_TEXTS[lang];

    it('has a label for every seeded price row and a description for every seeded class, and no other', () => {
      expect(Object.keys(t.priceRows).sort()).toEqual(DEFAULT_SITE_SETTINGS.prices.rows.map((r) => r.label).sort());
      expect(Object.keys(t.classDescriptions).sort()).toEqual(seededClasses.map((c) => c.name).sort());
    });

    it('has the four about points and a highlight inside the hero title', () => {
      expect(t.about.points).toHaveLength(DEFAULT_SITE_SETTINGS.about.points.length);
      expect(t.about.points).toHaveLength(4);
      expect(t.hero.highlight).not.toBe('');
      expect(t.hero.title).toContain(t.hero.highlight);
      expect(t.hero.highlight.length).toBeLessThanOrEqual(60);
    });

    it('has non-empty, trimmed texts', () => {
      for (const [path, v] of flatten(t)) {
        expect(v, `${lang} ${path}`).not.toBe('');
        expect(v, `${lang} ${path}`).toBe(v.trim());
        expect(v, `${lang} ${path}`).not.toMatch(/\s{2}/);
      }
    });

    it('keeps within the lengths the settings form accepts', () => {
      const short = SITE_SETTINGS_LIMITS.shortText;
      const within = (v: string, max: number, what: string) => expect(v.length, `${lang} ${what}`).toBeLessThanOrEqual(max);
      within(t.seo.title, 120, 'seo.title');
      within(t.seo.description, 320, 'seo.description');
      within(t.whatsappGreeting, 500, 'whatsappGreeting');
      for (const k of ['tagline'] as const) within(t[k], short, k);
      for (const k of ['badge', 'title', 'subtitle'] as const) within(t.hero[k], short, `hero.${k}`);
      for (const k of ['eyebrow', 'title'] as const) within(t.about[k], short, `about.${k}`);
      within(t.hero.text, SITE_SETTINGS_LIMITS.text, 'hero.text');
      within(t.about.text, SITE_SETTINGS_LIMITS.text, 'about.text');
      t.about.points.forEach((p, i) => {
        within(p.title, short, `about.points.${i}.title`);
        within(p.text, SITE_SETTINGS_LIMITS.text, `about.points.${i}.text`);
      });
      for (const [k, v] of Object.entries(t.priceRows)) within(v, short, `priceRows.${k}`);
      for (const [k, v] of Object.entries(t.classDescriptions)) within(v, LIMITS.description, `classDescriptions.${k}`);
    });

    it('passes the settings schema in place of the English seed', () => {
      const s = DEFAULT_SITE_SETTINGS;
      const translated = {
        ...s,
        tagline: t.tagline,
        whatsappGreeting: t.whatsappGreeting,
        hero: t.hero,
        about: t.about,
        seo: t.seo,
        prices: { ...s.prices, rows: s.prices.rows.map((r) => ({ ...r, label: t.priceRows[r.label] })) },
      };
      const parsed = siteSettingsSchema.safeParse(translated);
      expect(parsed.error?.issues).toBeUndefined();
    });

    it('translates every text (proper names aside) and keeps the gym name', () => {
      const en = flatten(english());
      const mine = flatten(t);
      expect([...mine.keys()].sort()).toEqual([...en.keys()].sort());
      const same = SAME_AS_ENGLISH[lang] ?? [];
      for (const [path, v] of mine) {
        if (same.includes(path)) expect(v, `${lang} ${path}`).toBe(en.get(path));
        else expect(v, `${lang} ${path}`).not.toBe(en.get(path));
      }
      for (const path of ['hero.text', 'about.text', 'seo.title']) expect(mine.get(path), `${lang} ${path}`).toContain(GYM_NAME);
      // The hero's title is not the English headline with one word swapped.
      expect(t.hero.highlight).not.toBe(DEFAULT_SITE_SETTINGS.hero.highlight);
    });

    it("writes every text in the language's own script where it has one", () => {
      const script = SCRIPTS[lang];
      if (!script) return;
      for (const [path, v] of flatten(t)) expect(v, `${lang} ${path}`).toMatch(script);
    });
  });
});

describe('the seeded translations are added only where they fit', () => {
  it('knows the English descriptions migration 004 seeds', () => {
    expect(Object.fromEntries(seededClasses.map((c) => [c.name, c.description]))).toEqual(SEEDED_CLASS_DESCRIPTIONS);
  });

  it('skips a text the owner changed and never replaces an owner’s translation', () => {
    const s = structuredClone(DEFAULT_SITE_SETTINGS);
    s.hero.title = 'Fight like a Tiger.';
    s.prices.rows[1].label = 'Day pass';
    s.translations = { de: { tagline: 'Eigener Slogan' } };
    const out = withSeedTranslations(s);
    // The changed title gets no translation (nor its red word); the rest of the hero does.
    expect(out.hero.translations?.ru?.title).toBeUndefined();
    expect(out.hero.translations?.ru?.highlight).toBeUndefined();
    expect(out.hero.translations?.ru?.text).toBe(SEED_OWNER_TEXTS.ru.hero.text);
    expect(out.prices.rows[1].translations).toBeUndefined();
    expect(out.prices.rows[0].translations?.zh).toBe(SEED_OWNER_TEXTS.zh.priceRows['1 session']);
    expect(out.translations?.de?.tagline).toBe('Eigener Slogan');
    expect(out.translations?.fr?.tagline).toBe(SEED_OWNER_TEXTS.fr.tagline);
    // The English stays as the owner wrote it, and the result is a valid record.
    expect(out.hero.title).toBe('Fight like a Tiger.');
    expect(siteSettingsSchema.safeParse(out).success).toBe(true);
    expect(seedDescriptionTranslations('Luta Livre', 'Our own words.')).toEqual({});
    expect(seedDescriptionTranslations('Luta Livre', SEEDED_CLASS_DESCRIPTIONS['Luta Livre']).th).toBe(SEED_OWNER_TEXTS.th.classDescriptions['Luta Livre']);
  });

  it('migration 020 leaves an edited record’s own texts alone on an existing database', async () => {
    const d = tempDir();
    const h = openDatabase({ dataDir: d });
    try {
      await migrate(h, undefined, { upTo: '018-languages' });
      const row = await h.db.selectFrom('site_settings').select(['data', 'version']).executeTakeFirstOrThrow();
      const edited = JSON.parse(row.data) as SiteSettings;
      edited.about.title = 'A family camp';
      await h.db
        .updateTable('site_settings')
        .set({ data: JSON.stringify(edited), version: 7 })
        .execute();
      await h.db.updateTable('classes').set({ description: 'Our own words.' }).where('name', '=', 'Luta Livre').execute();
      await migrate(h, undefined, { upTo: '020-owner-translations' });
      const after = await h.db.selectFrom('site_settings').select(['data', 'version']).executeTakeFirstOrThrow();
      const s = JSON.parse(after.data) as SiteSettings;
      expect(after.version).toBe(8);
      expect(s.about.title).toBe('A family camp');
      expect(s.about.translations?.ru?.title).toBeUndefined();
      expect(s.about.translations?.ru?.eyebrow).toBe(SEED_OWNER_TEXTS.ru.about.eyebrow);
      const classes = await h.db.selectFrom('classes').select(['name', 'description_translations']).execute();
      const byName = new Map(classes.map((c) => [c.name, JSON.parse(c.description_translations) as Record<string, string>]));
      expect(byName.get('Luta Livre')).toEqual({});
      expect(byName.get('MMA Training')?.de).toBe(SEED_OWNER_TEXTS.de.classDescriptions['MMA Training']);
    } finally {
      await h.close();
      fs.rmSync(d, { recursive: true, force: true });
    }
  });
});
