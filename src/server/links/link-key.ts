import { hashToken } from '../auth/tokens';

// What names a record to an action that a mailed link offers (decision 187): the link's token
// (the manage link, the order page), or the record's current key as stored, given by My page
// after it checked that the record is the signed-in person's. Both reach the same service
// function, so a rule is written once.

export type LinkKey = string | { hash: string };

/** The stored digest the key names. */
export const linkHash = (key: LinkKey): string => (typeof key === 'string' ? hashToken(key) : key.hash);

/** Tokens are 32 bytes in base64url; a stored key is always well formed. */
const TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;
export const wellFormed = (key: LinkKey): boolean => typeof key !== 'string' || TOKEN_RE.test(key);

/** The token of a key, when a mailed link gave one (My page gives none). */
export const tokenOf = (key: LinkKey): string | null => (typeof key === 'string' ? key : null);
