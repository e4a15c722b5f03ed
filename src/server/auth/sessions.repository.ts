import type { Db } from '../db/database';
import type { UserRow } from '../db/schema';

export async function insertSession(db: Db, userId: number, tokenHash: string, now: string, expiresAt: string): Promise<void> {
  await db.insertInto('sessions').values({ user_id: userId, token_hash: tokenHash, created_at: now, expires_at: expiresAt, last_used_at: now }).execute();
}

export interface SessionUser {
  user: UserRow;
  sessionId: number;
  /** When the session was last marked used (null: made by an instance older than migration 027). */
  lastUsedAt: string | null;
}

/** The user behind a session that has neither expired nor been idle since `idleSince`, if any. */
export async function findSessionUser(db: Db, tokenHash: string, now: string, idleSince: string): Promise<SessionUser | undefined> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select(['sessions.id as session_id', 'sessions.last_used_at as session_last_used_at'])
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.expires_at', '>', now)
    .where((eb) => eb(eb.fn.coalesce('sessions.last_used_at', 'sessions.created_at'), '>', idleSince))
    .executeTakeFirst();
  if (!row) return undefined;
  const { session_id, session_last_used_at, ...user } = row;
  return { user, sessionId: session_id, lastUsedAt: session_last_used_at };
}

/** Marks the session used now, unless another request already did since `since` (one write a minute at most). */
export async function touchSession(db: Db, sessionId: number, now: string, since: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ last_used_at: now })
    .where('id', '=', sessionId)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', since)]))
    .execute();
}

export async function deleteSession(db: Db, tokenHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
}

/** Every session of the user ends, but the one `keepTokenHash` names (the request making the change). */
export async function deleteUserSessions(db: Db, userId: number, keepTokenHash?: string): Promise<void> {
  let q = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keepTokenHash) q = q.where('token_hash', '!=', keepTokenHash);
  await q.execute();
}

/** Sessions past their end or idle since `idleSince` (refused anyway) leave the table. */
export async function deleteExpiredSessions(db: Db, now: string, idleSince: string): Promise<void> {
  await db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('expires_at', '<=', now), eb('last_used_at', '<=', idleSince)]))
    .execute();
}
