import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { Config } from '../../src/server/config';
import { addDays, todayInZone, zonedToInstant } from '../../src/shared/gym-time';
import type { Language } from '../../src/shared/i18n/languages';
import { GYM_TIME_ZONE, nextSessionInstant, type SessionPick } from './sessions';

// Builders for the records tests create, each valid as built (for the seeded timetable and
// today's gym date) and changed by overrides: a test names only what it is about.

/** Mail delivery that retries and polls within milliseconds: suites wait for e-mails, not for the clock. */
export const FAST_MAIL = { mailRetryBaseMs: 50, mailRetryMaxMs: 200, mailPollMs: 50 } satisfies Partial<Config>;

/** A short random tag for unique addresses and slugs. */
export const uniqueTag = (): string => randomBytes(3).toString('hex');

// ---------------------------------------------------------------------------------------------
// Customers: the people who book and write. Not a record of their own yet; the booking and
// contact builders take one, so a customers feature can hand its records to the same builders.

export interface Customer {
  name: string;
  email: string;
  /** International form (a booking refuses a phone without its country code). */
  phone: string;
  language: Language;
}

/** One person per site language, names in their own script. */
export const CUSTOMERS = {
  tom: { name: 'Tom Booker', email: 'tom@example.com', phone: '+44 20 7946 0958', language: 'en' },
  ivan: { name: 'Иван Петров', email: 'ivan@example.com', phone: '+7 912 345 67 89', language: 'ru' },
  mei: { name: '王美玲', email: 'mei@example.com', phone: '+86 138 0013 8000', language: 'zh' },
  jonas: { name: 'Jonas Müller', email: 'jonas@example.com', phone: '+49 30 901820', language: 'de' },
  elodie: { name: 'Élodie Dupont', email: 'elodie@example.com', phone: '+33 6 12 34 56 78', language: 'fr' },
  somchai: { name: 'สมชาย ใจดี', email: 'somchai@example.com', phone: '+66 81 234 5678', language: 'th' },
} as const satisfies Record<string, Customer>;

let customerCount = 0;

/** A customer with an address no other test uses; the name and phone of a language's person. */
export function customer(overrides: Partial<Customer> = {}): Customer {
  customerCount += 1;
  const base = Object.values(CUSTOMERS).find((c) => c.language === (overrides.language ?? 'en')) ?? CUSTOMERS.tom;
  const local = base.email.split('@')[0];
  return { ...base, email: `${local}${customerCount}-${uniqueTag()}@example.com`, ...overrides };
}

// ---------------------------------------------------------------------------------------------
// Bookings: POST /api/reservations.

export interface BookingPayload {
  name: string;
  email: string | null;
  phone: string | null;
  course: string;
  /** An instant (ISO 8601): a session of the timetable, or any future time for Private Training. */
  dateTime: string;
  message: string | null;
  language?: Language;
  website?: string;
}

/**
 * A future instant for a request by appointment (Private Training): `daysAhead` gym days from
 * today at `time` gym time.
 */
export const appointmentInstant = (daysAhead = 30, time = '17:30'): string =>
  zonedToInstant(addDays(todayInZone(GYM_TIME_ZONE), daysAhead), time, GYM_TIME_ZONE).toISOString();

/**
 * A booking the server accepts: Tom books the coming MMA Training session. A course with no
 * dateTime gets its next seeded session (`session` picks another one); Private Training, a time
 * a month ahead.
 */
export function bookingPayload(overrides: Partial<BookingPayload> = {}, session: SessionPick = {}): BookingPayload {
  const course = overrides.course ?? 'MMA Training';
  const dateTime = overrides.dateTime ?? (course === 'Private Training' ? appointmentInstant() : nextSessionInstant(course, session));
  const who = CUSTOMERS.tom;
  return { name: who.name, email: who.email, phone: null, course, message: null, ...overrides, dateTime };
}

/** A booking made by a customer (their name, e-mail, phone and language). */
export const bookingFor = (who: Customer, overrides: Partial<BookingPayload> = {}, session: SessionPick = {}): BookingPayload =>
  bookingPayload({ name: who.name, email: who.email, phone: who.phone, language: who.language, ...overrides }, session);

// ---------------------------------------------------------------------------------------------
// Contact messages (they open a conversation) and newsletter sign-ups.

export interface ContactPayload {
  name: string;
  email: string;
  subject: string | null;
  message: string;
  phone?: string | null;
  language?: Language;
  website?: string;
}

