import { z } from 'zod';
import { isIsoDate, isWallTime } from '../gym-time';
import { LANGUAGES, type Language } from '../i18n/languages';
import { imageUrl } from './site-settings-letter';
import { versionField } from './common';

// Trainers (issue 37): the back office writes them (French messages), the public reads them;
// their availability in gym time; the slots' question.

export const TRAINER_LIMITS = {
  name: 120,
  bio: 2000,
  word: 40,
  list: 12,
  windows: 42,
  exceptions: 200,
  /** 10 million baht: far above any lesson. */
  shareSatang: 1_000_000_000,
  slotDays: 31,
} as const;

const word = (label: string) =>
  z
    .string({ error: `${label} : un texte` })
    .trim()
    .min(1, `${label} : texte vide`)
    .max(TRAINER_LIMITS.word, `${label} : ${TRAINER_LIMITS.word} caractères au plus`);

const wordList = (label: string) =>
  z
    .array(word(label))
    .max(TRAINER_LIMITS.list, `${label} : ${TRAINER_LIMITS.list} au plus`)
    .refine((l) => new Set(l.map((w) => w.toLowerCase())).size === l.length, `${label} : en double`);

/** The bio per language; English is the fallback of the others. */
const bioSchema = z.object(
  Object.fromEntries(LANGUAGES.map((l) => [l, z.string().trim().max(TRAINER_LIMITS.bio, `Biographie (${l}) trop longue`).optional()])) as Record<
    Language,
    z.ZodOptional<z.ZodString>
  >,
);
export type TrainerBio = z.output<typeof bioSchema>;

const shareSchema = z
  .object({
    mode: z.enum(['percent', 'fixed'], { error: 'Part : pourcentage ou montant fixe' }),
    /** A percentage (0–100) or satang per lesson. */
    value: z
      .number({ error: 'Part : un nombre entier' })
      .int('Part : un nombre entier')
      .min(0, 'Part : pas de valeur négative')
      .max(TRAINER_LIMITS.shareSatang, 'Part : trop élevée'),
  })
  .refine((s) => s.mode !== 'percent' || s.value <= 100, { message: 'Part : 100 % au plus', path: ['value'] });

const trainerFields = {
  name: z.string({ error: 'Le nom est requis' }).trim().min(1, 'Le nom est requis').max(TRAINER_LIMITS.name, 'Le nom est trop long'),
  photoUrl: imageUrl('Photo'),
  /** Class names of the timetable ("Muay Thai", "BJJ"). */
  disciplines: wordList('Disciplines'),
  /** Languages spoken, as the owner writes them ("Thai", "English"). */
  languages: wordList('Langues parlées'),
  bio: bioSchema,
  /** The staff account that signs in as this trainer (role trainer), or null. */
  userId: z.number().int().positive().nullable(),
  onLeave: z.boolean(),
  active: z.boolean(),
  share: shareSchema,
  position: z.number().int().min(0).max(10_000),
};

/** POST /api/trainers. */
export const trainerCreateSchema = z.object({
  ...trainerFields,
  photoUrl: trainerFields.photoUrl.default(null),
  disciplines: trainerFields.disciplines.default([]),
  languages: trainerFields.languages.default([]),
  bio: trainerFields.bio.default({}),
  userId: trainerFields.userId.default(null),
  onLeave: trainerFields.onLeave.default(false),
  active: trainerFields.active.default(true),
  share: shareSchema.default({ mode: 'percent', value: 0 }),
  position: trainerFields.position.default(0),
});
export type TrainerCreateInput = z.output<typeof trainerCreateSchema>;

/** PATCH /api/trainers/{id}: only the fields sent; version (optional) refuses a stale edit. */
export const trainerPatchSchema = z.object({
  name: trainerFields.name.optional(),
  photoUrl: trainerFields.photoUrl.optional(),
  disciplines: trainerFields.disciplines.optional(),
  languages: trainerFields.languages.optional(),
  bio: trainerFields.bio.optional(),
  userId: trainerFields.userId.optional(),
  onLeave: trainerFields.onLeave.optional(),
  active: trainerFields.active.optional(),
  share: shareSchema.optional(),
  position: trainerFields.position.optional(),
  /** true: a new calendar feed address (the old one stops working); false: no feed. */
  calendarFeed: z.boolean().optional(),
  version: versionField,
});
export type TrainerPatchInput = z.output<typeof trainerPatchSchema>;

