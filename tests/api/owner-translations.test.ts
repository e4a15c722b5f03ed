import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestApp, type TestApp } from '../helpers/test-app';
import { type SiteSettingsDto } from '../../src/shared/schemas/site-settings';
import { DEFAULT_SITE_SETTINGS } from '../../src/shared/site-settings-data';
import type { ClassDto, ClassesAnswer } from '../../src/shared/schemas/timetable';
import { SEED_OWNER_TEXTS, SEEDED_CLASS_DESCRIPTIONS } from '../../src/server/db/migrations/020-owner-translations.data';

// The owner's texts per language (issue 15, point 6): the settings and the class descriptions
// carry a text per language with English as the fallback, seeded for a new gym, edited in
// "Paramètres" (admins) and "Planning" (staff and admins), and served in the page's language.

describe.each(backends)('owner texts per language on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  let staff: string;

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = (await t.signIn('admin')).token;
    staff = (await t.signIn('staff')).token;
  });
  afterAll(async () => {
    await t?.close();
  });

  const catalogue = async (language?: string) => {
    const res = await t.inject({ method: 'GET', url: language ? `/api/classes?language=${language}` : '/api/classes' });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ClassesAnswer>();
  };
  const description = async (name: string, language?: string) => (await catalogue(language)).classes.find((c) => c.name === name)?.description;

  it('a new gym starts with its seeded texts translated, English kept as written', async () => {
    const { settings, version } = (await t.inject({ method: 'GET', url: '/api/site-settings' })).json<SiteSettingsDto>();
    expect(settings.hero.title).toBe(DEFAULT_SITE_SETTINGS.hero.title);
    expect(settings.hero.translations?.ru?.title).toBe(SEED_OWNER_TEXTS.ru.hero.title);
    expect(settings.about.translations?.th?.points?.[2]?.title).toBe(SEED_OWNER_TEXTS.th.about.points[2].title);
    expect(settings.seo.translations?.zh?.description).toBe(SEED_OWNER_TEXTS.zh.seo.description);
    expect(settings.translations?.de?.tagline).toBe(SEED_OWNER_TEXTS.de.tagline);
    expect(settings.prices.rows[0].translations?.fr).toBe(SEED_OWNER_TEXTS.fr.priceRows['1 session']);
    // The seeding was saved as a version of its own, in the history (then migration 022 described the passes: version 3).
    expect(version).toBe(3);
    const history = (await t.inject({ method: 'GET', url: '/api/site-settings/history', token: admin })).json<{ version: number; changes: string[] }[]>();
    expect(history.map((h) => h.version).slice(0, 2)).toEqual([3, 2]);
    expect(history[0].changes).toEqual(['prices']);
    expect(history[1].changes).toEqual(expect.arrayContaining(['hero', 'about', 'seo', 'prices', 'translations']));

    expect(await description('Muay Thai Beginner')).toBe(SEEDED_CLASS_DESCRIPTIONS['Muay Thai Beginner']);
    expect(await description('Muay Thai Beginner', 'en')).toBe(SEEDED_CLASS_DESCRIPTIONS['Muay Thai Beginner']);
    for (const l of ['ru', 'zh', 'de', 'fr', 'th'] as const) {
      expect(await description('Luta Livre', l), l).toBe(SEED_OWNER_TEXTS[l].classDescriptions['Luta Livre']);
    }
  });

  it('refuses an unknown language with a clear 400', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/classes?language=xx' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain('language must be one of en, ru, zh, de, fr, th');
  });

  it('Planning edits a class description per language; an empty one falls back to English', async () => {
    const classes = (await t.inject({ method: 'GET', url: '/api/timetable/classes', token: staff })).json<ClassDto[]>();
    const mma = classes.find((c) => c.name === 'MMA Training')!;
    expect(mma.descriptionTranslations.ru).toBe(SEED_OWNER_TEXTS.ru.classDescriptions['MMA Training']);

    const res = await t.inject({
      method: 'PATCH',
      url: `/api/timetable/classes/${mma.id}`,
      token: staff,
      payload: { description: 'Striking and grappling, put together.', descriptionTranslations: { de: 'Schlagen und Ringen, zusammengeführt.', fr: '   ' } },
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json<ClassDto>();
    // Replaced as a whole: languages left out have none; blank ones count as none.
    expect(saved.descriptionTranslations).toEqual({ de: 'Schlagen und Ringen, zusammengeführt.' });
    expect(await description('MMA Training', 'de')).toBe('Schlagen und Ringen, zusammengeführt.');
    expect(await description('MMA Training', 'fr')).toBe('Striking and grappling, put together.');
    expect(await description('MMA Training', 'ru')).toBe('Striking and grappling, put together.');
    expect(await description('MMA Training')).toBe('Striking and grappling, put together.');

    const created = await t.inject({
      method: 'POST',
      url: '/api/timetable/classes',
      token: admin,
      payload: { name: 'Kids Muay Thai', description: 'For 7 to 12 year olds.', level: 'Beginner', descriptionTranslations: { th: 'สำหรับเด็กอายุ 7 ถึง 12 ปี' } },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json<ClassDto>().descriptionTranslations).toEqual({ th: 'สำหรับเด็กอายุ 7 ถึง 12 ปี' });
    expect(await description('Kids Muay Thai', 'th')).toBe('สำหรับเด็กอายุ 7 ถึง 12 ปี');
    expect(await description('Kids Muay Thai', 'zh')).toBe('For 7 to 12 year olds.');
  });

  it('refuses a translated description that is too long, naming the language', async () => {
    const classes = (await t.inject({ method: 'GET', url: '/api/timetable/classes', token: staff })).json<ClassDto[]>();
    const res = await t.inject({
      method: 'PATCH',
      url: `/api/timetable/classes/${classes[0].id}`,
      token: staff,
      payload: { descriptionTranslations: { ru: 'я'.repeat(5000) } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain('La description (russe) est trop longue');
  });

  it('"Paramètres" saves the translations with the rest (admins only), refusing a bad one by name', async () => {
    const current = (await t.inject({ method: 'GET', url: '/api/site-settings' })).json<SiteSettingsDto>();
    const next = structuredClone(current.settings);
    next.hero.translations = { ...next.hero.translations, ru: { ...next.hero.translations?.ru, title: 'Тренируйся как чемпион.', highlight: 'чемпион' } };
    next.reviews[0].translations = { fr: { quote: 'Je suis venue pour un cours et je suis restée trois semaines.' } };

    const byStaff = await t.inject({ method: 'PUT', url: '/api/site-settings', token: staff, payload: { settings: next, version: current.version } });
    expect(byStaff.statusCode).toBe(403);

    const tooLong = structuredClone(next);
    tooLong.seo.translations = { zh: { title: '长'.repeat(121) } };
    const refused = await t.inject({ method: 'PUT', url: '/api/site-settings', token: admin, payload: { settings: tooLong, version: current.version } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toContain('Le titre SEO par défaut (chinois) est trop long');

    const res = await t.inject({ method: 'PUT', url: '/api/site-settings', token: admin, payload: { settings: next, version: current.version } });
    expect(res.statusCode, res.body).toBe(200);
    const after = (await t.inject({ method: 'GET', url: '/api/site-settings' })).json<SiteSettingsDto>();
    expect(after.settings.hero.translations?.ru?.title).toBe('Тренируйся как чемпион.');
    expect(after.settings.hero.translations?.de?.title).toBe(SEED_OWNER_TEXTS.de.hero.title);
    expect(after.settings.reviews[0].translations?.fr?.quote).toBe('Je suis venue pour un cours et je suis restée trois semaines.');
  });
});
