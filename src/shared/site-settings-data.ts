// The site settings' seed values and what the pages derive from them (links, hour lines,
// initials). No zod here: the public pages' bundle imports this file; the schema that checks
// a save is shared/schemas/site-settings.ts.
import type { SiteSettings } from './schemas/site-settings';
import type { Language } from './i18n/languages';
import { WEEKDAYS, WEEKDAY_LABELS_EN, type Weekday } from './weekdays';

export { WEEKDAYS, WEEKDAY_LABELS_FR, type Weekday } from './weekdays';

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

/** Top-level fields whose values differ (the settings' history lists them). */
export function changedFields(before: SiteSettings | null, after: SiteSettings): (keyof SiteSettings)[] {
  const keys = Object.keys(after) as (keyof SiteSettings)[];
  if (!before) return keys;
  return keys.filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
}

// ---- Per-language texts (issue 15) ----

/** The translation when the owner wrote one, else the English text. */
const pick = (english: string, translation: string | undefined) => (translation ? translation : english);

/**
 * The settings as a page in `language` shows them: each translated text the owner filled in
 * replaces the English one, the others stay English. The translations themselves are left
 * out, so a page carries only its own language's texts.
 */
export function localizeSiteSettings(s: SiteSettings, language: Language): SiteSettings {
  const l = language === 'en' ? undefined : language;
  const { translations: top, ...rest } = s;
  const { translations: hero, ...heroEn } = s.hero;
  const { translations: about, ...aboutEn } = s.about;
  const { translations: seo, ...seoEn } = s.seo;
  const h = l && hero?.[l];
  const a = l && about?.[l];
  const o = l && seo?.[l];
  const g = l && top?.[l];
  // A translated title without its own highlighted word shows no red word rather than the English one.
  const highlight = h && h.title ? (h.highlight ?? '') : heroEn.highlight;
  return {
    ...rest,
    tagline: pick(s.tagline, g ? g.tagline : undefined),
    whatsappGreeting: pick(s.whatsappGreeting, g ? g.whatsappGreeting : undefined),
    hero: h
      ? {
          badge: pick(heroEn.badge, h.badge),
          title: pick(heroEn.title, h.title),
          highlight,
          subtitle: pick(heroEn.subtitle, h.subtitle),
          text: pick(heroEn.text, h.text),
        }
      : heroEn,
    about: a
      ? {
          eyebrow: pick(aboutEn.eyebrow, a.eyebrow),
          title: pick(aboutEn.title, a.title),
          text: pick(aboutEn.text, a.text),
          points: aboutEn.points.map((p, i) => ({ title: pick(p.title, a.points?.[i]?.title), text: pick(p.text, a.points?.[i]?.text) })),
        }
      : aboutEn,
    seo: o ? { title: pick(seoEn.title, o.title), description: pick(seoEn.description, o.description) } : seoEn,
    prices: {
      columns: s.prices.columns,
      covers: s.prices.covers,
      rows: s.prices.rows.map(({ translations, ...row }) => ({ ...row, label: pick(row.label, l && translations?.[l]) })),
    },
    programmes: s.programmes.map(({ translations, ...p }) => ({ ...p, name: pick(p.name, l && translations?.[l]) })),
    reviews: s.reviews.map(({ translations, ...r }) => {
      const t = l && translations?.[l];
      return t ? { ...r, location: pick(r.location, t.location), quote: pick(r.quote, t.quote) } : r;
    }),
  };
}

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
    covers: ['muay-thai', 'mma'],
    // Each cell is a pass (issue 21): 14 passes, 250 to 15,000 THB.
    rows: [
      { label: '1 session', prices: [250, 400], pass: { key: 'single', kind: 'single', days: 1, hidden: [] } },
      { label: 'Full day pass', prices: [600, 1000], pass: { key: 'day', kind: 'day', days: 1, hidden: [] } },
      { label: '1 week, one session/day', prices: [1500, 2500], pass: { key: 'week-single', kind: 'days-single', days: 7, hidden: [] } },
      { label: '1 week, full day', prices: [3500, 5000], pass: { key: 'week-unlimited', kind: 'days-unlimited', days: 7, hidden: [] } },
      { label: '1 month, one session/day', prices: [6500, 8000], pass: { key: 'month-single', kind: 'days-single', days: 30, hidden: [] } },
      { label: '1 month, full day', prices: [12000, 15000], pass: { key: 'month-unlimited', kind: 'days-unlimited', days: 30, hidden: [] } },
      { label: 'Private class', prices: [1000, 1500], pass: { key: 'private', kind: 'private', days: 1, hidden: [] } },
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
  // Issue 21: no PromptPay until the owner enters the gym's ID; credits back up to 12 hours before a class.
  payments: { promptpayId: null, taxId: null, deposit: { mode: 'none', value: 0 }, cancelHours: 12 },
  // Issue 34: an offer from the waiting list holds its seat 12 hours at most.
  waitlist: { offerHours: 12 },
  // Issue 37: lessons of 60 and 90 minutes, booked 3 hours ahead at least, 15 minutes between two.
  privateLessons: { lengths: [60, 90], noticeHours: 3, bufferMinutes: 15 },
  members: { pauseDays: 0, healthRetentionMonths: 24 },
  newsletter: { campaignsPerMinute: 60 },
  // Issue 48 point 5: no review request until the owner turns one on and gives a link.
  reviewRequests: { afterStay: false, afterClasses: 0, delayDays: 3, links: [] },
  // Issue 35: empty until the owner fills them in; no visa letter (and no programme on sale) before.
  legal: { name: null, registrationNumber: null, address: null, phone: null, email: null },
  visaLetter: { signatoryName: null, signatoryTitle: null, signatureImageUrl: null, stampImageUrl: null, onDeposit: false },
  // An example (issue 35): off sale until the owner fills in the letter's details and puts it on sale.
  programmes: [
    {
      key: 'muay-thai-6-months',
      name: '6-month Muay Thai programme',
      translations: {
        ru: 'Программа Муай Тай на 6 месяцев',
        zh: '六个月泰拳课程',
        de: '6-monatiges Muay-Thai-Programm',
        fr: 'Programme Muay Thai de 6 mois',
        th: 'หลักสูตรมวยไทย 6 เดือน',
      },
      disciplines: ['muay-thai'],
      months: 6,
      sessionsPerWeek: 5,
      hoursPerWeek: 10,
      priceSatang: 6_000_000,
      deposit: { mode: 'fixed', value: 1_000_000 },
      onSale: false,
    },
  ],
};

