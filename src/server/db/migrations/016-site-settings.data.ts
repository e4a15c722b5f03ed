// Frozen: the site settings migration 016 seeds, copied here as they were when it was written
// (SPEC.md §9's prices, the 10 reviews, the gym's facts). Never edit: a later change of the
// defaults is a new migration, so a database made today and one made then hold the same record.
// Migration 020 reads the English texts here to tell which ones the owner has not changed.
export const SEED_SITE_SETTINGS = {
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
  hours: {
    monday: { open: true, from: '08:00', to: '19:00' },
    tuesday: { open: true, from: '08:00', to: '19:00' },
    wednesday: { open: true, from: '08:00', to: '19:00' },
    thursday: { open: true, from: '08:00', to: '19:00' },
    friday: { open: true, from: '08:00', to: '19:00' },
    saturday: { open: true, from: '08:00', to: '19:00' },
    sunday: { open: false, from: '08:00', to: '19:00' },
  },
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
    { name: 'Daniel Kowalski', location: 'Warsaw, Poland', quote: 'The MMA class ties everything together. I left fitter than I have been in ten years.' },
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
      { title: 'Real fight-gym training', text: 'Thai trainers with hundreds of stadium fights, BJJ and Luta Livre black belts, MMA coaches who corner pros.' },
      { title: 'Every level welcome', text: 'Beginner classes every morning, groups split by experience, nobody thrown in the deep end.' },
      { title: 'Open all day', text: 'Ring, cage, mat area and a strength corner, open Monday to Saturday from 8:00 AM to 7:00 PM.' },
      { title: 'Five minutes from the beach', text: 'Train in the morning, swim in the afternoon. Drop-in sessions and weekly passes for travellers.' },
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
