import { z } from 'zod';
import { LIMITS, isEmail } from './common';

// Two groups of the site settings (issue 35): the gym's legal details (letterheads, receipts) and
// who signs the visa letter. Every field may stay empty while the owner has not filled it in:
// letterDetailsMissing (../legal-details.ts) says what a letter still lacks.

export const LETTER_LIMITS = {
  name: 200,
  registrationNumber: 40,
  /** Several lines, possibly in Thai. */
  address: 500,
  phone: LIMITS.phone,
  signatory: 120,
} as const;

/** An image the site serves itself (an upload: /uploads/...) or an https address; null: none. */
export const imageUrl = (label: string) =>
  z
    .string({ error: `${label} : adresse d'image invalide` })
    .trim()
    .max(LIMITS.url, `${label} : adresse trop longue`)
    .refine((v) => /^\/[A-Za-z0-9/_.-]+$/.test(v) || /^https:\/\/[^\s"'<>]+$/.test(v), `${label} : adresse d'image invalide`)
    .nullable();

/** A text the owner may leave empty (null or ''), capped. */
const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} doit être un texte` })
    .trim()
    .max(max, `${label} est trop long (${max} caractères au plus)`)
    .nullable();

export const legalSettings = z.object({
  /** The registered name (company or shop), as on its papers. */
  name: optionalText('La raison sociale', LETTER_LIMITS.name),
  /** The company's registration number (in Thailand also its 13-digit tax ID). */
  registrationNumber: optionalText("Le numéro d'immatriculation", LETTER_LIMITS.registrationNumber),
  /** The registered address, several lines, Thai script allowed. */
  address: optionalText("L'adresse légale", LETTER_LIMITS.address),
  phone: optionalText('Le téléphone légal', LETTER_LIMITS.phone).refine(
    (v) => v === null || v === '' || /^\+?[0-9][0-9 ().-]{5,38}$/.test(v),
    'Le téléphone légal : chiffres, espaces, tirets, + au début',
  ),
  email: optionalText("L'e-mail légal", LIMITS.email).refine((v) => v === null || v === '' || isEmail(v), "L'e-mail légal est invalide"),
});

export const visaLetterSettings = z.object({
  signatoryName: optionalText('Le nom du signataire', LETTER_LIMITS.signatory),
  signatoryTitle: optionalText('La fonction du signataire', LETTER_LIMITS.signatory),
  signatureImageUrl: imageUrl('Signature'),
  stampImageUrl: imageUrl('Cachet'),
  /** A letter may be requested once only the deposit is paid (else only when paid in full). */
  onDeposit: z.boolean({ error: 'Lettre après acompte : oui ou non' }),
});
