import { z } from 'zod';
import { LIMITS, versionField } from './common';

// The gym's facts the owner edits in "Paramètres" (issue 14): GET/PUT /api/site-settings and the
// back office's form share this schema. Only admins edit it, so the messages are French; every
// message names its field, so a 400 says which one is wrong.

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
/** French labels for the form and the messages (the public site uses English day names). */
export const WEEKDAY_LABELS_FR: Record<Weekday, string> = {
  monday: 'lundi',
  tuesday: 'mardi',
  wednesday: 'mercredi',
  thursday: 'jeudi',
  friday: 'vendredi',
  saturday: 'samedi',
  sunday: 'dimanche',
};
export const WEEKDAY_LABELS_EN: Record<Weekday, string> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
};

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

/** An image the site serves itself (an upload: /uploads/...) or an https address; null: none. */
const imageUrl = (label: string) =>
  z
    .string({ error: `${label} : adresse d'image invalide` })
    .trim()
    .max(LIMITS.url, `${label} : adresse trop longue`)
    .refine((v) => /^\/[A-Za-z0-9/_.-]+$/.test(v) || /^https:\/\/[^\s"'<>]+$/.test(v), `${label} : adresse d'image invalide`)
    .nullable();

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
        .min(0, 'Prix : le montant ne peut pas être négatif')
        .max(SITE_SETTINGS_LIMITS.price, 'Prix : montant trop élevé'),
      { error: 'Prix : liste des montants requise' },
    )
    .min(1, 'Prix : au moins un montant par ligne'),
});

