import { PASS_COVERS, TABLE_PASS_KINDS, type PassCovers, type PassKind } from '../pass-kinds';
import { promptpayIdSchema } from './promptpay';
import { z } from 'zod';
import { LIMITS, versionField } from './common';
import { WEEKDAY_LABELS_FR, type Weekday } from '../weekdays';
import { LANGUAGE_NAMES_FR, TRANSLATED_LANGUAGES, type TranslatedLanguage } from '../i18n/languages';
import { imageUrl, legalSettings, visaLetterSettings } from './site-settings-letter';
import { programmesSchema } from './site-settings-programmes';
import { staySettingsSchema } from './site-settings-stays';
import { DEFAULT_NEWSLETTER_SETTINGS, memberSettings, newsletterSettings, waitlistSettings } from './site-settings-members';
import { privateLessonSettings } from './site-settings-private-lessons';
import { DEFAULT_REVIEW_REQUEST_SETTINGS, reviewRequestSettings } from './site-settings-reviews';

// The seed and the values derived from the settings live in ../site-settings-data.ts (no zod: the
// public pages import it), which names this file's type only: no circle of imports (issue 49).

// The gym's facts the owner edits in "Paramètres" (issue 14): GET/PUT /api/site-settings and the
// back office's form share this schema. Only admins edit it, so the messages are French; every
// message names its field, so a 400 says which one is wrong.

export const SITE_SETTINGS_LIMITS = {
  priceColumns: 4,
  priceRows: 30,
  reviewsMin: 3,
  reviews: 30,
  /** A price above this is a typo (THB). */
  price: 10_000_000,
  shortText: 200,
  text: 2_000,
} as const;

/** Text field: trimmed, required, capped; the label goes into every message. */
const text = (label: string, max: number = SITE_SETTINGS_LIMITS.shortText) =>
  z
    .string({ error: `${label} est requis` })
    .trim()
    .min(1, `${label} est requis`)
    .max(max, `${label} est trop long (${max} caractères au plus)`);

/**
 * A translation of an owner's text (issue 15): optional, and empty means "show the English"
 * (the fallback). The language's French name goes into every message.
 */
const translated = (label: string, language: TranslatedLanguage, max: number = SITE_SETTINGS_LIMITS.shortText) => {
  const named = `${label} (${LANGUAGE_NAMES_FR[language]})`;
  return z
    .string({ error: `${named} doit être un texte` })
    .trim()
    .max(max, `${named} est trop long (${max} caractères au plus)`)
    .optional();
};

/** One optional entry per language other than English; a missing one falls back to English. */
const perLanguage = <T extends z.ZodType>(entry: (language: TranslatedLanguage) => T) =>
  z
    .object({
      ru: entry('ru').optional(),
      zh: entry('zh').optional(),
      de: entry('de').optional(),
      fr: entry('fr').optional(),
      th: entry('th').optional(),
    } satisfies Record<(typeof TRANSLATED_LANGUAGES)[number], z.ZodType>)
    .optional();

/** Numbers in international format: a +, then 8 to 15 digits, spaces or hyphens between. */
export const WHATSAPP_PATTERN = /^\+[1-9](?:[ -]?[0-9]){7,14}$/;
const HHMM = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;

const httpsUrl = (label: string) =>
  z
    .string({ error: `${label} : lien https requis` })
    .trim()
    .max(LIMITS.url, `${label} : lien trop long`)
    .refine((v) => {
      try {
        const u = new URL(v);
        return u.protocol === 'https:' && u.hostname.includes('.');
      } catch {
        return false;
      }
    }, `${label} : le lien doit commencer par https://`);

const dayHours = (day: Weekday) => {
  const label = `Horaires du ${WEEKDAY_LABELS_FR[day]}`;
  return z
    .object({
      open: z.boolean({ error: `${label} : ouvert ou fermé ?` }),
      from: z.string({ error: `${label} : heure d'ouverture requise` }).regex(HHMM, `${label} : heure d'ouverture au format HH:MM`),
      to: z.string({ error: `${label} : heure de fermeture requise` }).regex(HHMM, `${label} : heure de fermeture au format HH:MM`),
    })
    .refine((h) => !h.open || h.from < h.to, { message: `${label} : l'ouverture doit précéder la fermeture`, path: ['to'] });
};

