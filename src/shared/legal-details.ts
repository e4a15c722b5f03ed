// What a visa letter needs from Paramètres (issue 35): the letterhead (the gym's legal details)
// and who signs. A letter cannot be issued, nor a programme sold, while any of it is empty. No zod:
// the public pages and the back office import this.
import type { SiteSettings } from './schemas/site-settings';

type LetterSettings = Pick<SiteSettings, 'legal' | 'visaLetter'>;

const filled = (v: string | null | undefined): boolean => typeof v === 'string' && v.trim() !== '';

/** The details a letter prints, with their French labels (Paramètres' words), in the letter's order. */
const LETTER_DETAILS: { label: string; value: (s: LetterSettings) => string | null }[] = [
  { label: 'Raison sociale', value: (s) => s.legal.name },
  { label: "Numéro d'immatriculation", value: (s) => s.legal.registrationNumber },
  { label: 'Adresse légale', value: (s) => s.legal.address },
  { label: 'Téléphone légal', value: (s) => s.legal.phone },
  { label: 'E-mail légal', value: (s) => s.legal.email },
  { label: 'Nom du signataire', value: (s) => s.visaLetter.signatoryName },
  { label: 'Fonction du signataire', value: (s) => s.visaLetter.signatoryTitle },
  { label: 'Image de la signature', value: (s) => s.visaLetter.signatureImageUrl },
  { label: 'Image du cachet', value: (s) => s.visaLetter.stampImageUrl },
];

/** The French labels of the letter's details still empty; [] when a letter can be issued. */
export function letterDetailsMissing(s: LetterSettings): string[] {
  return LETTER_DETAILS.filter((d) => !filled(d.value(s))).map((d) => d.label);
}

/**
 * The tax number a receipt prints: payments.taxId when the owner set one (the order e-mails print
 * it too), else the registration number (a Thai company's 13-digit number is its tax ID); null: none.
 */
export function receiptTaxNumber(s: Pick<SiteSettings, 'legal' | 'payments'>): string | null {
  if (filled(s.payments.taxId)) return s.payments.taxId!.trim();
  return filled(s.legal.registrationNumber) ? s.legal.registrationNumber!.trim() : null;
}
