import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { getSetting, insertSettingIfAbsent } from '../push/push.repository';

// Replies find their conversation by the address they were sent to, even when the customer's
// mail client drops In-Reply-To and References: every conversation e-mail's Reply-To is the
// inbound address plus a tag, hello+c42.k3xq9ab2mn@gym.example, whose second half is an HMAC of
// the first. A tag cannot be made up for another conversation without the key.

const SECRET_KEY = 'inbound.tag_secret';
const MAC_CHARS = 10; // base32: 50 bits
const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

const secrets = new WeakMap<object, Promise<string>>();

/** INBOUND_TAG_SECRET, else a key made once and kept in settings (every instance reads the same). */
export function tagSecret(db: Db, config: Pick<Config, 'inbound'>): Promise<string> {
  if (config.inbound.tagSecret) return Promise.resolve(config.inbound.tagSecret);
  let p = secrets.get(db);
  if (!p) {
    p = (async () => {
      const stored = await getSetting(db, SECRET_KEY);
      if (stored) return stored;
      await insertSettingIfAbsent(db, SECRET_KEY, randomBytes(32).toString('hex'));
      const winner = await getSetting(db, SECRET_KEY);
      if (!winner) throw new Error('the reply-tag key could not be stored');
      return winner;
    })().catch((err: unknown) => {
      secrets.delete(db); // a passing database error must not stick
      throw err;
    });
    secrets.set(db, p);
  }
  return p;
}

function mac(secret: string, conversationId: number): string {
  const digest = createHmac('sha256', secret).update(`c${conversationId}`).digest();
  let out = '';
  for (let i = 0; out.length < MAC_CHARS; i++) out += BASE32[digest[i] & 31];
  return out;
}

/** The Reply-To of a conversation's e-mails: `local+c<id>.<mac>@domain` of the inbound address. */
export function replyAddress(inboundAddress: string, secret: string, conversationId: number): string {
  const at = inboundAddress.lastIndexOf('@');
  const local = inboundAddress.slice(0, at).split('+')[0];
  return `${local}+c${conversationId}.${mac(secret, conversationId)}${inboundAddress.slice(at)}`;
}

/**
 * The conversation a recipient address is tagged with, or null when none of the addresses is a
 * tagged form of the inbound address with a valid MAC. Case-insensitive (some servers lower-case).
 */
export function conversationFromRecipients(addresses: readonly string[], inboundAddress: string, secret: string): number | null {
  const at = inboundAddress.lastIndexOf('@');
  const local = inboundAddress.slice(0, at).split('+')[0].toLowerCase();
  const domain = inboundAddress.slice(at + 1).toLowerCase();
  for (const raw of addresses) {
    const m = /^([^@+]+)\+c(\d{1,12})\.([a-z2-7]+)@(.+)$/.exec(raw.trim().toLowerCase());
    if (!m || m[1] !== local || m[4] !== domain) continue;
    const id = Number(m[2]);
    const expected = Buffer.from(mac(secret, id));
    const given = Buffer.from(m[3]);
    if (given.length === expected.length && timingSafeEqual(given, expected)) return id;
  }
  return null;
}
