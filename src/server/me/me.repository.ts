import { sql } from 'kysely';
import type { Db } from '../db/database';

// A traveller's sign-ins by e-mail and sessions (migration 044): every write that spends
// something is one conditional statement, so two requests can never both spend it.

export interface NewSignIn {
  customerId: number;
  tokenHash: string;
  codeHash: string;
  createdAt: string;
  expiresAt: string;
}

export async function insertSignIn(db: Db, s: NewSignIn): Promise<void> {
  await db
    .insertInto('me_sign_ins')
    .values({ customer_id: s.customerId, token_hash: s.tokenHash, code_hash: s.codeHash, created_at: s.createdAt, expires_at: s.expiresAt })
    .execute();
}

/** Spends the link: its customer when it was live and unspent (the first confirm), else nothing. */
export async function spendLink(db: Db, tokenHash: string, now: string): Promise<number | undefined> {
  const row = await db
    .updateTable('me_sign_ins')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('customer_id')
    .executeTakeFirst();
  return row?.customer_id;
}

/**
 * Counts one try against each live code of the customers (fewer than `maxTries` so far) and
 * answers those rows: a try is taken before the code is compared, so parallel guesses get no
 * more than `maxTries` comparisons per e-mail.
 */
export async function takeCodeTry(
  db: Db,
  customerIds: number[],
  now: string,
  maxTries: number,
): Promise<{ id: number; code_hash: string; token_hash: string }[]> {
  return db
    .updateTable('me_sign_ins')
    .set({ code_tries: sql<number>`code_tries + 1` })
    .where('customer_id', 'in', customerIds)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .where('code_tries', '<', maxTries)
    .returning(['id', 'code_hash', 'token_hash'])
    .execute();
}

/** Spends a sign-in whose code was right; false when another request spent it first. */
export async function spendSignIn(db: Db, id: number, now: string): Promise<boolean> {
  const res = await db.updateTable('me_sign_ins').set({ used_at: now }).where('id', '=', id).where('used_at', 'is', null).executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

export interface NewSession {
  customerId: number;
  tokenHash: string;
  now: string;
  expiresAt: string;
}

export async function insertSession(db: Db, s: NewSession): Promise<void> {
  await db
    .insertInto('me_sessions')
    .values({ customer_id: s.customerId, token_hash: s.tokenHash, created_at: s.now, last_used_at: s.now, expires_at: s.expiresAt })
    .execute();
}

/** A session neither past its end nor idle since `idleSince`. */
export async function findLiveSession(db: Db, tokenHash: string, now: string, idleSince: string) {
  return db
    .selectFrom('me_sessions')
    .select(['id', 'customer_id', 'last_used_at'])
    .where('token_hash', '=', tokenHash)
    .where('expires_at', '>', now)
    .where('last_used_at', '>', idleSince)
    .executeTakeFirst();
}

/** Marks the session used now, unless a request did since `since` (one write a minute at most). */
export async function touchSession(db: Db, id: number, now: string, since: string): Promise<void> {
  await db.updateTable('me_sessions').set({ last_used_at: now }).where('id', '=', id).where('last_used_at', '<', since).execute();
}

export async function deleteSession(db: Db, tokenHash: string): Promise<void> {
  await db.deleteFrom('me_sessions').where('token_hash', '=', tokenHash).execute();
}

/** Sessions and sign-ins past their end leave the tables (refused anyway). */
export async function deleteExpired(db: Db, now: string, idleSince: string): Promise<void> {
  await db
    .deleteFrom('me_sessions')
    .where((eb) => eb.or([eb('expires_at', '<=', now), eb('last_used_at', '<=', idleSince)]))
    .execute();
  await db.deleteFrom('me_sign_ins').where('expires_at', '<=', now).execute();
}

/**
 * The customers and every record merged into them, at any depth: a session or a sign-in names
 * the record it was made for, which a later merge may have folded into one of these.
 */
export async function withMergedInto(db: Db, ids: number[]): Promise<number[]> {
  const all = new Set(ids);
  let frontier = ids;
  for (let hops = 0; frontier.length > 0 && hops < 20; hops++) {
    const rows = await db.selectFrom('customers').select('id').where('merged_into_id', 'in', frontier).execute();
    frontier = rows.map((r) => r.id).filter((id) => !all.has(id));
    for (const id of frontier) all.add(id);
  }
  return [...all];
}

/** An erase: every session and sign-in of these customers (and of the records merged into them) goes. */
export async function deleteForCustomers(db: Db, customerIds: number[]): Promise<{ sessions: number; signIns: number }> {
  if (customerIds.length === 0) return { sessions: 0, signIns: 0 };
  const ids = await withMergedInto(db, customerIds);
  const s = await db.deleteFrom('me_sessions').where('customer_id', 'in', ids).executeTakeFirst();
  const t = await db.deleteFrom('me_sign_ins').where('customer_id', 'in', ids).executeTakeFirst();
  return { sessions: Number(s.numDeletedRows), signIns: Number(t.numDeletedRows) };
}