const review = z.object({
  name: text('Le nom du client'),
  location: text('La provenance du client'),
  quote: text("Le texte de l'avis", SITE_SETTINGS_LIMITS.text),
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
    })
    .superRefine((p, ctx) => {
      p.rows.forEach((row, i) => {
        if (row.prices.length !== p.columns.length) {
          ctx.addIssue({
            code: 'custom',
            path: ['rows', i, 'prices'],
            message: `Tarifs : la ligne « ${row.label} » doit avoir un montant par colonne (${p.columns.length})`,
          });
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
  }),
  about: z.object({
    eyebrow: text('Le surtitre « À propos »'),
    title: text('Le titre « À propos »'),
    text: text('Le texte « À propos »', SITE_SETTINGS_LIMITS.text),
    points: z.array(aboutPoint, { error: 'Points forts requis' }).length(4, 'Points forts : exactement 4'),
  }),
  whatsappGreeting: text('Le message WhatsApp pré-rempli', 500),
  seo: z.object({
    title: text('Le titre SEO par défaut', 120),
    description: text('La description SEO par défaut', 320),
  }),
  logoUrl: imageUrl('Logo'),
  /** Also the Open Graph image of the pages that have none of their own. */
  heroImageUrl: imageUrl("Image d'accueil"),
});

/** What the form edits and the database stores. */
export type SiteSettings = z.output<typeof siteSettingsSchema>;
export type SiteSettingsInput = z.input<typeof siteSettingsSchema>;

/** PUT /api/site-settings: the settings and the version the form loaded (409 when stale). */
export const siteSettingsUpdateSchema = siteSettingsSchema.extend({
  version: versionField.unwrap().describe('The version the form loaded; a stale one is refused with 409.'),
});
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
export const SITE_IMAGE_KINDS = ['logo', 'hero'] as const;
export type SiteImageKind = (typeof SITE_IMAGE_KINDS)[number];
export interface SiteImageUploadDto {
  url: string;
}

// ---- Derived values (shared by the server and the public pages) ----

/** The address on one line. */
export const fullAddressOf = (s: Pick<SiteSettings, 'address'>) => {
  const a = s.address;
  return `${a.street}, ${a.locality}, ${a.region} ${a.postalCode}, ${a.country}`;
};

/** wa.me wants the number's digits only; the greeting is prefilled (SPEC.md §2). */
export const whatsappUrlOf = (s: Pick<SiteSettings, 'whatsapp' | 'whatsappGreeting'>, message: string = s.whatsappGreeting) =>
  `https://wa.me/${s.whatsapp.replace(/\D/g, '')}?text=${encodeURIComponent(message)}`;

export const mailtoUrlOf = (s: Pick<SiteSettings, 'email'>) => `mailto:${s.email}`;

const round4 = (n: number) => Math.round(n * 10_000) / 10_000;

/** OpenStreetMap embed: no cookies, allowed by the CSP's frame-src. A box about 1 km wide. */
export const mapEmbedUrlOf = ({ geo }: Pick<SiteSettings, 'geo'>) => {
  const { latitude: lat, longitude: lon } = geo;
  const bbox = [round4(lon - 0.005), round4(lat - 0.004), round4(lon + 0.005), round4(lat + 0.004)].join('%2C');
  return `https://www.openstreetmap.org/export/embed.html?bbox=${bbox}&layer=mapnik&marker=${lat}%2C${lon}`;
};
export const mapLinkUrlOf = ({ geo }: Pick<SiteSettings, 'geo'>) =>
  `https://www.openstreetmap.org/?mlat=${geo.latitude}&mlon=${geo.longitude}#map=17/${geo.latitude}/${geo.longitude}`;
/** A Google Maps link to the gym's pin (e-mails: every phone opens it in its maps app). */
export const googleMapsUrlOf = ({ geo }: Pick<SiteSettings, 'geo'>) => `https://www.google.com/maps/search/?api=1&query=${geo.latitude}%2C${geo.longitude}`;

/** Two letters for a review's avatar: the first letters of the first and last words. */
export const initialsOf = (name: string) => {
  const words = name
    .trim()
    .split(/\s+/)
    .filter((w) => w !== '');
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase();
};

/** "1,000": a whole THB amount as the price table shows it. */
export const formatThb = (n: number) => n.toLocaleString('en-US');

/** "8:00 AM" from "08:00". */
export const formatClock = (hhmm: string) => {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  const suffix = h < 12 ? 'AM' : 'PM';
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return `${h12}:${String(m).padStart(2, '0')} ${suffix}`;
};

/**
 * The opening hours as the contact section lists them: consecutive days with the same hours
 * grouped ("Monday - Saturday", "8:00 AM - 7:00 PM"; "Sunday", "Closed").
 */
export const openingHoursLines = (s: Pick<SiteSettings, 'hours'>) => {
  const lines: { days: string; hours: string }[] = [];
  let start = 0;
  const key = (d: Weekday) => {
    const h = s.hours[d];
    return h.open ? `${h.from}-${h.to}` : 'closed';
  };
  for (let i = 1; i <= WEEKDAYS.length; i++) {
    const prev = WEEKDAYS[i - 1];
    const cur = WEEKDAYS[i];
    if (cur !== undefined && key(cur) === key(prev)) continue;
    const first = WEEKDAYS[start];
    const h = s.hours[first];
    lines.push({
      days: first === prev ? WEEKDAY_LABELS_EN[first] : `${WEEKDAY_LABELS_EN[first]} - ${WEEKDAY_LABELS_EN[prev]}`,
      hours: h.open ? `${formatClock(h.from)} - ${formatClock(h.to)}` : 'Closed',
    });
    start = i;
  }
  return lines;
};

/** The same hours, machine-readable (JSON-LD OpeningHoursSpecification). */
export const openingHoursSpecOf = (s: Pick<SiteSettings, 'hours'>) => {
  const groups = new Map<string, { dayOfWeek: string[]; opens: string; closes: string }>();
  for (const d of WEEKDAYS) {
    const h = s.hours[d];
    if (!h.open) continue;
    const k = `${h.from}-${h.to}`;
    const g = groups.get(k) ?? { dayOfWeek: [], opens: h.from, closes: h.to };
    g.dayOfWeek.push(WEEKDAY_LABELS_EN[d]);
    groups.set(k, g);
  }
  return [...groups.values()];
};

// ---- Seed: today's sample values and SPEC.md §9 ----

const HOURS_OPEN = { open: true, from: '08:00', to: '19:00' };

export const DEFAULT_SITE_SETTINGS: SiteSettings = {
  name: 'Tiger Coast Fight Club',
  shortName: 'Tiger Coast',
  tagline: 'Muay Thai, BJJ, MMA, Wrestling & Luta Livre by the Andaman Sea',
  address: {
    street: '88/8 Moo 2, Ao Nang Road',
    town: 'Ao Nang',
    locality: 'Ao Nang, Mueang Krabi',
    region: 'Krabi',
    postalCode: '81180',
    country: 'Thailand',
    countryCode: 'TH',
  },
  geo: { latitude: 8.0322, longitude: 98.8238 },
  whatsapp: '+66 81 234 5678',
  email: 'hello@tigercoastfightclub.com',
  social: {
    instagram: 'https://www.instagram.com/tigercoastfightclub',
    facebook: 'https://www.facebook.com/tigercoastfightclub',
    tiktok: 'https://www.tiktok.com/@tigercoastfightclub',
  },
  // SPEC.md §9: Monday to Saturday 8:00 AM to 7:00 PM; Sunday closed.
  hours: {
    monday: HOURS_OPEN,
    tuesday: HOURS_OPEN,
    wednesday: HOURS_OPEN,
    thursday: HOURS_OPEN,
    friday: HOURS_OPEN,
    saturday: HOURS_OPEN,
    sunday: { open: false, from: '08:00', to: '19:00' },
  },
  // SPEC.md §9, in THB, exactly.
  prices: {
    columns: ['Muay Thai', 'MMA / Wrestling / BJJ / Luta Livre'],
    rows: [
      { label: '1 session', prices: [250, 400] },
      { label: 'Full day pass', prices: [600, 1000] },
      { label: '1 week, one session/day', prices: [1500, 2500] },
      { label: '1 week, full day', prices: [3500, 5000] },
      { label: '1 month, one session/day', prices: [6500, 8000] },
      { label: '1 month, full day', prices: [12000, 15000] },
      { label: 'Private class', prices: [1000, 1500] },
    ],
  },
  // The 10 reviews (SPEC.md §3), shown 3 at a time.
  reviews: [
    {
      name: 'Sophie Martin',
      location: 'Lyon, France',
      quote: 'I came for one beginner class and stayed three weeks. The trainers are patient, precise and genuinely kind.',
    },
    {
      name: 'Jake Thompson',
      location: 'Melbourne, Australia',
      quote: 'Best Muay Thai pad rounds I have had anywhere. Hard work, great vibe, and the beach five minutes away.',
    },
    {
      name: 'Lena Fischer',
      location: 'Hamburg, Germany',
      quote: 'The BJJ coach explains every detail. As a woman training alone while travelling, I felt welcome from day one.',
    },
    {
      name: 'Marcus Silva',
      location: 'São Paulo, Brazil',
      quote: 'Real Luta Livre in Thailand! The no-gi sessions are technical and the rolls are friendly but sharp.',
    },
    {
      name: 'Emily Carter',
      location: 'London, UK',
      quote: 'Booked on my phone in two minutes, got a reply the same evening. Clean gym, clear schedule, fair prices.',
    },
    {
      name: 'Daniel Kowalski',
      location: 'Warsaw, Poland',
      quote: 'The MMA class ties everything together. I left fitter than I have been in ten years.',
    },
    {
      name: 'Aiko Tanaka',
      location: 'Osaka, Japan',
      quote: 'Private sessions fixed my guard in a week. The trainers adapt to your level instead of forcing a routine.',
    },
    {
      name: 'Ryan O’Connor',
      location: 'Dublin, Ireland',
      quote: 'Wrestling in the morning, Muay Thai in the afternoon. The weekly full-day pass is worth every baht.',
    },
    {
      name: 'Camille Dubois',
      location: 'Montréal, Canada',
      quote: 'Total beginner, zero pressure. By the end of my stay I did my first light sparring and loved it.',
    },
    {
      name: 'Noah Williams',
      location: 'Austin, USA',
      quote: 'Friendly crowd from all over the world, top trainers, and sunset runs on the beach. Five stars.',
    },
  ],
  hero: {
    badge: 'Ao Nang, Krabi · Thailand',
    title: 'Train like a fighter.',
    highlight: 'fighter',
    subtitle: 'Travel like a local.',
    text: 'Tiger Coast Fight Club: Muay Thai, Brazilian Jiu Jitsu, MMA, Wrestling and Luta Livre with Thai and international coaches, five minutes from the beach. First class? You are in the right place.',
  },
  about: {
    eyebrow: 'About the gym',
    title: 'Built by fighters, open to everyone',
    text: 'Tiger Coast Fight Club is a family-run camp in Ao Nang. Since day one the idea is simple: the same training our fighters do, coached with patience for travellers, beginners and seasoned athletes alike.',
    points: [
      {
        title: 'Real fight-gym training',
        text: 'Thai trainers with hundreds of stadium fights, BJJ and Luta Livre black belts, MMA coaches who corner pros.',
      },
      { title: 'Every level welcome', text: 'Beginner classes every morning, groups split by experience, nobody thrown in the deep end.' },
      { title: 'Open all day', text: 'Ring, cage, mat area and a strength corner, open Monday to Saturday from 8:00 AM to 7:00 PM.' },
      {
        title: 'Five minutes from the beach',
        text: 'Train in the morning, swim in the afternoon. Drop-in sessions and weekly passes for travellers.',
      },
    ],
  },
  whatsappGreeting: "Hello! I'd like some information about your classes, please.",
  seo: {
    title: 'Tiger Coast Fight Club | Muay Thai & MMA Gym in Ao Nang, Krabi',
    description:
      'Train Muay Thai, Brazilian Jiu Jitsu, MMA, Wrestling and Luta Livre in Ao Nang, Krabi. Daily classes for beginners and fighters, drop-in friendly for travellers.',
  },
  logoUrl: null,
  heroImageUrl: null,
};
