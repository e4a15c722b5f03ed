import { z } from 'zod';
import { LIMITS, normalizeEmail } from './common';

export const PERSONAL_DATA_NEEDS_KEY = 'Indiquez une adresse e-mail ou un numéro de téléphone';
export const PERSONAL_DATA_PHONE_TOO_SHORT = 'Le numéro de téléphone doit compter au moins 6 chiffres';

/** Digits of a phone number, as compared when searching (spaces, dashes, + and brackets ignored). */
export const phoneDigits = (v: string): string => v.replace(/\D+/g, '');

// Empty means "not given" (a form's blank field); at least one of the two is required (service).
const emailKey = z
  .string()
  .overwrite(normalizeEmail)
  .refine((v) => v === '' || (v.length <= LIMITS.email && z.email().safeParse(v).success), 'Adresse e-mail invalide')
  .optional();
const phoneKey = z
  .string()
  .trim()
  .max(LIMITS.phone)
  .refine((v) => v === '' || phoneDigits(v).length >= 6, PERSONAL_DATA_PHONE_TOO_SHORT)
  .optional();

/** Whose data: an e-mail address, a phone number, or both (records matching either). */
export const personalDataKeySchema = z.object({ email: emailKey, phone: phoneKey });
export type PersonalDataKey = z.infer<typeof personalDataKeySchema>;

export const PERSONAL_DATA_FORMATS = ['json', 'csv'] as const;
export const personalDataExportQuerySchema = personalDataKeySchema.extend({ format: z.enum(PERSONAL_DATA_FORMATS).default('json') });
