// What the public forms accept as a person's name (issue 45, point 1). The name is the one text a
// stranger types that the gym's e-mails print ("Hello <name>,"), so it must read as a name: one
// line, short, no link. Without zod: the light forms (a pass's bookings, a stay's checkout, a
// private lesson) check it too; the schemas use it through personName (schemas/common.ts).

/** The longest name accepted, in characters (code points, so Thai or Chinese count as they read). */
export const PERSON_NAME_MAX = 100;

// Control characters (C0, DEL, C1), unpaired surrogates, line and paragraph separators, and the
// bidirectional overrides and isolates, which make a text read in another order than it is stored.
const NOT_ONE_LINE = /[\p{Cc}\p{Cs}\p{Zl}\p{Zp}\u202a-\u202e\u2066-\u2069]/u;

// A link or an address: a scheme's "://", "www." (or "www。"), something@something. Read after
// NFKC, so full-width look-alikes (ｗｗｗ．, ：／／, ＠) count too. Letters of any script, spaces,
// apostrophes, hyphens and dots ("J. R. Smith") never match.
const LINK = /:\/\/|www[.\u3002]|\S@\S/iu;

/**
 * Whether a trimmed text is acceptable as a person's name: at most PERSON_NAME_MAX characters on
 * one line, no control character, no link or e-mail address. The empty text passes (whether a
 * name is required is the form's rule).
 */
export function isPersonName(name: string): boolean {
  // A UTF-16 length over twice the limit is over it in code points too: no need to count a megabyte.
  if (name.length > PERSON_NAME_MAX * 2 || [...name].length > PERSON_NAME_MAX) return false;
  if (NOT_ONE_LINE.test(name)) return false;
  return !LINK.test(name.normalize('NFKC'));
}

/**
 * The message key of what is wrong with a name as typed into a form (trimmed here, as the schemas
 * do), or null: for the forms that check their fields without zod.
 */
export function nameErrorKey(typed: string): 'error.nameRequired' | 'error.nameInvalid' | null {
  const name = typed.trim();
  if (name === '') return 'error.nameRequired';
  return isPersonName(name) ? null : 'error.nameInvalid';
}
