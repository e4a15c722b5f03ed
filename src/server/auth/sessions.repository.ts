import type { Db } from '../db/database';
import type { UserRow } from '../db/schema';

export async function insertSession(db: Db, userId: number, tokenHash: string, now: string, expiresAt: string): Promise<void> {
  await db.insertInto('sessions').values({ user_id: userId, token_hash: tokenHash, created_at: now, expires_at: expiresAt }).execute();
}

/** The active user behind an unexpired session, if any. */
export function findSessionUser(db: Db, tokenHash: string, now: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.expires_at', '>', now)
    .executeTakeFirst();
}

export async function deleteSession(db: Db, tokenHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
}

export async function deleteUserSessions(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

export async function deleteExpiredSessions(db: Db, now: string): Promise<void> {
  await db.deleteFrom('sessions').where('expires_at', '<=', now).execute();
}
