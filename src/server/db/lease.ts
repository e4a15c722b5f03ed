import { sql, type Generated, type Kysely, type Selectable } from 'kysely';
import type { OutboxStatus } from '../../shared/constants';
import type { Db, Dialect } from './database';
import type { Database } from './schema';

// The claim of a queue whose workers take rows on a lease (the mail outbox, the push outbox):
// one statement, the same on both tables.

/** The columns a leased queue's claim reads and writes. */
interface LeasedQueue {
  id: Generated<number>;
  status: OutboxStatus;
  attempts: Generated<number>;
  next_attempt_at: string;
  locked_until: string | null;
}

type LeasedTable = 'outbox' | 'push_outbox';

/**
 * Takes up to `limit` of the oldest due rows for this worker, atomically, in one statement: pending
 * rows whose time has come, or rows left 'sending' by a worker whose lease ran out (a crash). On
 * PostgreSQL the row locks with SKIP LOCKED keep two instances from claiming the same row;
 * SQLite has a single writer.
 */
export async function claimLeased<T extends LeasedTable>(
  db: Db,
  table: T,
  dialect: Dialect,
  now: string,
  lockedUntil: string,
  limit: number,
): Promise<Selectable<Database[T]>[]> {
  // Either table seen through the columns it shares with the other (the name stays the real one).
  const queue = db as unknown as Kysely<{ queue: LeasedQueue }>;
  const name = table as unknown as 'queue';
  let pick = queue
    .selectFrom(name)
    .select('id')
    .where((eb) =>
      eb.or([eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', now)]), eb.and([eb('status', '=', 'sending'), eb('locked_until', '<', now)])]),
    )
    .orderBy('id')
    .limit(limit);
  if (dialect === 'postgres') pick = pick.forUpdate().skipLocked();
  const rows = await queue
    .updateTable(name)
    .set({ status: 'sending', locked_until: lockedUntil, attempts: sql<number>`attempts + 1` })
    .where('id', 'in', pick)
    .returningAll()
    .execute();
  return rows.sort((a, b) => a.id - b.id) as unknown as Selectable<Database[T]>[];
}