const wallTime = (label: string) => z.string({ error: `${label} : HH:MM` }).refine(isWallTime, `${label} : HH:MM`);
const minutesOf = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
/** 'HH:MM' to 'HH:MM' the same day; "24:00" is not a time, so a window ends by 23:59. */
const ordered = (w: { from?: string | null; to?: string | null }) => !w.from || !w.to || minutesOf(w.from) < minutesOf(w.to);

const windowSchema = z
  .object({
    weekday: z.number({ error: 'Jour : 1 (lundi) à 7 (dimanche)' }).int().min(1, 'Jour : 1 (lundi) à 7 (dimanche)').max(7, 'Jour : 1 (lundi) à 7 (dimanche)'),
    from: wallTime('Début'),
    to: wallTime('Fin'),
  })
  .refine(ordered, { message: 'La fin doit suivre le début', path: ['to'] });

const exceptionSchema = z
  .object({
    date: z.string({ error: 'Date : AAAA-MM-JJ' }).refine(isIsoDate, 'Date : AAAA-MM-JJ'),
    from: wallTime('Début').nullish(),
    to: wallTime('Fin').nullish(),
    /** true: not available (the whole day, or from–to); false: extra hours from–to. */
    off: z.boolean({ error: 'off : vrai ou faux' }),
  })
  .refine((e) => (e.from == null) === (e.to == null), { message: 'Début et fin vont ensemble', path: ['to'] })
  .refine((e) => e.off || e.from != null, { message: 'Des heures en plus ont un début et une fin', path: ['from'] })
  .refine(ordered, { message: 'La fin doit suivre le début', path: ['to'] });

/** PUT /api/trainers/{id}/availability: replaces the windows and the exceptions. */
export const availabilitySchema = z.object({
  windows: z.array(windowSchema).max(TRAINER_LIMITS.windows, `${TRAINER_LIMITS.windows} plages au plus`),
  exceptions: z.array(exceptionSchema).max(TRAINER_LIMITS.exceptions, `${TRAINER_LIMITS.exceptions} exceptions au plus`),
});
export type AvailabilityInput = z.output<typeof availabilitySchema>;

/** GET /api/private-lessons/slots. */
export const slotsQuerySchema = z.object({
  from: z.string({ error: 'from: YYYY-MM-DD' }).refine(isIsoDate, 'from: YYYY-MM-DD'),
  days: z.coerce.number().int().min(1).max(TRAINER_LIMITS.slotDays).default(7),
  discipline: z.string().trim().max(TRAINER_LIMITS.word).optional(),
  trainerId: z.coerce.number().int().positive().optional(),
  minutes: z.coerce.number().int().positive().default(60),
  /** A lesson being moved: its own time does not count against its new one. */
  exceptLesson: z.coerce.number().int().positive().optional(),
});
export type SlotsQuery = z.output<typeof slotsQuerySchema>;

/** GET /api/trainers: the bios in one language (English where none is written). */
export const trainersQuerySchema = z.object({ language: z.enum(LANGUAGES).optional() });

/** GET /api/trainers/{id}/schedule: from a gym date (today when absent), 1 to 31 days. */
export const scheduleQuerySchema = z.object({
  from: z.string().refine(isIsoDate, 'from: YYYY-MM-DD').optional(),
  days: z.coerce.number().int().min(1).max(TRAINER_LIMITS.slotDays).default(7),
});

/** GET /api/private-lessons/day: the desk's day (today when absent). */
export const deskDayQuerySchema = z.object({ date: z.string().refine(isIsoDate, 'date: YYYY-MM-DD').optional() });

/** GET /api/trainers/report: a gym month, YYYY-MM. */
export const reportQuerySchema = z.object({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'month: YYYY-MM'),
});
