import { z } from 'zod';
import { isIsoDate, isWallTime } from '../gym-time';
import { LIMITS } from './common';
import { LANGUAGE_NAMES_FR, LANGUAGES, type TranslatedLanguage } from '../i18n/languages';

// The timetable: one schema per payload (the routes parse them, the planning screen reuses
// them), then the answers' shapes. Back-office messages are French, the public ones English.

export const CLASS_LEVELS = ['Beginner', 'All Levels'] as const;
export type ClassLevel = (typeof CLASS_LEVELS)[number];

/** SPEC.md §9: open Monday to Saturday; Sunday (7) closed. ISO weekdays. */
export const CLOSED_WEEKDAY = 7;
export const OPEN_WEEKDAYS = [1, 2, 3, 4, 5, 6] as const;

/** A session's id as GET /api/sessions names it: "<weeklySessionId>:<YYYY-MM-DD>". */
export const SESSION_ID_PATTERN = /^([1-9]\d{0,9}):(\d{4}-\d{2}-\d{2})$/;

/** GET /api/sessions: how far ahead one request may look. */
export const SESSIONS_DEFAULT_DAYS = 14;
export const SESSIONS_MAX_DAYS = 60;

const gymDate = (message: string) => z.string().trim().refine(isIsoDate, message);
const startTime = z.string().trim().refine(isWallTime, "L'heure doit être au format HH:MM (24 h)");
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v == null || v === '' ? null : v));

// ---- public ----

/** GET /api/classes?language=xx: the descriptions in that language (English where none). */
export const classesQuerySchema = z.object({
  language: z.enum(LANGUAGES, { error: `language must be one of ${LANGUAGES.join(', ')}` }).optional(),
});

/** GET /api/sessions?from=YYYY-MM-DD&days=N (both optional: today in the gym's zone, 14 days). */
export const sessionsQuerySchema = z.object({
  from: z.string().refine(isIsoDate, 'from must be a real date written YYYY-MM-DD').optional(),
  days: z
    .string()
    .regex(/^\d{1,3}$/, `days must be a whole number from 1 to ${SESSIONS_MAX_DAYS}`)
    .transform(Number)
    .refine((n) => n >= 1 && n <= SESSIONS_MAX_DAYS, `days must be a whole number from 1 to ${SESSIONS_MAX_DAYS}`)
    .optional(),
});
export type SessionsQuery = z.infer<typeof sessionsQuerySchema>;

// ---- planning (back office) ----

const className = z.string().trim().min(1, 'Le nom du cours est obligatoire').max(100, 'Le nom du cours est trop long (100 caractères au plus)');
const level = z.enum(CLASS_LEVELS, { error: 'Niveau inconnu (Beginner ou All Levels)' });
const durationMinutes = z
  .number({ error: 'La durée doit être un nombre de minutes' })
  .int('La durée doit être un nombre entier de minutes')
  .min(1, 'La durée doit être d’au moins 1 minute')
  .max(600, 'La durée ne peut dépasser 600 minutes');
const translatedDescription = (l: TranslatedLanguage) =>
  z
    .string({ error: `La description (${LANGUAGE_NAMES_FR[l]}) doit être un texte` })
    .trim()
    .max(LIMITS.description, `La description (${LANGUAGE_NAMES_FR[l]}) est trop longue`)
    .optional();
/** The description in the public site's other languages; an empty one shows the English. */
const descriptionTranslations = z.object({
  ru: translatedDescription('ru'),
  zh: translatedDescription('zh'),
  de: translatedDescription('de'),
  fr: translatedDescription('fr'),
  th: translatedDescription('th'),
} satisfies Record<TranslatedLanguage, z.ZodType>);
export type DescriptionTranslations = z.infer<typeof descriptionTranslations>;

const sortOrder = z.number({ error: "L'ordre doit être un nombre entier" }).int("L'ordre doit être un nombre entier").min(0).max(10_000);

/** POST /api/timetable/classes */
export const classCreateSchema = z.object({
  name: className,
  description: z.string().trim().max(LIMITS.description, 'La description est trop longue').default(''),
  descriptionTranslations: descriptionTranslations.default({}),
  level,
  durationMinutes: durationMinutes.default(60),
  byAppointment: z.boolean({ error: 'byAppointment doit valoir true ou false' }).default(false),
  /** Omitted: after the last class. */
  sortOrder: sortOrder.optional(),
  active: z.boolean({ error: 'active doit valoir true ou false' }).default(true),
});
export type ClassCreatePayload = z.infer<typeof classCreateSchema>;