/** Page titles, shared by the server-rendered head and the client after navigation. */
export const pageTitleOf = (s: Pick<SiteSettings, 'name' | 'seo'>, part?: string) => (part ? `${part} | ${s.name}` : s.seo.title);

/** "฿250 - ฿15,000": the cheapest and dearest prices (JSON-LD priceRange). */
export const priceRangeOf = (s: Pick<SiteSettings, 'prices'>) => {
  const all = s.prices.rows.flatMap((r) => r.prices);
  if (all.length === 0) return undefined;
  return `฿${formatThb(Math.min(...all))} - ฿${formatThb(Math.max(...all))}`;
};

/** The social links the owner filled in, in a fixed order. */
export function socialLinksOf(s: Pick<SiteSettings, 'social'>) {
  const all = [
    { key: 'instagram', label: 'Instagram', href: s.social.instagram },
    { key: 'facebook', label: 'Facebook', href: s.social.facebook },
    { key: 'tiktok', label: 'TikTok', href: s.social.tiktok },
  ] as const;
  const out: { key: (typeof all)[number]['key']; label: string; href: string }[] = [];
  for (const l of all) if (l.href) out.push({ key: l.key, label: l.label, href: l.href });
  return out;
}

/**
 * The srcset of an uploaded image (its WebP variants are named <stem>-<width>.webp, widths from
 * the smallest up to the one saved); undefined for any other address.
 */
export function uploadSrcSet(url: string, widths: readonly number[]): string | undefined {
  const m = /^(\/uploads\/[a-z]+\/[0-9a-f]{32})-([0-9]{1,5})\.webp$/.exec(url);
  if (!m) return undefined;
  const max = Number(m[2]);
  const list = widths.filter((w) => w <= max);
  return list.length > 1 ? list.map((w) => `${m[1]}-${w}.webp ${w}w`).join(', ') : undefined;
}