const priceRow = z.object({
  label: text('Le libellé du tarif', SITE_SETTINGS_LIMITS.shortText),
  prices: z
    .array(
      z
        .number({ error: 'Prix : un nombre entier de bahts est requis' })
        .int('Prix : un nombre entier de bahts est requis (pas de décimales)')
        .max(SITE_SETTINGS_LIMITS.price, 'Prix : montant trop élevé'),
      { error: 'Prix : liste des montants requise' },
    )
    .min(1, 'Prix : au moins un montant par ligne'),
  /** The label in the other languages; it moves with its row. */
  translations: perLanguage((l) => translated('Le libellé du tarif', l)),
  /**
   * What the row sells (issue 21): each of its cells is a pass of this kind and length. A row
   * without it is shown in the table but not sold. `hidden` (one flag per column) takes a cell off sale.
   */
  pass: z
    .object({
      key: z
        .string()
        .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Tarifs : code de formule en minuscules et tirets (ex. week-single)')
        .max(40),
      kind: z.enum(TABLE_PASS_KINDS, { error: 'Tarifs : type de formule inconnu' }),
      days: z.number().int('Tarifs : durée en jours entiers').min(1, 'Tarifs : durée d’au moins 1 jour').max(366, 'Tarifs : durée de 366 jours au plus'),
      hidden: z.array(z.boolean()).default([]),
    })
    .optional(),
});

/** The owner's words for a pass's kind (the price table's "Formule"). */
export const PASS_KIND_LABELS_FR: Record<PassKind, string> = {
  single: 'Une séance',
  day: 'Journée illimitée',
  'days-single': 'N jours, une séance par jour',
  'days-unlimited': 'N jours illimités',
  private: 'Cours privé',
  programme: 'Programme long séjour',
};
/** What the price table's columns may cover (the "Cours couverts" choice). */
export const PASS_COVERS_LABELS_FR: Record<PassCovers, string> = {
  'muay-thai': 'Muay Thai',
  mma: 'MMA, Wrestling, BJJ, Luta Livre',
};
/** Kinds that last one day: their rows' duration is 1. */
const ONE_DAY_KINDS: ReadonlySet<PassKind> = new Set<PassKind>(['single', 'day', 'private']);

/** How the gym takes money (issue 21): PromptPay, the deposit rule, the cancellation deadline. */
const paymentsSettings = z.object({
  /** The gym's PromptPay ID (a Thai mobile, a 13-digit ID or a 15-digit e-wallet); null: no PromptPay. */
  promptpayId: promptpayIdSchema.nullable(),
  /** Printed on the order e-mails when set. */
  taxId: z.string().trim().max(40, 'Numéro fiscal : 40 caractères au plus').nullable(),
  /** A deposit on private classes and passes of 7 days or more: none, a percentage, or a fixed amount in satang. */
  deposit: z
    .object({
      mode: z.enum(['none', 'percent', 'fixed'], { error: 'Acompte : aucun, pourcentage ou montant fixe' }),
      value: z
        .number({ error: 'Acompte : un nombre entier est requis' })
        .int('Acompte : un nombre entier est requis')
        .min(0, 'Acompte : pas de montant négatif')
        .max(1_000_000_000, 'Acompte : montant trop élevé'),
    })
    .refine((d) => d.mode !== 'percent' || d.value <= 100, { message: 'Acompte : 100 % au plus', path: ['value'] })
    .refine((d) => d.mode === 'none' || d.value > 0, { message: 'Acompte : un pourcentage ou un montant supérieur à zéro (ou « aucun »)', path: ['value'] }),
  /** A booking made with a pass and cancelled at least this many hours before the class gives its credit back. */
  cancelHours: z
    .number({ error: 'Délai d’annulation : un nombre entier d’heures' })
    .int('Délai d’annulation : un nombre entier d’heures')
    .min(0, 'Délai d’annulation : pas de valeur négative')
    .max(24 * 14, 'Délai d’annulation : 336 heures au plus'),
});