/** PATCH /api/timetable/classes/:id: only the fields sent change; `active: false` deactivates. */
export const classUpdateSchema = z
  .object({
    name: className,
    description: z.string().trim().max(LIMITS.description, 'La description est trop longue'),
    /** Replaces every translation (a language left out has none). */
    descriptionTranslations,
    level,
    durationMinutes,
    byAppointment: z.boolean({ error: 'byAppointment doit valoir true ou false' }),
    sortOrder,
    active: z.boolean({ error: 'active doit valoir true ou false' }),
    /** A change of day or time with bookings to come: they follow the session, or the gym cancels them. */
    bookings: z.enum(['move', 'cancel'], { error: 'bookings doit valoir "move" ou "cancel"' }),
  })
  .partial()
  .refine((v) => Object.entries(v).some(([k, x]) => k !== 'bookings' && x !== undefined), 'Aucune modification demandée');
export type ClassUpdatePayload = z.infer<typeof classUpdateSchema>;

const weekday = z
  .number({ error: 'Le jour doit être un nombre de 1 (lundi) à 6 (samedi)' })
  .int('Le jour doit être un nombre de 1 (lundi) à 6 (samedi)')
  .min(1, 'Le jour doit être un nombre de 1 (lundi) à 6 (samedi)')
  .max(7, 'Le jour doit être un nombre de 1 (lundi) à 6 (samedi)')
  .refine((d) => d !== CLOSED_WEEKDAY, 'La salle est fermée le dimanche');
const capacity = z
  .number({ error: 'La capacité doit être un nombre de places' })
  .int('La capacité doit être un nombre entier de places')
  .min(1, 'La capacité doit être d’au moins 1 place')
  .max(1000, 'La capacité ne peut dépasser 1000 places');
const coach = optionalText(LIMITS.name);

/** POST /api/timetable/weekly-sessions */
export const weeklySessionCreateSchema = z.object({
  classId: z.number({ error: 'Le cours est obligatoire' }).int('Cours inconnu').positive('Cours inconnu'),
  weekday,
  startTime,
  capacity,
  coach,
  active: z.boolean({ error: 'active doit valoir true ou false' }).default(true),
});
export type WeeklySessionCreatePayload = z.infer<typeof weeklySessionCreateSchema>;

/** PATCH /api/timetable/weekly-sessions/:id: only the fields sent change. */
export const weeklySessionUpdateSchema = z
  .object({
    weekday,
    startTime,
    capacity,
    coach,
    active: z.boolean({ error: 'active doit valoir true ou false' }),
    /** A change of day or time with bookings to come: they follow the session, or the gym cancels them. */
    bookings: z.enum(['move', 'cancel'], { error: 'bookings doit valoir "move" ou "cancel"' }),
  })
  .partial()
  .refine((v) => Object.entries(v).some(([k, x]) => k !== 'bookings' && x !== undefined), 'Aucune modification demandée');
export type WeeklySessionUpdatePayload = z.infer<typeof weeklySessionUpdateSchema>;

/** POST /api/timetable/weekly-sessions/:id/cancellations: one occurrence off. */
export const sessionCancellationSchema = z.object({
  date: gymDate('La date doit être une date réelle au format AAAA-MM-JJ'),
  reason: optionalText(LIMITS.subject),
});
export type SessionCancellationPayload = z.infer<typeof sessionCancellationSchema>;

/** DELETE /api/timetable/weekly-sessions/:id/cancellations/:date */
export const sessionCancellationParamsSchema = z.object({
  id: z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/, 'id must be a positive integer')
    .transform(Number),
  date: z.string().refine(isIsoDate, 'La date doit être une date réelle au format AAAA-MM-JJ'),
});

/** GET /api/timetable/cancellations and /closures: from a gym date (default today). */
export const planningListQuerySchema = z.object({
  from: z.string().refine(isIsoDate, 'from doit être une date réelle au format AAAA-MM-JJ').optional(),
});

/** POST /api/timetable/closures: both dates inclusive. */
export const closureCreateSchema = z
  .object({
    startDate: gymDate('La date de début doit être une date réelle au format AAAA-MM-JJ'),
    endDate: gymDate('La date de fin doit être une date réelle au format AAAA-MM-JJ'),
    reason: optionalText(LIMITS.subject),
  })
  .refine((v) => v.endDate >= v.startDate, { path: ['endDate'], message: 'La date de fin précède la date de début' });
export type ClosureCreatePayload = z.infer<typeof closureCreateSchema>;

// ---- answers ----

