import { z } from 'zod';
import { isIsoDate } from '../gym-time';
import { LANGUAGE_NAMES_FR, LANGUAGES, TRANSLATED_LANGUAGES, type TranslatedLanguage } from '../i18n/languages';
import { LANGUAGE_MESSAGE, versionField } from './common';

// Rooms (issue 36): room types as the back office "Hébergement" writes them (French messages),
// and the public availability question. Amounts in satang.

export const STAY_LIMITS = {
  name: 120,
  description: 2000,
  beds: 120,
  label: 40,
  roomsPerType: 200,
  maxGuests: 20,
  photos: 12,
  /** 10 million baht, far above any room. */
  priceSatang: 1_000_000_000,
  /** The longest stay one booking takes (issue 36 §2). */
  nights: 180,
} as const;

const price = (label: string) =>
  z
    .number({ error: `${label} : un nombre entier de satang` })
    .int(`${label} : un nombre entier de satang`)
    .positive(`${label} doit être supérieur à zéro`)
    .max(STAY_LIMITS.priceSatang, `${label} est trop élevé`);

const optionalPrice = (label: string) => price(label).nullish();

const translatedText = (label: string, language: TranslatedLanguage, max: number) =>
  z
    .string({ error: `${label} (${LANGUAGE_NAMES_FR[language]}) doit être un texte` })
    .trim()
    .max(max, `${label} (${LANGUAGE_NAMES_FR[language]}) est trop long`)
    .optional();

const translation = (l: TranslatedLanguage) =>
  z.object({ name: translatedText('Le nom', l, STAY_LIMITS.name), description: translatedText('La description', l, STAY_LIMITS.description) }).optional();

/** One optional entry per language other than English; a missing text falls back to English. */
const translationsSchema = z.object(
  Object.fromEntries(TRANSLATED_LANGUAGES.map((l) => [l, translation(l)])) as Record<TranslatedLanguage, ReturnType<typeof translation>>,
);
export type RoomTypeTranslations = z.output<typeof translationsSchema>;

const roomTypeFields = {
  /** English; the other languages fall back to it. */
  name: z.string({ error: 'Le nom est requis' }).trim().min(1, 'Le nom est requis').max(STAY_LIMITS.name, 'Le nom est trop long'),
  description: z.string({ error: 'La description doit être un texte' }).trim().max(STAY_LIMITS.description, 'La description est trop longue'),
  translations: translationsSchema,
  /** E.g. "1 lit double" or "2 lits simples". */
  beds: z.string({ error: 'Les lits doivent être un texte' }).trim().max(STAY_LIMITS.beds, 'Les lits : texte trop long'),
  maxGuests: z
    .number({ error: 'Personnes au plus : un nombre entier' })
    .int('Personnes au plus : un nombre entier')
    .min(1, 'Au moins une personne')
    .max(STAY_LIMITS.maxGuests, `${STAY_LIMITS.maxGuests} personnes au plus`),
  rooms: z
    .number({ error: 'Nombre de chambres : un nombre entier' })
    .int('Nombre de chambres : un nombre entier')
    .min(0, 'Nombre de chambres négatif')
    .max(STAY_LIMITS.roomsPerType, `${STAY_LIMITS.roomsPerType} chambres au plus`),
  /** The number or name of each room, in order; absent: numbered 1, 2, 3… */
  roomLabels: z
    .array(
      z.string({ error: 'Chambre : un numéro ou un nom' }).trim().min(1, 'Chambre : numéro ou nom requis').max(STAY_LIMITS.label, 'Chambre : nom trop long'),
    )
    .max(STAY_LIMITS.roomsPerType)
    .refine((l) => new Set(l).size === l.length, 'Deux chambres portent le même numéro'),
  nightlyPriceSatang: price('Le prix par nuit'),
  weeklyPriceSatang: optionalPrice('Le prix à la semaine'),
  monthlyPriceSatang: optionalPrice('Le prix au mois'),
  /** Image URLs of the gallery (uploaded through its image path: /uploads/… or the bucket's https URL). */
  photos: z
    .array(
      z
        .string()
        .regex(/^(https:\/\/|\/)\S*$/, 'Photo : une URL https ou un chemin commençant par /')
        .max(300),
    )
    .max(STAY_LIMITS.photos, `${STAY_LIMITS.photos} photos au plus`),
};

const labelsMatch = (v: { rooms?: number; roomLabels?: string[] }) => v.roomLabels === undefined || v.rooms === undefined || v.roomLabels.length === v.rooms;
const LABELS_MESSAGE = { message: 'Un numéro ou nom par chambre', path: ['roomLabels'] };

export const roomTypeCreateSchema = z
  .object({
    ...roomTypeFields,
    description: roomTypeFields.description.default(''),
    translations: roomTypeFields.translations.default({}),
    beds: roomTypeFields.beds.default(''),
    roomLabels: roomTypeFields.roomLabels.optional(),
    photos: roomTypeFields.photos.default([]),
  })
  .refine(labelsMatch, LABELS_MESSAGE);
export type RoomTypeCreateInput = z.output<typeof roomTypeCreateSchema>;

export const roomTypePatchSchema = z
  .object({
    name: roomTypeFields.name.optional(),
    description: roomTypeFields.description.optional(),
    translations: roomTypeFields.translations.optional(),
    beds: roomTypeFields.beds.optional(),
    maxGuests: roomTypeFields.maxGuests.optional(),
    rooms: roomTypeFields.rooms.optional(),
    roomLabels: roomTypeFields.roomLabels.optional(),
    nightlyPriceSatang: roomTypeFields.nightlyPriceSatang.optional(),
    weeklyPriceSatang: roomTypeFields.weeklyPriceSatang,
    monthlyPriceSatang: roomTypeFields.monthlyPriceSatang,
    photos: roomTypeFields.photos.optional(),
    version: versionField,
  })
  .refine(labelsMatch, LABELS_MESSAGE);
export type RoomTypePatchInput = z.output<typeof roomTypePatchSchema>;

const gymDate = (label: string) => z.string({ error: `${label} is required (YYYY-MM-DD)` }).refine(isIsoDate, `${label} must be a date (YYYY-MM-DD)`);

/** A room closed for repairs, first to last night (both closed). */
export const roomClosureSchema = z
  .object({
    roomId: z.number().int().positive(),
    firstNight: gymDate('firstNight'),
    lastNight: gymDate('lastNight'),
    reason: z.string().trim().max(200, 'Motif trop long').default(''),
  })
  .refine((c) => c.lastNight >= c.firstNight, { message: 'La dernière nuit précède la première', path: ['lastNight'] });
export type RoomClosureInput = z.output<typeof roomClosureSchema>;

/** GET /api/stays/availability (public, English messages). */
export const availabilityQuerySchema = z.object({
  checkIn: gymDate('checkIn'),
  checkOut: gymDate('checkOut'),
  guests: z
    .string()
    .regex(/^[1-9][0-9]?$/, 'guests must be a whole number from 1 to 99')
    .transform(Number)
    .default(1),
  language: z.enum(LANGUAGES, LANGUAGE_MESSAGE).default('en'),
});
export type AvailabilityQuery = z.output<typeof availabilityQuerySchema>;
