import { createHmac, timingSafeEqual } from 'node:crypto';

// The signed parts of a campaign e-mail's links (decision 192): the click redirect names a
// recipient and a link, the unsubscribe link names the recipient it came through. An HMAC under
// the reply-tag key (INBOUND_TAG_SECRET, else the key kept in settings), with a purpose prefix
// so that neither can stand for the other nor for the mail tags signed with the same key. Nothing
// is stored per link: a forged or altered token fails its MAC and is refused.

const MAC_BYTES = 16;

function mac(secret: string, purpose: string, payload: string): string {
  return createHmac('sha256', secret).update(`campaign-${purpose}:${payload}`).digest().subarray(0, MAC_BYTES).toString('base64url');
}

function check(secret: string, purpose: string, payload: string, given: string): boolean {
  const expected = Buffer.from(mac(secret, purpose, payload));
  const got = Buffer.from(given);
  return got.length === expected.length && timingSafeEqual(got, expected);
}

/** `<recipient>.<link>.<mac>` for the click redirect. */
export const clickToken = (secret: string, recipientId: number, linkId: number): string =>
  `${recipientId}.${linkId}.${mac(secret, 'click', `${recipientId}.${linkId}`)}`;

export function readClickToken(secret: string, token: string): { recipientId: number; linkId: number } | null {
  const m = /^(\d{1,12})\.(\d{1,12})\.([A-Za-z0-9_-]{10,40})$/.exec(token);
  if (!m || !check(secret, 'click', `${m[1]}.${m[2]}`, m[3])) return null;
  return { recipientId: Number(m[1]), linkId: Number(m[2]) };
}

/** `<recipient>.<mac>`: the campaign recipient an unsubscribe came through. */
export const recipientToken = (secret: string, recipientId: number): string => `${recipientId}.${mac(secret, 'recipient', String(recipientId))}`;

export function readRecipientToken(secret: string, token: string): number | null {
  const m = /^(\d{1,12})\.([A-Za-z0-9_-]{10,40})$/.exec(token);
  return m && check(secret, 'recipient', m[1], m[2]) ? Number(m[1]) : null;
}

/** The click redirect on our own site: a short path, since the text part shows it. */
export const clickUrl = (publicUrl: string, token: string): string => `${publicUrl}/c/${encodeURIComponent(token)}`;
