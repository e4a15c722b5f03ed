// The gym's facts, in one place: the public site, the SEO builders and the back office read
// them from here. The values are samples; change them here and every page follows.

export const SITE = {
  name: 'Tiger Coast Fight Club',
  shortName: 'Tiger Coast',
  tagline: 'Muay Thai, BJJ, MMA, Wrestling & Luta Livre by the Andaman Sea',
  description:
    'Train Muay Thai, Brazilian Jiu Jitsu, MMA, Wrestling and Luta Livre in Ao Nang, Krabi. Daily classes for beginners and fighters, drop-in friendly for travellers.',
  town: 'Ao Nang',
  address: {
    street: '88/8 Moo 2, Ao Nang Road',
    locality: 'Ao Nang, Mueang Krabi',
    region: 'Krabi',
    postalCode: '81180',
    country: 'Thailand',
    countryCode: 'TH',
  },
  geo: { latitude: 8.0322, longitude: 98.8238 },
  /** International format, as shown; wa.me takes its digits. */
  whatsapp: '+66 81 234 5678',
  email: 'hello@tigercoastfightclub.com',
  social: {
    instagram: 'https://www.instagram.com/tigercoastfightclub',
    facebook: 'https://www.facebook.com/tigercoastfightclub',
    tiktok: 'https://www.tiktok.com/@tigercoastfightclub',
  },
  /** OpenStreetMap embed: no cookies, allowed by the CSP's frame-src. */
  mapEmbedUrl: 'https://www.openstreetmap.org/export/embed.html?bbox=98.8188%2C8.0282%2C98.8288%2C8.0362&layer=mapnik&marker=8.0322%2C98.8238',
  mapLinkUrl: 'https://www.openstreetmap.org/?mlat=8.0322&mlon=98.8238#map=17/8.0322/98.8238',
  whatsappGreeting: "Hello! I'd like some information about your classes, please.",
} as const;

export const fullAddress = () => {
  const a = SITE.address;
  return `${a.street}, ${a.locality}, ${a.region} ${a.postalCode}, ${a.country}`;
};

/** wa.me wants the number's digits only; the greeting is prefilled (SPEC.md §2). */
export const whatsappUrl = (text: string = SITE.whatsappGreeting) => `https://wa.me/${SITE.whatsapp.replace(/\D/g, '')}?text=${encodeURIComponent(text)}`;

export const mailtoUrl = () => `mailto:${SITE.email}`;

/** A Google Maps link to the gym's pin (e-mails: every phone opens it in its maps app). */
export const googleMapsUrl = () => `https://www.google.com/maps/search/?api=1&query=${SITE.geo.latitude}%2C${SITE.geo.longitude}`;

/** What a visitor brings to a class (booking e-mails, booking page). */
export const WHAT_TO_BRING = [
  'Water',
  'A towel',
  'Comfortable sports clothes (shorts and a T-shirt)',
  'Gloves and shin guards if you have them: they can be rented at the gym',
] as const;

/** Page titles, shared by the server-rendered head and the client after navigation. */
export const pageTitle = (part?: string) => (part ? `${part} | ${SITE.name}` : `${SITE.name} | Muay Thai & MMA Gym in ${SITE.town}, Krabi`);

// SPEC.md §9: Monday to Saturday 8:00 AM to 7:00 PM; Sunday closed.
export const OPENING_HOURS = [
  { days: 'Monday - Saturday', hours: '8:00 AM - 7:00 PM' },
  { days: 'Sunday', hours: 'Closed' },
] as const;
/** The same hours, machine-readable (JSON-LD). */
export const OPENING_HOURS_SPEC = [
  { dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'], opens: '08:00', closes: '19:00' },
] as const;

// Claimed statistics (SPEC.md §2).
export const STATS = [
  { value: '5/5', label: 'Rating' },
  { value: '2000+', label: 'Students' },
  { value: '30+', label: 'Weekly classes' },
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

// SPEC.md §9, in THB, exactly.
export const PRICE_COLUMNS = ['Muay Thai', 'MMA / Wrestling / BJJ / Luta Livre'] as const;
export const PRICES: readonly { item: string; muayThai: string; other: string }[] = [
  { item: '1 session', muayThai: '250', other: '400' },
  { item: 'Full day pass', muayThai: '600', other: '1,000' },
  { item: '1 week, one session/day', muayThai: '1,500', other: '2,500' },
  { item: '1 week, full day', muayThai: '3,500', other: '5,000' },
  { item: '1 month, one session/day', muayThai: '6,500', other: '8,000' },
  { item: '1 month, full day', muayThai: '12,000', other: '15,000' },
  { item: 'Private class', muayThai: '1,000', other: '1,500' },
];

export interface Review {
  name: string;
  location: string;
  initials: string;
  quote: string;
}

// The fixed list of 10 reviews (SPEC.md §3), shown 3 at a time.
export const REVIEWS: readonly Review[] = [
  {
    name: 'Sophie Martin',
    location: 'Lyon, France',
    initials: 'SM',
    quote: 'I came for one beginner class and stayed three weeks. The trainers are patient, precise and genuinely kind.',
  },
  {
    name: 'Jake Thompson',
    location: 'Melbourne, Australia',
    initials: 'JT',
    quote: 'Best Muay Thai pad rounds I have had anywhere. Hard work, great vibe, and the beach five minutes away.',
  },
  {
    name: 'Lena Fischer',
    location: 'Hamburg, Germany',
    initials: 'LF',
    quote: 'The BJJ coach explains every detail. As a woman training alone while travelling, I felt welcome from day one.',
  },
  {
    name: 'Marcus Silva',
    location: 'São Paulo, Brazil',
    initials: 'MS',
    quote: 'Real Luta Livre in Thailand! The no-gi sessions are technical and the rolls are friendly but sharp.',
  },
  {
    name: 'Emily Carter',
    location: 'London, UK',
    initials: 'EC',
    quote: 'Booked on my phone in two minutes, got a reply the same evening. Clean gym, clear schedule, fair prices.',
  },
  {
    name: 'Daniel Kowalski',
    location: 'Warsaw, Poland',
    initials: 'DK',
    quote: 'The MMA class ties everything together. I left fitter than I have been in ten years.',
  },
  {
    name: 'Aiko Tanaka',
    location: 'Osaka, Japan',
    initials: 'AT',
    quote: 'Private sessions fixed my guard in a week. The trainers adapt to your level instead of forcing a routine.',
  },
  {
    name: 'Ryan O’Connor',
    location: 'Dublin, Ireland',
    initials: 'RO',
    quote: 'Wrestling in the morning, Muay Thai in the afternoon. The weekly full-day pass is worth every baht.',
  },
  {
    name: 'Camille Dubois',
    location: 'Montréal, Canada',
    initials: 'CD',
    quote: 'Total beginner, zero pressure. By the end of my stay I did my first light sparring and loved it.',
  },
  {
    name: 'Noah Williams',
    location: 'Austin, USA',
    initials: 'NW',
    quote: 'Friendly crowd from all over the world, top trainers, and sunset runs on the beach. Five stars.',
  },
];

export const NAV_SECTIONS = [
  { id: 'home', label: 'Home' },
  { id: 'about', label: 'About' },
  { id: 'classes', label: 'Classes' },
  { id: 'gallery', label: 'Gallery' },
  { id: 'blog', label: 'Blog' },
  { id: 'testimonials', label: 'Reviews' },
  { id: 'contact', label: 'Contact' },
] as const;
