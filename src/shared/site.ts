// The gym's facts are stored (site settings, editable in the back office): pages read them
// through useSiteSettings(), server modules through the site-settings service. What stays here
// is not a fact the owner edits (what to bring, classes, statistics, navigation), and the seed
// values (DEFAULT_SITE_SETTINGS) in the older shapes the tests use:
// never read these for what a page or an e-mail shows.
import {
  DEFAULT_SITE_SETTINGS as SEED,
  fullAddressOf,
  googleMapsUrlOf,
  mapEmbedUrlOf,
  mapLinkUrlOf,
  openingHoursLines,
  openingHoursSpecOf,
  formatThb,
  whatsappUrlOf,
} from './site-settings-data';

/** The seed values (see above). */
export const SITE = {
  name: SEED.name,
  shortName: SEED.shortName,
  tagline: SEED.tagline,
  description: SEED.seo.description,
  town: SEED.address.town,
  address: {
    street: SEED.address.street,
    locality: SEED.address.locality,
    region: SEED.address.region,
    postalCode: SEED.address.postalCode,
    country: SEED.address.country,
    countryCode: SEED.address.countryCode,
  },
  geo: SEED.geo,
  whatsapp: SEED.whatsapp,
  email: SEED.email,
  social: { instagram: SEED.social.instagram ?? '', facebook: SEED.social.facebook ?? '', tiktok: SEED.social.tiktok ?? '' },
  mapEmbedUrl: mapEmbedUrlOf(SEED),
  mapLinkUrl: mapLinkUrlOf(SEED),
  whatsappGreeting: SEED.whatsappGreeting,
} as const;

export const fullAddress = () => fullAddressOf(SEED);
export const whatsappUrl = (text?: string) => whatsappUrlOf(SEED, text);
export const googleMapsUrl = () => googleMapsUrlOf(SEED);
export const OPENING_HOURS = openingHoursLines(SEED);
export const OPENING_HOURS_SPEC = openingHoursSpecOf(SEED);

/** What a visitor brings to a class (booking e-mails, booking page). */
export const WHAT_TO_BRING = [
  'Water',
  'A towel',
  'Comfortable sports clothes (shorts and a T-shirt)',
  'Gloves and shin guards if you have them: they can be rented at the gym',
] as const;

// Claimed statistics (SPEC.md §2).
export const STATS = [
  { value: '5/5', label: 'Rating', key: 'stats.rating' },
  { value: '2000+', label: 'Students', key: 'stats.students' },
  { value: '30+', label: 'Weekly classes', key: 'stats.weekly' },
] as const;

export type ClassLevel = 'Beginner' | 'All Levels';
export interface GymClass {
  name: string;
  schedule: string;
  description: string;
  duration: string;
  level: ClassLevel;
}

// SPEC.md §9: each class is 60 minutes. Muay Thai All Levels runs twice a day.
export const CLASSES: readonly GymClass[] = [
  {
    name: 'Muay Thai Beginner',
    schedule: 'Daily 8:00 AM',
    description: 'Stance, footwork, the basic strikes and pad work. No experience needed: the right first class.',
    duration: '60 minutes',
    level: 'Beginner',
  },
  {
    name: 'Brazilian Jiu Jitsu',
    schedule: 'Daily 9:00 AM',
    description: 'Positions, escapes and submissions on the mat, then positional sparring at your pace.',
    duration: '60 minutes',
    level: 'All Levels',
  },
  {
    name: 'Wrestling',
    schedule: 'Daily 10:00 AM',
    description: 'Takedowns, sprawls and cage work. Builds the base every grappler and MMA fighter needs.',
    duration: '60 minutes',
    level: 'All Levels',
  },
  {
    name: 'Muay Thai All Levels',
    schedule: 'Daily 2:00 PM',
    description: 'Pad rounds with our Thai trainers, bag work, clinch and technical sparring.',
    duration: '60 minutes',
    level: 'All Levels',
  },
  {
    name: 'Muay Thai All Levels',
    schedule: 'Daily 3:00 PM',
    description: 'A second afternoon session: pads, clinch and conditioning, grouped by experience.',
    duration: '60 minutes',
    level: 'All Levels',
  },
  {
    name: 'Luta Livre',
    schedule: 'Daily 4:00 PM',
    description: 'Brazilian no-gi submission grappling: leg locks, chokes and fast transitions.',
    duration: '60 minutes',
    level: 'All Levels',
  },
  {
    name: 'MMA Training',
    schedule: 'Daily 5:00 PM',
    description: 'Striking, takedowns and ground control put together, from drills to controlled sparring.',
    duration: '60 minutes',
    level: 'All Levels',
  },
  {
    name: 'Private Training',
    schedule: 'By appointment',
    description: 'One-to-one with a trainer of your choice, any discipline, planned around your goals.',
    duration: '60 minutes',
    level: 'All Levels',
  },
];

/** The booking form's course choices: each class name once. */
export const COURSE_NAMES: readonly string[] = [...new Set(CLASSES.map((c) => c.name))];

/** The seed prices, as the table prints them. */
export const PRICES: readonly { item: string; muayThai: string; other: string }[] = SEED.prices.rows.map((r) => ({
  item: r.label,
  muayThai: formatThb(r.prices[0]),
  other: formatThb(r.prices[1]),
}));

/** The seed reviews, with the initials the section derives. */
export const REVIEWS = SEED.reviews;

export const NAV_SECTIONS = [
  { id: 'home', label: 'Home' },
  { id: 'about', label: 'About' },
  { id: 'classes', label: 'Classes' },
  { id: 'gallery', label: 'Gallery' },
  { id: 'blog', label: 'Blog' },
  { id: 'testimonials', label: 'Reviews' },
  { id: 'contact', label: 'Contact' },
] as const;