/** POST /api/contact: a question that opens a conversation. */
export function contactPayload(overrides: Partial<ContactPayload> = {}): ContactPayload {
  const who = CUSTOMERS.tom;
  return { name: who.name, email: who.email, subject: 'Hello', message: 'A question about the classes', ...overrides };
}

/** A contact message written by a customer. */
export const contactFor = (who: Customer, overrides: Partial<ContactPayload> = {}): ContactPayload =>
  contactPayload({ name: who.name, email: who.email, language: who.language, ...overrides });

export interface SubscriberPayload {
  email: string;
  name?: string | null;
  isActive?: boolean;
  language?: Language;
  website?: string;
}

/** POST /api/newsletter-subscribers: a sign-up with an unused address. */
export function subscriberPayload(overrides: Partial<SubscriberPayload> = {}): SubscriberPayload {
  return { email: `reader-${uniqueTag()}@example.com`, isActive: true, ...overrides };
}

// ---------------------------------------------------------------------------------------------
// Back-office records: posts, categories, accounts, gallery items.

export interface CategoryPayload {
  name: string;
  slug: string;
  description: string | null;
}

/** POST /api/blog-categories: a category with an unused slug. */
export function categoryPayload(overrides: Partial<CategoryPayload> = {}): CategoryPayload {
  const tag = uniqueTag();
  return { name: `Category ${tag}`, slug: `category-${tag}`, description: null, ...overrides };
}

export interface PostPayload {
  title: string;
  slug: string;
  content: string;
  categoryId: number;
  excerpt?: string | null;
  featuredImage?: string | null;
  featuredImageAlt?: string | null;
  metaTitle?: string | null;
  metaDescription?: string | null;
  published?: boolean;
  publishAt?: string | null;
  language?: Language | null;
  version?: number;
}

/** POST /api/blog-posts: a published English post with an unused slug in the given category. */
export function postPayload(categoryId: number, overrides: Partial<PostPayload> = {}): PostPayload {
  const tag = uniqueTag();
  return { title: `Post ${tag}`, slug: `post-${tag}`, content: `The text of post ${tag}.`, excerpt: null, categoryId, published: true, ...overrides };
}

export type Role = 'admin' | 'staff';

export interface AccountPayload {
  email: string;
  name: string;
  password: string;
  role: Role;
  isActive: boolean;
}

/** POST /api/auth/register: an active staff account with an unused address. */
export function accountPayload(overrides: Partial<AccountPayload> = {}): AccountPayload {
  const role = overrides.role ?? 'staff';
  const tag = uniqueTag();
  return {
    email: `${role}-${tag}@example.com`,
    name: `${role === 'admin' ? 'Admin' : 'Staff'} ${tag}`,
    password: 'correct horse battery',
    role,
    isActive: true,
    ...overrides,
  };
}

export interface GalleryItemFields {
  title: string;
  description: string | null;
  category: string;
}

/** The text fields of a gallery upload (POST /api/gallery, multipart, with an image). */
export function galleryItemFields(overrides: Partial<GalleryItemFields> = {}): GalleryItemFields {
  return { title: `Photo ${uniqueTag()}`, description: null, category: 'training', ...overrides };
}

/**
 * POST /api/gallery as inject() options: the fields and a small solid JPEG (or the image given),
 * as a browser's FormData sends them.
 */
export async function galleryUpload(overrides: Partial<GalleryItemFields> = {}, image?: { data: Buffer; filename: string; type: string }) {
  const file = image ?? {
    data: await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 150, g: 20, b: 20 } } })
      .jpeg()
      .toBuffer(),
    filename: 'photo.jpg',
    type: 'image/jpeg',
  };
  const fields = galleryItemFields(overrides);
  const form = new FormData();
  form.append('title', fields.title);
  if (fields.description != null) form.append('description', fields.description);
  form.append('category', fields.category);
  form.append('image', new Blob([new Uint8Array(file.data)], { type: file.type }), file.filename);
  const body = new Response(form);
  return { payload: Buffer.from(await body.arrayBuffer()), headers: { 'content-type': body.headers.get('content-type')! } };
}

/** POST /api/gallery/instagram: a post linked from Instagram, with its image. */
export function instagramItemPayload(overrides: Partial<GalleryItemFields & { instagramUrl: string; imageUrl: string | null }> = {}) {
  const tag = uniqueTag();
  return { ...galleryItemFields(), instagramUrl: `https://www.instagram.com/p/${tag}/`, imageUrl: `https://cdn.example.com/${tag}.jpg`, ...overrides };
}
