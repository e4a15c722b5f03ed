import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/database';
import { getSetting, insertSettingIfAbsent } from '../push/push.repository';

// A person's door code (issue 47 point 5): "<id in base 36>-<10 base32 characters>", the second
// half an HMAC of the id and the code's generation under a key kept in settings. It names the
// person without their e-mail, cannot be made up for someone else, and a new generation
// (renewed, or the person erased) makes every older code invalid. Short enough to type.

const SECRET_KEY = 'check_in.secret';
const BASE32 = 'abcdefghjkmnpqrstuvwxyz23456789'; // no i, l, o, 0, 1: read aloud and typed at the desk
const MAC_CHARS = 10;
const CODE_RE = /^([0-9a-z]{1,10})-([a-z0-9]{10})$/;

const secrets = new WeakMap<object, Promise<string>>();

function secretOf(db: Db): Promise<string> {
  let p = secrets.get(db);
  if (!p) {
    p = (async () => {
      const stored = await getSetting(db, SECRET_KEY);
      if (stored) return stored;
      await insertSettingIfAbsent(db, SECRET_KEY, randomBytes(32).toString('hex'));
      const winner = await getSetting(db, SECRET_KEY);
      if (!winner) throw new Error('the check-in key could not be stored');
      return winner;
    })().catch((err: unknown) => {
      secrets.delete(db);
      throw err;
    });
    secrets.set(db, p);
  }
  return p;
}

function mac(secret: string, customerId: number, generation: number): string {
  const digest = createHmac('sha256', secret).update(`check-in:${customerId}:${generation}`).digest();
  let out = '';
  for (let i = 0; out.length < MAC_CHARS; i++) out += BASE32[digest[i] % BASE32.length];
  return out;
}

async function generationOf(db: Db, customerId: number): Promise<number> {
  const row = await db.selectFrom('check_in_keys').select('generation').where('customer_id', '=', customerId).executeTakeFirst();
  return Number(row?.generation ?? 1);
}

export async function checkInCodeOf(db: Db, customerId: number): Promise<string> {
  return `${customerId.toString(36)}-${mac(await secretOf(db), customerId, await generationOf(db, customerId))}`;
}

/** The person a code names, when it is a live code (typed with spaces or in capitals too); else undefined. */
export async function customerOfCode(db: Db, code: string): Promise<number | undefined> {
  const m = CODE_RE.exec(code.trim().toLowerCase().replace(/\s+/g, ''));
  if (!m) return undefined;
  const id = Number.parseInt(m[1], 36);
  if (!Number.isSafeInteger(id) || id <= 0) return undefined;
  const expected = Buffer.from(mac(await secretOf(db), id, await generationOf(db, id)));
  const given = Buffer.from(m[2]);
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : undefined;
}

/** Every older code of these people stops working (a renewal, an erase). One statement per person. */
export async function revokeCheckInCodes(db: Db, customerIds: number[], now: string): Promise<void> {
  for (const id of customerIds) {
    await db
      .insertInto('check_in_keys')
      .values({ customer_id: id, generation: 2, updated_at: now })
      .onConflict((oc) => oc.column('customer_id').doUpdateSet((eb) => ({ generation: eb('check_in_keys.generation', '+', 1), updated_at: now })))
      .execute();
  }
}
