import { sql, type Insertable } from 'kysely';
import { fromBool, type Db } from '../db/database';
import type { NewsletterSubscriberRow, NewsletterSubscribersTable } from '../db/schema';

export const insertSubscriber = (db: Db, row: Insertable<NewsletterSubscribersTable>): Promise<NewsletterSubscriberRow> =>
  db.insertInto('newsletter_subscribers').values(row).returningAll().executeTakeFirstOrThrow();

/** Turns an unsubscribed address back on (the unique index is on lower(email)). */
export const reactivateSubscriber = (
  db: Db,
  email: string,
  patch: { name: string | null; unsubscribe_token: string; subscribed_at: string },
): Promise<NewsletterSubscriberRow | undefined> =>
  db
    .updateTable('newsletter_subscribers')
    .set({ ...patch, is_active: fromBool(true) })
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .where('is_active', '=', fromBool(false))
    .returningAll()
    .executeTakeFirst();

export const listSubscribers = (db: Db): Promise<NewsletterSubscriberRow[]> =>
  db.selectFrom('newsletter_subscribers').selectAll().orderBy('subscribed_at', 'desc').orderBy('id', 'desc').execute();

export async function deleteSubscriber(db: Db, id: number): Promise<boolean> {
  const r = await db.deleteFrom('newsletter_subscribers').where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

export const deactivateByToken = (db: Db, token: string): Promise<NewsletterSubscriberRow | undefined> =>
  db
    .updateTable('newsletter_subscribers')
    .set({ is_active: fromBool(false) })
    .where('unsubscribe_token', '=', token)
    .returningAll()
    .executeTakeFirst();
