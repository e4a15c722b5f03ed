import { fromBool, type Db } from '../db/database';
import type { PushSubscriptionRow } from '../db/schema';

export interface NewSubscription {
  userId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  userAgent: string | null;
  createdAt: string;
}

/** Inserts or, for a known endpoint, takes it over: same browser, fresh keys, current owner. */
export const upsertSubscription = (db: Db, s: NewSubscription): Promise<PushSubscriptionRow> =>
  db
    .insertInto('push_subscriptions')
    .values({ user_id: s.userId, endpoint: s.endpoint, p256dh: s.p256dh, auth: s.auth, user_agent: s.userAgent, created_at: s.createdAt })
    .onConflict((oc) =>
      oc.column('endpoint').doUpdateSet((eb) => ({
        user_id: eb.ref('excluded.user_id'),
        p256dh: eb.ref('excluded.p256dh'),
        auth: eb.ref('excluded.auth'),
        user_agent: eb.ref('excluded.user_agent'),
      })),
    )
    .returningAll()
    .executeTakeFirstOrThrow();

export async function deleteByEndpoint(db: Db, endpoint: string): Promise<boolean> {
  const r = await db.deleteFrom('push_subscriptions').where('endpoint', '=', endpoint).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

export async function deleteById(db: Db, id: number): Promise<boolean> {
  const r = await db.deleteFrom('push_subscriptions').where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

export const listForUser = (db: Db, userId: number): Promise<PushSubscriptionRow[]> =>
  db.selectFrom('push_subscriptions').selectAll().where('user_id', '=', userId).orderBy('id').execute();

/** One active account's subscriptions (a trainer's pushes about their own lessons). */
export const activeUserSubscriptions = (db: Db, userId: number): Promise<PushSubscriptionRow[]> =>
  db
    .selectFrom('push_subscriptions')
    .innerJoin('users', 'users.id', 'push_subscriptions.user_id')
    .selectAll('push_subscriptions')
    .where('users.is_active', '=', fromBool(true))
    .where('push_subscriptions.user_id', '=', userId)
    .orderBy('push_subscriptions.id')
    .execute();

/** Subscriptions of active staff and admin accounts: a deactivated account gets no customer data. */
export const listStaffSubscriptions = (db: Db): Promise<PushSubscriptionRow[]> =>
  db
    .selectFrom('push_subscriptions')
    .innerJoin('users', 'users.id', 'push_subscriptions.user_id')
    .selectAll('push_subscriptions')
    .where('users.is_active', '=', fromBool(true))
    .where('users.role', 'in', ['staff', 'admin'])
    .orderBy('push_subscriptions.id')
    .execute();

export async function getSetting(db: Db, key: string): Promise<string | undefined> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value;
}

/** Writes the value unless the key exists; two instances starting together keep the first. */
export async function insertSettingIfAbsent(db: Db, key: string, value: string): Promise<void> {
  await db
    .insertInto('settings')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}
