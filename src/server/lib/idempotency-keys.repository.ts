// Idempotency-Key answers of public writes (POST /api/reservations, POST /api/orders): a key is
// claimed in the request's transaction, its answer stored with it, replayed for 24 h.
import type { Selectable } from 'kysely';
import type { Db } from '../db/database';
import type { IdempotencyKeysTable } from '../db/schema';

export const IDEMPOTENCY_KEY_BUSY = 'A request with this Idempotency-Key is still being answered';
/** The sentence when a key comes back with another request; `what` names it ("booking", "order"). */
export const idempotencyKeyReused = (what: string) => `This Idempotency-Key was already used for a different ${what}`;

export type IdempotencyKeyRow = Selectable<IdempotencyKeysTable>;

/**
 * Claims a key for this request: inserts it, or takes over a row older than `expiredBefore`.
 * True when this request owns the key. On PostgreSQL a concurrent request claiming the same key
 * waits here until the first one's transaction ends, then finds the key taken (or free again if
 * the first rolled back).
 */
export async function claimIdempotencyKey(db: Db, row: { key: string; requestHash: string; createdAt: string }, expiredBefore: string): Promise<boolean> {
  const r = await db
    .insertInto('idempotency_keys')
    .values({ key: row.key, request_hash: row.requestHash, status_code: null, answer_body: null, created_at: row.createdAt })
    .onConflict((oc) =>
      oc
        .column('key')
        .doUpdateSet({ request_hash: row.requestHash, status_code: null, answer_body: null, created_at: row.createdAt })
        .where('idempotency_keys.created_at', '<', expiredBefore),
    )
    .returning('id')
    .executeTakeFirst();
  return r !== undefined;
}

export const findIdempotencyKey = (db: Db, key: string): Promise<IdempotencyKeyRow | undefined> =>
  db.selectFrom('idempotency_keys').selectAll().where('key', '=', key).executeTakeFirst();

/** Stores the answer of the request that owns the key. */
export const completeIdempotencyKey = (db: Db, key: string, statusCode: number, answerBody: string): Promise<unknown> =>
  db.updateTable('idempotency_keys').set({ status_code: statusCode, answer_body: answerBody }).where('key', '=', key).execute();

/** Forgets keys older than the cut-off. */
export async function purgeIdempotencyKeys(db: Db, before: string): Promise<number> {
  const r = await db.deleteFrom('idempotency_keys').where('created_at', '<', before).executeTakeFirst();
  return Number(r.numDeletedRows);
}