const review = z.object({
  name: text('Le nom du client'),
  location: text('La provenance du client'),
  quote: text("Le texte de l'avis", SITE_SETTINGS_LIMITS.text),
  /** The quote and the place in the other languages (the name stays as written). */
  translations: perLanguage((l) =>
    z.object({
      location: translated('La provenance du client', l),
      quote: translated("Le texte de l'avis", l, SITE_SETTINGS_LIMITS.text),
    }),
  ),
});

/** The four blocks of the about section (their icons follow their order). */
const aboutPoint = z.object({ title: text('Le titre du point fort'), text: text('Le texte du point fort', SITE_SETTINGS_LIMITS.text) });

export const siteSettingsSchema = z.object({
  name: text('Le nom du club'),
  /** The short name: the web app manifest and tight places. */
  shortName: text('Le nom court', 60),
  tagline: text('Le slogan'),
  address: z.object({
    street: text("L'adresse (rue)"),
    /** The town people know the gym by ("Ao Nang"): hero, about, page titles. */
    town: text('La ville'),
    locality: text('La localité'),
    region: text('La province'),
    postalCode: text('Le code postal', 20),
    country: text('Le pays'),
    countryCode: z
      .string({ error: 'Le code pays est requis' })
      .trim()
      .regex(/^[A-Z]{2}$/, 'Le code pays : deux lettres majuscules (ex. TH)'),
  }),
  geo: z.object({
    latitude: z.number({ error: 'Latitude : un nombre est requis' }).min(-90, 'Latitude entre -90 et 90').max(90, 'Latitude entre -90 et 90'),
    longitude: z.number({ error: 'Longitude : un nombre est requis' }).min(-180, 'Longitude entre -180 et 180').max(180, 'Longitude entre -180 et 180'),
  }),
  whatsapp: z.string({ error: 'Numéro WhatsApp requis' }).trim().regex(WHATSAPP_PATTERN, 'Numéro WhatsApp : format international avec + (ex. +66 81 234 5678)'),
  email: z
    .string({ error: 'Adresse e-mail requise' })
    .trim()
    .toLowerCase()
    .max(LIMITS.email, 'Adresse e-mail trop longue')
    .pipe(z.email('Adresse e-mail invalide')),
  social: z.object({
    instagram: httpsUrl('Instagram').nullable(),
    facebook: httpsUrl('Facebook').nullable(),
    tiktok: httpsUrl('TikTok').nullable(),
  }),
  hours: z.object({
    monday: dayHours('monday'),
    tuesday: dayHours('tuesday'),
    wednesday: dayHours('wednesday'),
    thursday: dayHours('thursday'),
    friday: dayHours('friday'),
    saturday: dayHours('saturday'),
    sunday: dayHours('sunday'),
  }),
  prices: z
    .object({
      columns: z
        .array(text('Le titre de colonne'), { error: 'Tarifs : colonnes requises' })
        .min(1, 'Tarifs : au moins une colonne')
        .max(SITE_SETTINGS_LIMITS.priceColumns, `Tarifs : ${SITE_SETTINGS_LIMITS.priceColumns} colonnes au plus`),
      rows: z
        .array(priceRow, { error: 'Tarifs : lignes requises' })
        .min(1, 'Tarifs : au moins une ligne')
        .max(SITE_SETTINGS_LIMITS.priceRows, `Tarifs : ${SITE_SETTINGS_LIMITS.priceRows} lignes au plus`),
      /** Which classes each column's passes cover (issue 21); a column without one is not sold. */
      covers: z.array(z.enum(PASS_COVERS).nullable()).default([]),
    })
    .superRefine((p, ctx) => {
      const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
      // A pass's id is '<row key>.<covers>': both must be unique for the ids to be.
      if (p.covers.length !== p.columns.length) {
        issue(['covers'], `Tarifs : indiquez les cours couverts de chaque colonne (${p.columns.length} colonnes, ${p.covers.length} indiqués)`);
      }
      const coveredBy = new Map<string, number>();
      p.covers.forEach((c, j) => {
        if (c === null) return;
        if (coveredBy.has(c))
          issue(['covers', j], `Tarifs : les colonnes « ${p.columns[coveredBy.get(c)!] ?? ''} » et « ${p.columns[j] ?? ''} » couvrent les mêmes cours`);
        else coveredBy.set(c, j);
      });
      const keys = new Map<string, string>();
      p.rows.forEach((row, i) => {
        if (row.prices.length !== p.columns.length) {
          issue(['rows', i, 'prices'], `Tarifs : la ligne « ${row.label} » doit avoir un montant par colonne (${p.columns.length})`);
        }
        // A price of 0 would make a "pay at the desk" order paid at once, online, by anyone.
        row.prices.forEach((price, j) => {
          if (price <= 0) issue(['rows', i, 'prices', j], `Tarifs : le prix « ${row.label} » · « ${p.columns[j] ?? j + 1} » doit être supérieur à zéro`);
        });
        if (!row.pass) return;
        const { key, kind, days, hidden } = row.pass;
        const twin = keys.get(key);
        if (twin !== undefined) issue(['rows', i, 'pass', 'key'], `Tarifs : les lignes « ${twin} » et « ${row.label} » ont le même code de formule (${key})`);
        else keys.set(key, row.label);
        if (ONE_DAY_KINDS.has(kind) && days !== 1) {
          issue(['rows', i, 'pass', 'days'], `Tarifs : la ligne « ${row.label} » (${PASS_KIND_LABELS_FR[kind].toLowerCase()}) dure 1 jour`);
        }
        if (hidden.length > p.columns.length) {
          issue(['rows', i, 'pass', 'hidden'], `Tarifs : la ligne « ${row.label} » a plus de cases « en vente » que de colonnes (${p.columns.length})`);
        }
      });
    }),
  reviews: z
    .array(review, { error: 'Avis : liste requise' })
    .min(SITE_SETTINGS_LIMITS.reviewsMin, `Avis : au moins ${SITE_SETTINGS_LIMITS.reviewsMin} (la section en montre 3 à la fois)`)
    .max(SITE_SETTINGS_LIMITS.reviews, `Avis : ${SITE_SETTINGS_LIMITS.reviews} au plus`),
  hero: z.object({
    /** The pill above the headline ("Ao Nang, Krabi · Thailand"). */
    badge: text("Le bandeau de l'accueil"),
    /** The headline's first line; `highlight`, if it appears in it, is shown in red. */
    title: text("Le titre de l'accueil"),
    highlight: z.string({ error: 'Le mot mis en avant doit être un texte' }).trim().max(60, 'Le mot mis en avant est trop long (60 caractères au plus)'),
    /** The headline's second line. */
    subtitle: z
      .string({ error: "Le sous-titre de l'accueil doit être un texte" })
      .trim()
      .max(SITE_SETTINGS_LIMITS.shortText, "Le sous-titre de l'accueil est trop long"),
    text: text("Le texte de l'accueil", SITE_SETTINGS_LIMITS.text),
    translations: perLanguage((l) =>
      z.object({
        badge: translated("Le bandeau de l'accueil", l),
        title: translated("Le titre de l'accueil", l),
        highlight: translated('Le mot mis en avant', l, 60),
        subtitle: translated("Le sous-titre de l'accueil", l),
        text: translated("Le texte de l'accueil", l, SITE_SETTINGS_LIMITS.text),
      }),
    ),
  }),
  about: z.object({
    eyebrow: text('Le surtitre « À propos »'),
    title: text('Le titre « À propos »'),
    text: text('Le texte « À propos »', SITE_SETTINGS_LIMITS.text),
    points: z.array(aboutPoint, { error: 'Points forts requis' }).length(4, 'Points forts : exactement 4'),
    translations: perLanguage((l) =>
      z.object({
        eyebrow: translated('Le surtitre « À propos »', l),
        title: translated('Le titre « À propos »', l),
        text: translated('Le texte « À propos »', l, SITE_SETTINGS_LIMITS.text),
        /** In the order of `points`. */
        points: z
          .array(z.object({ title: translated('Le titre du point fort', l), text: translated('Le texte du point fort', l, SITE_SETTINGS_LIMITS.text) }))
          .max(4, 'Points forts : 4 au plus')
          .optional(),
      }),
    ),
  }),
  whatsappGreeting: text('Le message WhatsApp pré-rempli', 500),
  seo: z.object({
    title: text('Le titre SEO par défaut', 120),
    description: text('La description SEO par défaut', 320),
    translations: perLanguage((l) =>
      z.object({ title: translated('Le titre SEO par défaut', l, 120), description: translated('La description SEO par défaut', l, 320) }),
    ),
  }),
  logoUrl: imageUrl('Logo'),
  /** Also the Open Graph image of the pages that have none of their own. */
  heroImageUrl: imageUrl("Image d'accueil"),
  /** The slogan and the WhatsApp greeting in the other languages. */
  translations: perLanguage((l) => z.object({ tagline: translated('Le slogan', l), whatsappGreeting: translated('Le message WhatsApp pré-rempli', l, 500) })),
  payments: paymentsSettings,
  waitlist: waitlistSettings,
  /** Private lessons (issue 37): the lengths sold, the minimum notice and the buffer between a trainer's lessons. */
  privateLessons: privateLessonSettings,
  /** My page (issue 47): pass pauses and the health answers' retention. */
  members: memberSettings,
  newsletter: newsletterSettings.default(DEFAULT_NEWSLETTER_SETTINGS), // issue 48: the campaigns' throttle (site-settings-members.ts)
  reviewRequests: reviewRequestSettings.default(DEFAULT_REVIEW_REQUEST_SETTINGS), // issue 48 point 5 (site-settings-reviews.ts)
  /** The gym's legal details: letterheads and receipts (issue 35). */
  legal: legalSettings,
  /** Who signs the visa letter, and when it may be requested (issue 35). */
  visaLetter: visaLetterSettings,
  /** Long-stay programmes, sold beside the passes (issue 35). */
  programmes: programmesSchema,
  /**
   * Stays and pickups sold with an order: airports, what is included, deposit, balance, terms (issue 36).
   * Optional so that its seed stays out of the public pages' bundle: the server fills it in (staySettingsOf).
   */
  stays: staySettingsSchema.optional(),
});

