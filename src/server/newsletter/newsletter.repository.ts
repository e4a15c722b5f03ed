import type { Language } from '../../shared/i18n/languages';
import { sql, type Insertable } from 'kysely';
import { fromBool, type Db } from '../db/database';
import type { NewsletterSubscriberRow, NewsletterSubscribersTable } from '../db/schema';
import { anyColumnLike, type TextSearch } from '../db/search';

export const insertSubscriber = (db: Db, row: Insertable<NewsletterSubscribersTable>): Promise<NewsletterSubscriberRow> =>
  db.insertInto('newsletter_subscribers').values(row).returningAll().executeTakeFirstOrThrow();

export const findByEmail = (db: Db, email: string): Promise<NewsletterSubscriberRow | undefined> =>
  db
    .selectFrom('newsletter_subscribers')
    .selectAll()
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();

/**
 * An unsubscribed address signs up again: pending once more, with a new confirmation token.
 * Conditional on still being unsubscribed, so two racing sign-ups send one e-mail.
 */
export const restartPending = (
  db: Db,
  id: number,
  patch: { name: string | null; confirm_token_hash: string; confirm_sent_at: string; subscribed_at: string; language: Language },
): Promise<NewsletterSubscriberRow | undefined> =>
  db
    .updateTable('newsletter_subscribers')
    .set({ ...patch, confirmed_at: null })
    .where('id', '=', id)
    .where('is_active', '=', fromBool(false))
    .where('confirm_token_hash', 'is', null)
    .returningAll()
    .executeTakeFirst();

/**
 * A pending address's confirmation e-mail goes again with a new token, if the last one left
 * before `sentBefore` (compare-and-set on confirm_sent_at: one resend per hour however many
 * sign-ups race).
 */
export const renewConfirmation = (
  db: Db,
  id: number,
  seen: string | null,
  sentBefore: string,
  patch: { confirm_token_hash: string; confirm_sent_at: string; language: Language },
): Promise<NewsletterSubscriberRow | undefined> => {
  let q = db
    .updateTable('newsletter_subscribers')
    .set(patch)
    .where('id', '=', id)
    .where('is_active', '=', fromBool(false))
    .where('confirm_token_hash', 'is not', null);
  q = seen === null ? q.where('confirm_sent_at', 'is', null) : q.where('confirm_sent_at', '=', seen).where('confirm_sent_at', '<', sentBefore);
  return q.returningAll().executeTakeFirst();
};

/**
 * A sign-up for a confirmed address: its "already subscribed" e-mail may go if the last sign-up
 * e-mail left before `sentBefore` (for a confirmed row confirm_sent_at is that time: the
 * confirmation, then these notices). Compare-and-set as renewConfirmation: one an hour.
 */
export const markNoticeSent = (db: Db, id: number, seen: string | null, sentBefore: string, at: string): Promise<NewsletterSubscriberRow | undefined> => {
  let q = db.updateTable('newsletter_subscribers').set({ confirm_sent_at: at }).where('id', '=', id).where('is_active', '=', fromBool(true));
  q = seen === null ? q.where('confirm_sent_at', 'is', null) : q.where('confirm_sent_at', '=', seen).where('confirm_sent_at', '<', sentBefore);
  return q.returningAll().executeTakeFirst();
};

export const findByConfirmHash = (db: Db, hash: string): Promise<NewsletterSubscriberRow | undefined> =>
  db.selectFrom('newsletter_subscribers').selectAll().where('confirm_token_hash', '=', hash).executeTakeFirst();

/** Pending → confirmed, if the link is still valid (sent after `sentAfter`). */
export const confirmByHash = (db: Db, hash: string, sentAfter: string, at: string): Promise<NewsletterSubscriberRow | undefined> =>
  db
    .updateTable('newsletter_subscribers')
    .set({ is_active: fromBool(true), confirmed_at: at })
    .where('confirm_token_hash', '=', hash)
    .where('is_active', '=', fromBool(false))
    .where('confirm_sent_at', '>', sentAfter)
    .returningAll()
    .executeTakeFirst();

export const listSubscribers = (db: Db): Promise<NewsletterSubscriberRow[]> =>
  db.selectFrom('newsletter_subscribers').selectAll().orderBy('subscribed_at', 'desc').orderBy('id', 'desc').execute();

export async function deleteSubscriber(db: Db, id: number): Promise<boolean> {
  const r = await db.deleteFrom('newsletter_subscribers').where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** Bulk: deletes the named subscribers; answers the ids that existed. */
export async function deleteSubscribers(db: Db, ids: number[]): Promise<number[]> {
  const rows = await db.deleteFrom('newsletter_subscribers').where('id', 'in', ids).returning('id').execute();
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

export const findByUnsubscribeToken = (db: Db, token: string): Promise<NewsletterSubscriberRow | undefined> =>
  db.selectFrom('newsletter_subscribers').selectAll().where('unsubscribe_token', '=', token).executeTakeFirst();

/** Unsubscribed: inactive, and the confirmation link no longer works. */
export const deactivateByToken = (db: Db, token: string): Promise<NewsletterSubscriberRow | undefined> =>
  db
    .updateTable('newsletter_subscribers')
    .set({ is_active: fromBool(false), confirm_token_hash: null })
    .where('unsubscribe_token', '=', token)
    .returningAll()
    .executeTakeFirst();

export interface SubscriberSearch {
  like?: TextSearch;
  status?: 'confirmed' | 'pending' | 'unsubscribed';
}

// The statuses as subscriberStatus() reads them: active; inactive with a link out; the rest.
function searchedSubscribers(db: Db, f: SubscriberSearch) {
  let q = db.selectFrom('newsletter_subscribers');
  if (f.like) q = q.where(anyColumnLike(['email', 'name'], f.like));
  if (f.status === 'confirmed') q = q.where('is_active', '=', fromBool(true));
  if (f.status === 'pending') q = q.where('is_active', '=', fromBool(false)).where('confirm_token_hash', 'is not', null);
  if (f.status === 'unsubscribed') q = q.where('is_active', '=', fromBool(false)).where('confirm_token_hash', 'is', null);
  return q;
}

/** A page of the back office's list (newest first), the matching total and every confirmed address's count. */
export async function searchSubscribers(
  db: Db,
  f: SubscriberSearch,
  limit: number,
  offset: number,
): Promise<{ rows: NewsletterSubscriberRow[]; total: number; confirmed: number }> {
  const [rows, count, confirmed] = await Promise.all([
    searchedSubscribers(db, f).selectAll().orderBy('subscribed_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute(),
    searchedSubscribers(db, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    searchedSubscribers(db, { status: 'confirmed' })
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n), confirmed: Number(confirmed.n) };
}
