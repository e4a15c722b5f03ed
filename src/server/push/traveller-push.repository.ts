import { claimLeased } from '../db/lease';
import type { Db, Dialect } from '../db/database';
import type { CustomerPushSubscriptionRow, PushOutboxRow } from '../db/schema';

// A traveller's push subscriptions and the push outbox (migration 049, decision 188).

export interface NewCustomerSubscription {
  customerId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  userAgent: string | null;
  createdAt: string;
}

/** Inserts or, for a known endpoint, takes it over: the same browser, fresh keys, whoever signed in on it now. */
export const upsertSubscription = (db: Db, s: NewCustomerSubscription): Promise<CustomerPushSubscriptionRow> =>
  db
    .insertInto('customer_push_subscriptions')
    .values({ customer_id: s.customerId, endpoint: s.endpoint, p256dh: s.p256dh, auth: s.auth, user_agent: s.userAgent, created_at: s.createdAt })
    .onConflict((oc) =>
      oc.column('endpoint').doUpdateSet((eb) => ({
        customer_id: eb.ref('excluded.customer_id'),
        p256dh: eb.ref('excluded.p256dh'),
        auth: eb.ref('excluded.auth'),
        user_agent: eb.ref('excluded.user_agent'),
      })),
    )
    .returningAll()
    .executeTakeFirstOrThrow();

export async function deleteByEndpoint(db: Db, endpoint: string): Promise<boolean> {
  const r = await db.deleteFrom('customer_push_subscriptions').where('endpoint', '=', endpoint).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** One person's subscription of this endpoint (sign-out): another person's stays. */
export async function deleteOfCustomers(db: Db, customerIds: number[], endpoint: string): Promise<void> {
  if (customerIds.length === 0) return;
  await db.deleteFrom('customer_push_subscriptions').where('endpoint', '=', endpoint).where('customer_id', 'in', customerIds).execute();
}

export async function deleteById(db: Db, id: number): Promise<void> {
  await db.deleteFrom('customer_push_subscriptions').where('id', '=', id).execute();
}

export const subscriptionsOf = (db: Db, customerId: number): Promise<CustomerPushSubscriptionRow[]> =>
  db.selectFrom('customer_push_subscriptions').selectAll().where('customer_id', '=', customerId).orderBy('id').execute();

export async function hasSubscription(db: Db, customerId: number): Promise<boolean> {
  const row = await db.selectFrom('customer_push_subscriptions').select('id').where('customer_id', '=', customerId).limit(1).executeTakeFirst();
  return row !== undefined;
}

export interface NewPush {
  dedupeKey: string;
  customerId: number;
  title: string;
  body: string;
  url: string;
  tag: string | null;
  now: string;
}

/** Queues a notification unless its key was queued before (by this instance or another): true when written. */
export async function insertPush(db: Db, p: NewPush): Promise<boolean> {
  const rows = await db
    .insertInto('push_outbox')
    .values({
      dedupe_key: p.dedupeKey,
      customer_id: p.customerId,
      title: p.title,
      body: p.body,
      url: p.url,
      tag: p.tag,
      status: 'pending',
      attempts: 0,
      next_attempt_at: p.now,
      locked_until: null,
      last_error: null,
      created_at: p.now,
      sent_at: null,
    })
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .returning('id')
    .execute();
  return rows.length === 1;
}

/** Takes up to `limit` due rows for this worker in one statement (db/lease.ts). */
export const claimDue = (db: Db, dialect: Dialect, now: string, lockedUntil: string, limit: number): Promise<PushOutboxRow[]> =>
  claimLeased(db, 'push_outbox', dialect, now, lockedUntil, limit);

/** The outcome of a claimed row, written only while the claim is still ours (same attempt). */
export async function finish(db: Db, row: PushOutboxRow, patch: { status: 'sent' | 'pending' | 'failed'; at: string; error?: string; nextAttemptAt?: string }) {
  await db
    .updateTable('push_outbox')
    .set({
      status: patch.status,
      locked_until: null,
      last_error: patch.error ?? null,
      ...(patch.status === 'sent' ? { sent_at: patch.at } : {}),
      ...(patch.nextAttemptAt ? { next_attempt_at: patch.nextAttemptAt } : {}),
    })
    .where('id', '=', row.id)
    .where('status', '=', 'sending')
    .where('attempts', '=', row.attempts)
    .execute();
}

/** These customers and every record merged into them, at any depth (as me.repository's; push must not import me). */
async function withMergedInto(db: Db, ids: number[]): Promise<number[]> {
  const all = new Set(ids);
  let frontier = ids;
  for (let hops = 0; frontier.length > 0 && hops < 20; hops++) {
    const rows = await db.selectFrom('customers').select('id').where('merged_into_id', 'in', frontier).execute();
    frontier = rows.map((r) => r.id).filter((id) => !all.has(id));
    for (const id of frontier) all.add(id);
  }
  return [...all];
}

/** An erase: the person's subscriptions and notifications go, with those of the records merged into them. */
export async function deleteForCustomers(db: Db, customerIds: number[]): Promise<void> {
  if (customerIds.length === 0) return;
  const ids = await withMergedInto(db, customerIds);
  await db.deleteFrom('customer_push_subscriptions').where('customer_id', 'in', ids).execute();
  await db.deleteFrom('push_outbox').where('customer_id', 'in', ids).execute();
}
