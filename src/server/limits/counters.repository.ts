import { sql } from 'kysely';
import type { Db } from '../db/database';

// Fixed-window counters in `rate_limits`, one statement each so that concurrent callers (other
// requests, other instances on the same PostgreSQL) can never both take the last slot: the row
// lock of the upsert orders them. Times are epoch milliseconds from the caller's clock.

export interface Counter {
  hits: number;
  resetAt: number;
}

/** Adds one hit (a new window when the old one is over) and returns the count after it. */
export async function hit(db: Db, key: string, windowMs: number, now: number): Promise<Counter> {
  const row = await db
    .insertInto('rate_limits')
    .values({ key, hits: 1, reset_at: now + windowMs })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        hits: sql<number>`case when rate_limits.reset_at <= ${now} then 1 else rate_limits.hits + 1 end`,
        reset_at: sql<number>`case when rate_limits.reset_at <= ${now} then ${now + windowMs} else rate_limits.reset_at end`,
      }),
    )
    .returning(['hits', 'reset_at'])
    .executeTakeFirstOrThrow();
  return { hits: Number(row.hits), resetAt: Number(row.reset_at) };
}

/**
 * Takes one slot if fewer than `max` are taken in the current window; false (and nothing
 * changed) when the window is full.
 */
export async function tryTake(db: Db, key: string, max: number, windowMs: number, now: number): Promise<boolean> {
  if (max <= 0) return false;
  const row = await db
    .insertInto('rate_limits')
    .values({ key, hits: 1, reset_at: now + windowMs })
    .onConflict((oc) =>
      oc
        .column('key')
        .doUpdateSet({
          hits: sql<number>`case when rate_limits.reset_at <= ${now} then 1 else rate_limits.hits + 1 end`,
          reset_at: sql<number>`case when rate_limits.reset_at <= ${now} then ${now + windowMs} else rate_limits.reset_at end`,
        })
        .where(sql<boolean>`rate_limits.reset_at <= ${now} or rate_limits.hits < ${max}`),
    )
    .returning('hits')
    .executeTakeFirst();
  return row !== undefined;
}

/** Gives back one slot of the current window (a reserved attempt that turned out fine). */
export async function giveBack(db: Db, key: string, now: number): Promise<void> {
  await db
    .updateTable('rate_limits')
    .set({ hits: sql<number>`hits - 1` })
    .where('key', '=', key)
    .where('hits', '>', 0)
    .where('reset_at', '>', now)
    .execute();
}

export async function forget(db: Db, key: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('key', '=', key).execute();
}

/** Drops windows that are over; returns how many. */
export async function purgeExpired(db: Db, now: number): Promise<number> {
  const res = await db.deleteFrom('rate_limits').where('reset_at', '<=', now).executeTakeFirst();
  return Number(res.numDeletedRows);
}
