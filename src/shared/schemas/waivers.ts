import { z } from 'zod';
import { isIsoDate } from '../gym-time';
import { LANGUAGES } from '../i18n/languages';
import { LIMITS, personName } from './common';

// The waiver and health declaration (issue 47, point 4): what a traveller signs and what the
// owner publishes. Messages are the catalogue's keys under `waiver.error.*` on the public form.

/** The fixed list of conditions a traveller can declare (labels in the catalogues: `waiver.condition.<key>`). */
export const WAIVER_CONDITIONS = [
  'heart',
  'blood-pressure',
  'asthma',
  'epilepsy',
  'diabetes',
  'concussion',
  'recent-injury',
  'recent-surgery',
  'pregnancy',
  'infectious-skin',
] as const;

/** A drawn signature as the canvas gives it: a PNG data URL, at most ~200 KB. */
export const SIGNATURE_PREFIX = 'data:image/png;base64,';
export const SIGNATURE_MAX_CHARS = 280_000;

const text = (max: number, required: string) => z.string({ error: required }).trim().min(1, required).max(max, 'waiver.error.tooLong');

/** POST /api/me/waiver. */
export const waiverSignPayloadSchema = z.object({
  version: z.number({ error: 'waiver.error.version' }).int('waiver.error.version').positive('waiver.error.version'),
  fullName: personName('waiver.error.fullName'),
  birthDate: z
    .string({ error: 'waiver.error.birthDate' })
    .trim()
    .refine((v) => isIsoDate(v), 'waiver.error.birthDate'),
  emergencyName: text(LIMITS.name, 'waiver.error.emergencyName'),
  emergencyPhone: z
    .string({ error: 'waiver.error.emergencyPhone' })
    .trim()
    .min(6, 'waiver.error.emergencyPhone')
    .max(LIMITS.phone, 'waiver.error.emergencyPhone')
    .regex(/^\+?[\d\s().-]+$/, 'waiver.error.emergencyPhone'),
  conditions: z.array(z.enum(WAIVER_CONDITIONS, 'waiver.error.condition')).max(WAIVER_CONDITIONS.length).default([]),
  conditionsText: z.string().trim().max(2_000, 'waiver.error.tooLong').optional(),
  signatureName: text(LIMITS.name, 'waiver.error.signatureName'),
  signatureImage: z
    .string({ error: 'waiver.error.signatureImage' })
    .max(SIGNATURE_MAX_CHARS, 'waiver.error.signatureImage')
    .refine((v) => v.startsWith(SIGNATURE_PREFIX), 'waiver.error.signatureImage'),
});
export type WaiverSignPayload = z.infer<typeof waiverSignPayloadSchema>;

/** POST /api/waiver/versions (admin): a new version's texts (English required) and who signs again. */
export const waiverPublishSchema = z.object({
  texts: z
    .object(
      Object.fromEntries(LANGUAGES.map((l) => [l, z.string().trim().max(20_000, 'Texte : 20 000 caractères au plus').optional()])) as Record<
        (typeof LANGUAGES)[number],
        z.ZodOptional<z.ZodString>
      >,
    )
    .refine((t) => Boolean(t.en && t.en.length > 0), { message: 'Le texte anglais est requis', path: ['en'] }),
  resign: z.enum(['all', 'unsigned'], 'Choisissez qui signe à nouveau'),
});
export type WaiverPublishPayload = z.infer<typeof waiverPublishSchema>;
