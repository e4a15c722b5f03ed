import { z } from 'zod';
import { RESERVATION_SOURCES } from '../../../../shared/constants';

// POST /api/desk/bookings: a walk-in or a WhatsApp booking made by staff for one session.
// A local mirror of the route's schema, written before src/shared/schemas/desk.ts existed on
// this branch: when that file is here, import deskBookingSchema from it and delete this one.

export const DESK_SOURCES = RESERVATION_SOURCES.filter((s): s is 'walk_in' | 'whatsapp' => s !== 'web');
export type DeskSource = (typeof DESK_SOURCES)[number];

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, 'Texte trop long')
    .nullish()
    .transform((v) => (v == null || v === '' ? null : v));

export const deskBookingSchema = z.object({
  /** '<weeklySessionId>:<date>' */
  sessionId: z.string().min(1, 'La séance est obligatoire'),
  name: z.string().trim().min(1, 'Le nom est obligatoire').max(100, 'Le nom est trop long'),
  phone: optionalText(40).refine((v) => v == null || v.includes('+'), "Le numéro doit commencer par l'indicatif du pays (ex. +66)"),
  email: optionalText(254)
    .transform((v) => (v == null ? v : v.toLowerCase()))
    .refine((v) => v == null || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), 'Adresse e-mail invalide'),
  source: z.enum(DESK_SOURCES, { error: 'Origine inconnue (sur place ou WhatsApp)' }),
  message: optionalText(2000),
});
export type DeskBookingPayload = z.output<typeof deskBookingSchema>;
