import { z } from 'zod';
import { ATTENDANCE_MARKS } from '../constants';
import { isIsoDate } from '../gym-time';
import { LIMITS, isEmail, normalizeEmail } from './common';
import { SESSION_ID_PATTERN } from './timetable';

// The front desk (back office, French): the day's sessions and rosters, attendance marks, and
// bookings staff take for a walk-in or a WhatsApp message. The routes parse these schemas and
// the desk screen reuses them.

/** Sources a staff member may give a booking (the web form's is 'web'). */
export const DESK_BOOKING_SOURCES = ['walk_in', 'whatsapp'] as const;

const SESSION_ID_MESSAGE = 'La séance doit être écrite <créneau>:<AAAA-MM-JJ>';

/** An occurrence id '<weeklySessionId>:<YYYY-MM-DD>' split into its parts (null when malformed). */
export function parseSessionId(id: string): { weeklySessionId: number; date: string } | null {
  const m = SESSION_ID_PATTERN.exec(id);
  if (!m || !isIsoDate(m[2]) || Number(m[1]) > 2_147_483_647) return null;
  return { weeklySessionId: Number(m[1]), date: m[2] };
}

const nullableText = (max: number, message?: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullish()
    .transform((v) => (v == null || v === '' ? null : v));

/** GET /api/desk/day?date=YYYY-MM-DD (default: today in the gym's zone). */
export const deskDayQuerySchema = z.object({
  date: z.string().refine(isIsoDate, 'La date doit être une date réelle au format AAAA-MM-JJ').optional(),
});

/** PUT /api/reservations/:id/attendance: present, no-show, or the mark removed (null). */
export const attendancePayloadSchema = z.object({
  attendance: z.enum(ATTENDANCE_MARKS, { error: 'La présence doit être present, no_show ou null' }).nullable(),
});

/**
 * POST /api/desk/bookings: a booking staff take at the desk or from WhatsApp. E-mail and phone
 * are both optional (the person may be standing at the desk); the phone is kept as typed.
 */
export const deskBookingSchema = z.object({
  sessionId: z
    .string({ error: 'La séance est obligatoire' })
    .trim()
    .refine((v) => parseSessionId(v) !== null, SESSION_ID_MESSAGE),
  name: z.string({ error: 'Le nom est obligatoire' }).trim().min(1, 'Le nom est obligatoire').max(LIMITS.name, 'Le nom est trop long'),
  phone: nullableText(LIMITS.phone, 'Le téléphone est trop long'),
  email: nullableText(LIMITS.email, "L'e-mail est trop long")
    .transform((v) => (v == null ? v : normalizeEmail(v)))
    .refine((v) => v == null || isEmail(v), "L'e-mail n'est pas valide"),
  source: z.enum(DESK_BOOKING_SOURCES, { error: 'La source doit être walk_in ou whatsapp' }),
  message: nullableText(LIMITS.message, 'Le message est trop long'),
  /** The customer's pass to spend a session of (a paid order); absent: nothing is spent. */
  orderId: z
    .number({ error: 'Le pass doit être un numéro de commande' })
    .int('Le pass doit être un numéro de commande')
    .positive('Le pass doit être un numéro de commande')
    .max(2_147_483_647, 'Le pass doit être un numéro de commande')
    .optional(),
});
export type DeskBookingPayload = z.infer<typeof deskBookingSchema>;

/**
 * GET /api/desk/passes?sessionId=&q=: the passes the walk-in form may spend for this session,
 * of the customers whose name, e-mail or phone contains `q` (at least 2 characters).
 */
export const deskPassesQuerySchema = z.object({
  sessionId: z
    .string({ error: 'La séance est obligatoire' })
    .trim()
    .refine((v) => parseSessionId(v) !== null, SESSION_ID_MESSAGE),
  q: z
    .string({ error: 'Le client est obligatoire' })
    .trim()
    .min(2, 'Tapez au moins 2 caractères du nom ou de l’e-mail')
    .max(LIMITS.email, 'La recherche est trop longue'),
});
export type DeskPassesQuery = z.infer<typeof deskPassesQuerySchema>;
