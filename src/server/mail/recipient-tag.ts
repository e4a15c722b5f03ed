import { createHmac, timingSafeEqual } from 'node:crypto';

// Every e-mail we send carries a header signing the address it was sent to: an HMAC of that
// address under the reply-tag key (INBOUND_TAG_SECRET, else the key kept in settings). A bounce
// that returns our headers proves with it that we mailed the address it reports, even once the
// outbox row is gone. The header names nobody; a tag is valid for one address only, so a mail
// someone received from us lets them bounce nobody but themselves.

export const RECIPIENT_TAG_HEADER = 'X-Gym-Recipient-Tag';

const VERSION = 'v1.';
const MAC_CHARS = 32; // base32: 160 bits
const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** The bare address, lower-cased, as bounces key it ('Ana <A@x>' → 'a@x'). */
const addressKey = (to: string): string => (/<([^<>]+)>/.exec(to)?.[1] ?? to).trim().toLowerCase();

function mac(secret: string, address: string): string {
  // "bounce:" keeps these apart from the conversation tags signed with the same key.
  const digest = createHmac('sha256', secret)
    .update(`bounce:${addressKey(address)}`)
    .digest();
  let out = '';
  for (let i = 0; out.length < MAC_CHARS; i++) out += BASE32[digest[i] & 31];
  return out;
}

/** The header's value for a mail to `address`. */
export function recipientTag(secret: string, address: string): string {
  return `${VERSION}${mac(secret, address)}`;
}

/** True when `tag` is the signature of `address` under `secret` (case-insensitive, constant time). */
export function recipientTagValid(secret: string, address: string, tag: string): boolean {
  const given = Buffer.from(tag.trim().toLowerCase());
  const expected = Buffer.from(recipientTag(secret, address));
  return given.length === expected.length && timingSafeEqual(given, expected);
}