/** What the form edits and the database stores. */
export type SiteSettings = z.output<typeof siteSettingsSchema>;
/** The form's values before parsing (the back office's form). @public */
export type SiteSettingsInput = z.input<typeof siteSettingsSchema>;

/**
 * PUT /api/site-settings: GET's answer sent back with its settings edited, `{ settings, version }`
 * (a 409 when the version is stale). `updatedAt` may come along and is ignored: the save is dated
 * by the server.
 */
export const siteSettingsUpdateSchema = z.object({
  settings: siteSettingsSchema.describe('The whole record, as GET /api/site-settings answers it'),
  version: versionField.unwrap().describe('The version GET answered; a stale one is refused with 409.'),
  updatedAt: z.string().optional().describe('Ignored (sent back as GET answered it)'),
});
/** @public (the back office's form) */
export type SiteSettingsUpdateInput = z.input<typeof siteSettingsUpdateSchema>;

/** GET and PUT /api/site-settings answer. */
export interface SiteSettingsDto {
  settings: SiteSettings;
  version: number;
  updatedAt: string;
}

/** GET /api/site-settings/history: one saved version. */
export interface SiteSettingsHistoryEntryDto {
  id: number;
  version: number;
  changedAt: string;
  changedBy: { id: number; name: string } | null;
  /** Top-level fields that differ from the version before (all of them for the first). */
  changes: (keyof SiteSettings)[];
}

/** POST /api/site-settings/images/{kind}. */
export const SITE_IMAGE_KINDS = ['logo', 'hero', 'signature', 'stamp'] as const;
/** @public (the back office's form) */
export type SiteImageKind = (typeof SITE_IMAGE_KINDS)[number];
/** @public (the back office's form) */
export interface SiteImageUploadDto {
  url: string;
}
