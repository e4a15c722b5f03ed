import { sql } from 'kysely';
import type { Db } from '../db/database';

// All SQL of staff account security: reset links, login challenges, TOTP, recovery codes,
// attempt counters and the "two-factor required" setting.

// ---- password reset links

export async function insertPasswordReset(db: Db, row: { userId: number; tokenHash: string; now: string; expiresAt: string }): Promise<void> {
  await db.insertInto('password_resets').values({ user_id: row.userId, token_hash: row.tokenHash, created_at: row.now, expires_at: row.expiresAt }).execute();
}

/**
 * Marks a live link used and names its user; undefined when the token is unknown, used or
 * expired. One conditional UPDATE: two concurrent uses cannot both succeed.
 */
export async function consumePasswordReset(db: Db, tokenHash: string, now: string): Promise<number | undefined> {
  const row = await db
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id;
}

/** Every other link of the user stops working (a reset or a change of password). */
export async function closePasswordResets(db: Db, userId: number, now: string): Promise<void> {
  await db.updateTable('password_resets').set({ used_at: now }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
}

export async function deleteOldPasswordResets(db: Db, before: string): Promise<void> {
  await db.deleteFrom('password_resets').where('expires_at', '<', before).execute();
}

export async function setPasswordHash(db: Db, userId: number, passwordHash: string): Promise<boolean> {
  const r = await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

// ---- login challenges (second step of a two-factor sign-in)

export async function insertLoginChallenge(db: Db, row: { userId: number; tokenHash: string; now: string; expiresAt: string }): Promise<void> {
  await db.insertInto('login_challenges').values({ user_id: row.userId, token_hash: row.tokenHash, created_at: row.now, expires_at: row.expiresAt }).execute();
}

export function findLoginChallenge(db: Db, tokenHash: string, now: string) {
  return db.selectFrom('login_challenges').select(['id', 'user_id']).where('token_hash', '=', tokenHash).where('expires_at', '>', now).executeTakeFirst();
}

/** Single use: only the caller whose DELETE removed the row may open the session. */
export async function deleteLoginChallenge(db: Db, id: number): Promise<boolean> {
  const r = await db.deleteFrom('login_challenges').where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

export async function deleteExpiredLoginChallenges(db: Db, now: string): Promise<void> {
  await db.deleteFrom('login_challenges').where('expires_at', '<=', now).execute();
}

// ---- TOTP

export function findTwoFactor(db: Db, userId: number) {
  return db.selectFrom('two_factor').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export async function isTwoFactorEnabled(db: Db, userId: number): Promise<boolean> {
  const row = await db.selectFrom('two_factor').select('user_id').where('user_id', '=', userId).where('secret', 'is not', null).executeTakeFirst();
  return row !== undefined;
}

export async function savePendingSecret(db: Db, userId: number, secret: string): Promise<void> {
  await db
    .insertInto('two_factor')
    .values({ user_id: userId, pending_secret: secret, secret: null, enabled_at: null, last_step: null })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ pending_secret: secret }))
    .execute();
}

/** The pending secret becomes the account's; false when it changed meanwhile (another setup). */
export async function enableTwoFactor(db: Db, userId: number, secret: string, step: number, now: string): Promise<boolean> {
  const r = await db
    .updateTable('two_factor')
    .set({ secret, pending_secret: null, enabled_at: now, last_step: step })
    .where('user_id', '=', userId)
    .where('pending_secret', '=', secret)
    .where('secret', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function deleteTwoFactor(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('two_factor').where('user_id', '=', userId).execute();
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
}

/** Accepts a time step once: false when this step (or a later one) was already used. */
export async function takeTotpStep(db: Db, userId: number, step: number): Promise<boolean> {
  const r = await db
    .updateTable('two_factor')
    .set({ last_step: step })
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

// ---- recovery codes

export async function replaceRecoveryCodes(db: Db, userId: number, codeHashes: string[]): Promise<void> {
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('recovery_codes')
    .values(codeHashes.map((code_hash) => ({ user_id: userId, code_hash, used_at: null })))
    .execute();
}

/** Uses an unused code once. */
export async function useRecoveryCode(db: Db, userId: number, codeHash: string, now: string): Promise<boolean> {
  const target = await db
    .selectFrom('recovery_codes')
    .select('id')
    .where('user_id', '=', userId)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (!target) return false;
  const r = await db.updateTable('recovery_codes').set({ used_at: now }).where('id', '=', target.id).where('used_at', 'is', null).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function countRecoveryCodesLeft(db: Db, userId: number): Promise<number> {
  const r = await db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

// ---- attempt counters (fixed windows, shared by every instance on one database)

/**
 * Counts one attempt and returns the count in the current window. One upsert: concurrent
 * attempts each get their own number, so "count first, verify after" cannot be raced past.
 */
export async function countAttempt(db: Db, key: string, now: string, windowStartedBefore: string): Promise<number> {
  const row = await db
    .insertInto('attempt_counters')
    .values({ key, count: 1, window_start: now })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql<number>`case when attempt_counters.window_start <= ${windowStartedBefore} then 1 else attempt_counters.count + 1 end`,
        window_start: sql<string>`case when attempt_counters.window_start <= ${windowStartedBefore} then ${now} else attempt_counters.window_start end`,
      }),
    )
    .returning('count')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function clearAttempts(db: Db, key: string): Promise<void> {
  await db.deleteFrom('attempt_counters').where('key', '=', key).execute();
}

// ---- settings

const REQUIRE_TWO_FACTOR = 'require_two_factor';

export async function readRequireTwoFactor(db: Db): Promise<boolean> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', REQUIRE_TWO_FACTOR).executeTakeFirst();
  return row?.value === 'true';
}

export async function writeRequireTwoFactor(db: Db, on: boolean): Promise<void> {
  const value = on ? 'true' : 'false';
  await db
    .insertInto('settings')
    .values({ key: REQUIRE_TWO_FACTOR, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}
