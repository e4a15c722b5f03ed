// Visa letters (issue 35), the parts both sides use: the statuses, the passport name rules and the
// verification code's shape. No zod: the public pages import this.

export const VISA_LETTER_STATUSES = ['requested', 'issued', 'revoked'] as const;
export type VisaLetterStatus = (typeof VISA_LETTER_STATUSES)[number];

/** What the verification page says of a letter: revoked wins, then expired after its last day. */
export const VISA_VERDICTS = ['valid', 'revoked', 'expired'] as const;
export type VisaVerdict = (typeof VISA_VERDICTS)[number];

/** 16 random bytes in base64url: 22 characters, 128 bits. */
export const VERIFY_CODE_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/**
 * A name as the passport's machine-readable zone prints it (ICAO 9303): Latin letters A to Z, the
 * parts separated by spaces; hyphens and apostrophes are allowed as typed (the MRZ turns them into
 * fillers). Letters with accents are refused: the MRZ spells them out (MÜLLER as MUELLER).
 */
export const PASSPORT_NAME_PATTERN = /^[A-Za-z]+(?:[ '-][A-Za-z]+)*$/;

/** The name written as the MRZ reads it: upper case, one space between parts. */
export const passportName = (name: string): string => name.trim().replace(/\s+/g, ' ').toUpperCase();

/** The name's words as Latin letters without accents, upper case, in order of appearance. */
function nameWords(name: string): string[] {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .split(/[^A-Z]+/)
    .filter(Boolean);
}

/**
 * Whether the passport name and the name given with the order differ (other words, not only
 * another order or accents): the answer warns, and staff check it before issuing.
 */
export function namesDiffer(passport: string, ordered: string): boolean {
  const a = [...nameWords(passport)].sort().join(' ');
  const b = [...nameWords(ordered)].sort().join(' ');
  return a !== b;
}

/** Two-letter codes Intl names that no passport states: unions, reserved and private-use codes. */
const NOT_COUNTRIES = new Set(['AC', 'CP', 'CQ', 'DG', 'EA', 'EU', 'EZ', 'IC', 'QO', 'TA', 'UN', 'XA', 'XB', 'ZZ']);

/** Whether `code` is an ISO 3166-1 alpha-2 country Intl knows (its English name is not the code itself). */
export function isCountryCode(code: string): boolean {
  if (!/^[A-Z]{2}$/.test(code) || NOT_COUNTRIES.has(code)) return false;
  try {
    const name = new Intl.DisplayNames(['en'], { type: 'region' }).of(code);
    return Boolean(name) && name !== code;
  } catch {
    return false;
  }
}

/** The country's English name (the letter is in English), the code when Intl does not know it. */
export const countryName = (code: string, locale = 'en'): string => new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;

/** Every country code isCountryCode accepts, for the form's list. */
export function countryCodes(): string[] {
  const out: string[] = [];
  for (let a = 65; a <= 90; a++) for (let b = 65; b <= 90; b++) if (isCountryCode(String.fromCharCode(a, b))) out.push(String.fromCharCode(a, b));
  return out;
}
