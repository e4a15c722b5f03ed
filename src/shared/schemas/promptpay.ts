import { z } from 'zod';

// The PromptPay ID the owner enters in Paramètres and the server puts in the Thai QR code
// (src/server/payments/promptpay). The rule lives here because the form and the route both run it.

/** Shown in the French back office, where the settings are edited. */
export const PROMPTPAY_ID_INVALID =
  "Identifiant PromptPay invalide : un numéro de mobile thaïlandais, un numéro d'identification de 13 chiffres ou un e-wallet de 15 chiffres";

/** The same rule in English, for the API description and server-side errors. */
export const PROMPTPAY_ID_INVALID_EN =
  'Invalid PromptPay ID: expected a Thai mobile number (e.g. 081-234-5678 or +66 81 234 5678), a 13-digit national ID or tax ID, or a 15-digit e-wallet ID';

/**
 * A PromptPay ID in its one stored spelling: a phone as its 10 local digits ("0812345678"),
 * a national/tax ID as 13 digits, an e-wallet as 15 digits.
 */
export interface PromptpayId {
  kind: 'phone' | 'national-id' | 'ewallet';
  value: string;
}

// Spaces, dashes, dots and brackets are how people group digits; anything else (a letter, a
// slash) means the text is not an ID, so it is refused rather than stripped.
const SEPARATORS = /[\s\u00a0\u202f().-]/g;
const THAI_ZERO = 0x0e50;

// Thai mobile numbers are 10 digits starting 06, 08 or 09; landlines cannot receive PromptPay.
const LOCAL_MOBILE = /^0[689]\d{8}$/;
const MOBILE_AFTER_66 = /^[689]\d{8}$/;

/** Thai digits (๐–๙) written as ASCII digits, so a number typed on a Thai keyboard is accepted. */
function asciiDigits(text: string): string {
  return text.replace(/[\u0e50-\u0e59]/g, (d) => String(d.charCodeAt(0) - THAI_ZERO));
}

/**
 * The check digit of a Thai 13-digit ID (citizens, foreigners and companies' tax IDs alike):
 * weights 13 down to 2 over the first 12 digits, then (11 − sum mod 11) mod 10. It turns a
 * mistyped digit into an error instead of payments to someone else's account.
 */
function thaiIdChecksumOk(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < 12; i += 1) sum += Number(digits[i]) * (13 - i);
  return (11 - (sum % 11)) % 10 === Number(digits[12]);
}

/**
 * Reads what a person typed as a PromptPay ID: a Thai mobile number ("081-234-5678",
 * "+66 81 234 5678", "66812345678"), a 13-digit national or tax ID with or without dashes
 * (its check digit must be right), or a 15-digit e-wallet ID. Null when it is none of these.
 * Written numbers with 13 digits are IDs, so "0066…" is not read as a phone: "+66…" is.
 */
export function normalizePromptpayId(input: string): PromptpayId | null {
  const compact = asciiDigits(input).replace(SEPARATORS, '');
  const international = compact.startsWith('+');
  const digits = international ? compact.slice(1) : compact;
  if (!/^\d+$/.test(digits)) return null;

  if (international) {
    if (!digits.startsWith('66')) return null;
    // "+66 (0)81 …": the trunk 0 some people keep after the country code.
    const national = digits.slice(2).replace(/^0(?=\d{9}$)/, '');
    return MOBILE_AFTER_66.test(national) ? { kind: 'phone', value: `0${national}` } : null;
  }
  if (LOCAL_MOBILE.test(digits)) return { kind: 'phone', value: digits };
  if (digits.length === 11 && digits.startsWith('66') && MOBILE_AFTER_66.test(digits.slice(2))) {
    return { kind: 'phone', value: `0${digits.slice(2)}` };
  }
  if (digits.length === 13) return thaiIdChecksumOk(digits) ? { kind: 'national-id', value: digits } : null;
  if (digits.length === 15) return { kind: 'ewallet', value: digits };
  return null;
}

// Long enough for any spelling with separators, short enough that nobody stores a paragraph.
const MAX_INPUT = 40;

/**
 * The PromptPay ID field of the settings: whatever the owner typed, stored in its one spelling
 * (normalizePromptpayId's value; a stored value reads back as itself).
 */
export const promptpayIdSchema = z
  .string(PROMPTPAY_ID_INVALID)
  .max(MAX_INPUT, { error: PROMPTPAY_ID_INVALID, abort: true })
  .overwrite((v) => normalizePromptpayId(v)?.value ?? v)
  .refine((v) => normalizePromptpayId(v) !== null, PROMPTPAY_ID_INVALID)
  .describe(`PromptPay ID. ${PROMPTPAY_ID_INVALID_EN}.`);
