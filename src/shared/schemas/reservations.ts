import { z } from 'zod';
import { LIMITS, languageField, honeypotField, isEmail, normalizeEmail, personName } from './common';
import { INVALID_EMAIL } from '../messages';
import { instantToZoned, isIsoDate, isWallTime, todayInZone, zonedToInstant } from '../gym-time';
import { SESSION_ID_PATTERN } from './timetable';

const PHONE_MESSAGE = 'Phone number must include country code (e.g., +33)';
const CONTACT_MESSAGE = 'Either email or phone is required';

/** The booking form's fields as the visitor fills them; checked by reservationPayloadSchema below. */
export interface BookingFormValues {
  name: string;
  email: string;
  phone: string;
  course: string;
  /** The date picker's value (datetime-local 'YYYY-MM-DDTHH:MM'), read as gym time (GYM_TIMEZONE). */
  preferredDate: string;
  message: string;
  /** The honeypot (HONEYPOT_FIELD): hidden from people, left empty by them. */
  website?: string;
}

const nullableText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v == null || v === '' ? null : v));

// POST /api/reservations: the same rules on what the form sends (empty e-mail/phone as null).
export const reservationPayloadSchema = z
  .object({
    name: personName(),
    email: nullableText(LIMITS.email)
      .transform((v) => (v == null ? v : normalizeEmail(v)))
      .refine((v) => v == null || isEmail(v), INVALID_EMAIL),
    phone: nullableText(LIMITS.phone),
    course: z.string().trim().min(1, 'Please select a course').max(LIMITS.name),
    dateTime: z
      .string()
      .trim()
      .min(1, 'Date and time are required')
      .max(100)
      .refine((v) => !Number.isNaN(Date.parse(v)), 'Date and time must be a valid ISO 8601 timestamp'),
    message: nullableText(LIMITS.message),
    /** The token of the order page of a paid pass: the holder's proof; the booking spends one of its credits. */
    passToken: z.string().trim().min(1, 'The pass link is incomplete').max(200, 'The pass link is too long').optional(),
    website: honeypotField(),
    language: languageField(),
  })
  .superRefine((v, ctx) => {
    if (v.email == null && v.phone == null) ctx.addIssue({ code: 'custom', path: ['email'], message: CONTACT_MESSAGE });
    if (v.phone != null && !v.phone.includes('+')) ctx.addIssue({ code: 'custom', path: ['phone'], message: PHONE_MESSAGE });
  });
export type ReservationPayload = z.infer<typeof reservationPayloadSchema>;

export const BOOKING_RANGE_MESSAGE = 'Please pick a date from today up to two years ahead';

/**
 * Whether an instant falls on a gym date (GYM_TIMEZONE) from today to the same date two years
 * ahead: no bookings in the past, none for a far future nobody plans.
 */
export function isBookableInstant(iso: string, timeZone: string, now: Date = new Date()): boolean {
  const date = instantToZoned(iso, timeZone).date;
  const today = todayInZone(timeZone, now);
  const last = `${Number(today.slice(0, 4)) + 2}${today.slice(4)}`;
  return date >= today && date <= last;
}

/**
 * POST /api/reservations' body in the gym's zone: reservationPayloadSchema plus the date range
 * (checked at parse time against the clock, so it moves with the days).
 */
export const reservationPayloadSchemaIn = (timeZone: string, now: () => Date = () => new Date()) =>
  reservationPayloadSchema.superRefine((v, ctx) => {
    if (!Number.isNaN(Date.parse(v.dateTime)) && !isBookableInstant(v.dateTime, timeZone, now())) {
      ctx.addIssue({ code: 'custom', path: ['dateTime'], message: BOOKING_RANGE_MESSAGE });
    }
  });

export const IDEMPOTENCY_KEY_MESSAGE = 'Idempotency-Key must be 1 to 200 printable characters';

/**
 * The headers POST /api/reservations reads: an optional Idempotency-Key (1 to 200 printable
 * ASCII characters). Other headers pass through untouched.
 */
export const reservationHeadersSchema = z.looseObject({
  'idempotency-key': z
    .string()
    .regex(/^[\x20-\x7e]{1,200}$/, IDEMPOTENCY_KEY_MESSAGE)
    .refine((v) => v.trim() !== '', IDEMPOTENCY_KEY_MESSAGE)
    .optional()
    .describe('Retrying with the same key returns the first answer and books nothing new (24 h)'),
});

/** The manage link's token: 32 random bytes in base64url (43 characters); anything else is not found. */
export const manageTokenParamsSchema = z.object({ token: z.string().max(200) });

/** POST /api/bookings/manage/{token}/move: the session to move to, as GET /api/sessions names it. */
export const manageMovePayloadSchema = z.object({
  sessionId: z.string({ error: 'Pick a session to move to' }).trim().regex(SESSION_ID_PATTERN, 'Pick a session from the timetable'),
});

/**
 * The instant a datetime-local value denotes when read as a wall-clock time in the gym's zone
 * (never the browser's): '2031-03-03T08:00' in Asia/Bangkok is 2031-03-03T01:00:00.000Z.
 * Null when the text is not such a value.
 */
export function gymDateTimeToIso(value: string, timeZone: string): string | null {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::\d{2}(?:\.\d+)?)?$/.exec(value.trim());
  if (!m || !isIsoDate(m[1]) || !isWallTime(m[2])) return null;
  return zonedToInstant(m[1], m[2], timeZone).toISOString();
}

/**
 * What the booking form sends: empty e-mail and phone become null (SPEC.md §5); the date and
 * time are gym time in `timeZone` (GYM_TIMEZONE), sent as the instant they denote.
 */
export function bookingToPayload(v: BookingFormValues, timeZone: string): z.input<typeof reservationPayloadSchema> {
  return {
    name: v.name,
    email: v.email === '' ? null : v.email,
    phone: v.phone === '' ? null : v.phone,
    course: v.course,
    dateTime: gymDateTimeToIso(v.preferredDate, timeZone) ?? v.preferredDate,
    message: v.message === '' ? null : v.message,
    ...(v.website ? { website: v.website } : {}),
  };
}

/**
 * The booking form checked with the route's own schema (reservationPayloadSchemaIn): the form's
 * values become the payload the form would send, and each problem is reported on the field
 * SPEC.md §5 names (the payload's dateTime is the form's preferredDate). First message per field.
 */
export function checkBookingForm(v: BookingFormValues, timeZone: string): Partial<Record<keyof BookingFormValues, string>> {
  const result = reservationPayloadSchemaIn(timeZone).safeParse(bookingToPayload(v, timeZone));
  const errors: Partial<Record<keyof BookingFormValues, string>> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const key = issue.path[0] === 'dateTime' ? 'preferredDate' : (issue.path[0] as keyof BookingFormValues);
    errors[key] ??= issue.message;
  }
  return errors;
}

// PUT /api/reservations/{id}/waive: staff forgive a late cancel or a no-show, and say why.
export const waivePayloadSchema = z.object({ reason: z.string().trim().min(1, 'Indiquez la raison').max(500) });