/** One occurrence of a weekly session on a gym date. */
export const sessionDtoSchema = z.object({
  /** '<weeklySessionId>:<date>', stable for an occurrence. */
  id: z.string(),
  weeklySessionId: z.number().int(),
  classId: z.number().int(),
  course: z.string(),
  level: z.enum(CLASS_LEVELS),
  coach: z.string().nullable(),
  startsAt: z.string(),
  endsAt: z.string(),
  /** Gym date and time (GYM_TIMEZONE). */
  date: z.string(),
  time: z.string(),
  durationMinutes: z.number().int(),
  capacity: z.number().int(),
  /** Never below 0, even when the capacity was lowered under the seats already taken. */
  spotsLeft: z.number().int(),
  full: z.boolean(),
});
export type SessionDto = z.infer<typeof sessionDtoSchema>;

export const sessionsAnswerSchema = z.object({
  timezone: z.string(),
  /** "Krabi time (UTC+7)" */
  zoneLabel: z.string(),
  from: z.string(),
  days: z.number().int(),
  sessions: sessionDtoSchema.array(),
});
export type SessionsAnswer = z.infer<typeof sessionsAnswerSchema>;

/** A class's weekly times, grouped: { time: '14:00', weekdays: [1..6] }. */
export const classScheduleSchema = z.object({ time: z.string(), weekdays: z.number().int().array() });

export const publicClassDtoSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  level: z.enum(CLASS_LEVELS),
  durationMinutes: z.number().int(),
  byAppointment: z.boolean(),
  schedule: classScheduleSchema.array(),
});
export type PublicClassDto = z.infer<typeof publicClassDtoSchema>;

export const classesAnswerSchema = z.object({
  timezone: z.string(),
  zoneLabel: z.string(),
  classes: publicClassDtoSchema.array(),
});
export type ClassesAnswer = z.infer<typeof classesAnswerSchema>;

export const classDtoSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  descriptionTranslations: z.object({ ru: z.string(), zh: z.string(), de: z.string(), fr: z.string(), th: z.string() }).partial(),
  level: z.enum(CLASS_LEVELS),
  durationMinutes: z.number().int(),
  byAppointment: z.boolean(),
  sortOrder: z.number().int(),
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ClassDto = z.infer<typeof classDtoSchema>;

export const weeklySessionDtoSchema = z.object({
  id: z.number().int(),
  classId: z.number().int(),
  className: z.string(),
  weekday: z.number().int(),
  startTime: z.string(),
  capacity: z.number().int(),
  coach: z.string().nullable(),
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WeeklySessionDto = z.infer<typeof weeklySessionDtoSchema>;

export const sessionCancellationDtoSchema = z.object({
  id: z.number().int(),
  weeklySessionId: z.number().int(),
  className: z.string(),
  date: z.string(),
  startTime: z.string(),
  reason: z.string().nullable(),
  createdAt: z.string(),
});
export type SessionCancellationDto = z.infer<typeof sessionCancellationDtoSchema>;

export const closureDtoSchema = z.object({
  id: z.number().int(),
  startDate: z.string(),
  endDate: z.string(),
  reason: z.string().nullable(),
  createdAt: z.string(),
});
export type ClosureDto = z.infer<typeof closureDtoSchema>;

// ---- the gym's changes and the bookings they touch (issue 34, points 1–3) ----

/** GET /api/timetable/weekly-sessions/:id/bookings?date= */
export const occurrenceBookingsQuerySchema = z.object({ date: gymDate('La date doit être une date réelle au format AAAA-MM-JJ') });

/** GET /api/timetable/closures/preview?startDate=&endDate= */
export const closurePreviewQuerySchema = z
  .object({
    startDate: gymDate('La date de début doit être une date réelle au format AAAA-MM-JJ'),
    endDate: gymDate('La date de fin doit être une date réelle au format AAAA-MM-JJ'),
  })
  .refine((v) => v.endDate >= v.startDate, { path: ['endDate'], message: 'La date de fin précède la date de début' });

/** A booking a cancellation, closure or move would touch, as Planning lists it before staff confirm. */
export const heldBookingDtoSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  course: z.string(),
  dateTime: z.string(),
  /** Gym date; null for a request by appointment. */
  sessionDate: z.string().nullable(),
  weeklySessionId: z.number().int().nullable(),
  language: z.enum(LANGUAGES),
});
export type HeldBookingDto = z.infer<typeof heldBookingDtoSchema>;

export const sessionCancelledDtoSchema = sessionCancellationDtoSchema.extend({ bookingsCancelled: z.number().int() });
export const closureCreatedDtoSchema = closureDtoSchema.extend({ bookingsCancelled: z.number().int() });
/** bookingsChanged: the bookings moved or cancelled with the session's new day or time. */
export const weeklySessionUpdatedDtoSchema = weeklySessionDtoSchema.extend({ bookingsChanged: z.number().int() });
