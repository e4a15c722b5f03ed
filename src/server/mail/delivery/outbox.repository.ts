import type { Db, Dialect } from '../../db/database';
import { claimLeased } from '../../db/lease';
import type { OutboxRow, OutboxTable } from '../../db/schema';
import { sql, type Insertable, type Updateable } from 'kysely';
import { fixedQuery } from '../../db/fixed-query';

const OUTBOX_COLUMNS = [
  'to_address',
  'subject',
  'text_body',
  'html_body',
  'reply_to',
  'message_id',
  'status',
  'attempts',
  'next_attempt_at',
  'locked_until',
  'last_error',
  'created_at',
  'sent_at',
  'calendar',
  'attachments',
  'headers',
  'reservation_id',
  'template',
] as const satisfies readonly (keyof OutboxTable)[];

// Every booking queues its e-mails one at a time, in its transaction: written once (fixed-query.ts).
const insertOutboxQuery = fixedQuery<{ id: number }>(
  `insert into outbox (${OUTBOX_COLUMNS.join(', ')}) values (${OUTBOX_COLUMNS.map(() => '?').join(', ')}) returning id`,
);

export async function insertOutbox(db: Db, row: Insertable<OutboxTable>): Promise<{ id: number }> {
  const { rows } = await insertOutboxQuery(
    db,
    OUTBOX_COLUMNS.map((c) => row[c] ?? null),
  );
  if (rows.length !== 1) throw new Error('outbox insert returned no row');
  return rows[0];
}

/** Takes up to `limit` due rows for this worker in one statement (db/lease.ts). */
export const claimDue = (db: Db, dialect: Dialect, now: string, lockedUntil: string, limit: number): Promise<OutboxRow[]> =>
  claimLeased(db, 'outbox', dialect, now, lockedUntil, limit);

/**
 * Marks delivered rows sent in one statement (one commit), each only while it is still ours
 * (same claim, same attempt), like finish() below does for one row.
 */
export async function markSentMany(db: Db, rows: OutboxRow[], sentAt: string): Promise<void> {
  if (rows.length === 0) return;
  await db
    .updateTable('outbox')
    .set({ status: 'sent', sent_at: sentAt, last_error: null, locked_until: null })
    .where('status', '=', 'sending')
    .where((eb) => eb.or(rows.map((r) => eb.and([eb('id', '=', r.id), eb('attempts', '=', r.attempts)]))))
    .execute();
}

/** Of these rows, those set failed by someone else (an erase) while this worker was sending them. */
export async function stoppedAmong(db: Db, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('outbox').select('id').where('id', 'in', ids).where('status', '=', 'failed').execute();
  return rows.map((r) => r.id);
}

/** Hands claimed rows that were not tried back to the queue, as if never claimed (stop()). */
export async function releaseUntried(db: Db, rows: OutboxRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .updateTable('outbox')
    .set({ status: 'pending', locked_until: null, attempts: sql<number>`attempts - 1` })
    .where('status', '=', 'sending')
    .where((eb) => eb.or(rows.map((r) => eb.and([eb('id', '=', r.id), eb('attempts', '=', r.attempts)]))))
    .execute();
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

export async function markRetry(db: Db, row: OutboxRow, nextAttemptAt: string, error: string): Promise<void> {
  await finish(db, row, { status: 'pending', next_attempt_at: nextAttemptAt, last_error: error });
}

export async function markFailed(db: Db, row: OutboxRow, error: string): Promise<void> {
  await finish(db, row, { status: 'failed', last_error: error });
}

/**
 * Which of these addresses (lower-cased) bounce for good (email_bounces, written by the mail
 * import). A staff account's address never counts as bouncing: its account mail (password
 * resets) always goes, whatever a bounce said.
 */
export async function bouncingAmong(db: Db, addresses: string[]): Promise<Set<string>> {
  const keys = [...new Set(addresses)];
  if (keys.length === 0) return new Set();
  const rows = await db.selectFrom('email_bounces').select('email_key').where('email_key', 'in', keys).execute();
  if (rows.length === 0) return new Set();
  const staff = await db
    .selectFrom('users')
    .select(sql<string>`lower(email)`.as('email_key'))
    .where(
      sql<string>`lower(email)`,
      'in',
      rows.map((r) => r.email_key),
    )
    .execute();
  const kept = new Set(staff.map((u) => u.email_key));
  return new Set(rows.map((r) => r.email_key).filter((k) => !kept.has(k)));
}
