import type { Db, Dialect } from '../db/database';
import type { OutboxRow, OutboxTable } from '../db/schema';
import { sql, type Insertable, type Updateable } from 'kysely';

export const insertOutbox = (db: Db, row: Insertable<OutboxTable>): Promise<{ id: number }> =>
  db.insertInto('outbox').values(row).returning('id').executeTakeFirstOrThrow();

/**
 * Takes the oldest due row for this worker, atomically: a pending row whose time has come, or
 * one left 'sending' by a worker whose lease ran out (a crash). On PostgreSQL the row lock with
 * SKIP LOCKED keeps two instances from claiming the same row; SQLite has a single writer.
 */
export async function claimNext(db: Db, dialect: Dialect, now: string, lockedUntil: string): Promise<OutboxRow | undefined> {
  let pick = db
    .selectFrom('outbox')
    .select('id')
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', now)]),
        eb.and([eb('status', '=', 'sending'), eb('locked_until', '<', now)]),
      ]),
    )
    .orderBy('id')
    .limit(1);
  if (dialect === 'postgres') pick = pick.forUpdate().skipLocked();
  return db
    .updateTable('outbox')
    .set({ status: 'sending', locked_until: lockedUntil, attempts: sql<number>`attempts + 1` })
    .where('id', '=', pick)
    .returningAll()
    .executeTakeFirst();
}

// The follow-up writes only touch the row while it is still ours (same claim, same attempt),
// so a worker that overran its lease cannot overwrite a newer claim's outcome.
function finish(db: Db, row: OutboxRow, patch: Updateable<OutboxTable>) {
  return db
    .updateTable('outbox')
    .set({ ...patch, locked_until: null })
    .where('id', '=', row.id)
    .where('status', '=', 'sending')
    .where('attempts', '=', row.attempts)
    .execute();
}

export async function markSent(db: Db, row: OutboxRow, sentAt: string): Promise<void> {
  await finish(db, row, { status: 'sent', sent_at: sentAt, last_error: null });
}

export async function markRetry(db: Db, row: OutboxRow, nextAttemptAt: string, error: string): Promise<void> {
  await finish(db, row, { status: 'pending', next_attempt_at: nextAttemptAt, last_error: error });
}

export async function markFailed(db: Db, row: OutboxRow, error: string): Promise<void> {
  await finish(db, row, { status: 'failed', last_error: error });
}
