import { sql } from 'kysely';
import type { Language } from '../../shared/i18n/languages';
import type { OrderState } from '../../shared/ledger';
import { fromBool, type Db } from '../db/database';
import { ordersWithTotals } from '../ledger/ledger.repository';
import { orderStateSql } from '../ledger/order-state.sql';

// All SQL of the review requests (issue 48 point 5, decision 190). Gym dates are 'YYYY-MM-DD'
// and instants ISO 8601 UTC text: both compare as text.

/**
 * A person the request may go to (customers as `c`): an e-mail, not merged away, not bouncing,
 * not unsubscribed from the newsletter (inactive with no confirmation pending), never asked
 * (nor a record merged into it), and whose latest booking the gym did not cancel.
 */
const reachable = sql<boolean>`(c.email is not null and c.email_key is not null and c.merged_into_id is null and c.bouncing_at is null
  and not exists (select 1 from email_bounces b where b.email_key = c.email_key)
  and not exists (select 1 from newsletter_subscribers s where lower(trim(s.email)) = c.email_key and s.is_active = ${fromBool(false)} and s.confirm_token_hash is null)
  and not exists (select 1 from review_requests q where q.customer_id = c.id or q.customer_id in (select m.id from customers m where m.merged_into_id = c.id))
  and coalesce((select r2.cancelled_by from reservations r2 where r2.customer_id = c.id order by r2.date_time desc, r2.id desc limit 1), '') <> 'gym')`;

export interface ReviewCandidate {
  customer_id: number;
  name: string;
  email: string;
  language: Language;
}

/** Stays whose check-out is between the gym dates (both inclusive), their order not cancelled nor lapsed, to a reachable person. */
export function listEndedStays(db: Db, fromDate: string, toDate: string) {
  return db
    .selectFrom('order_stays as os')
    .innerJoin('orders as o', 'o.id', 'os.order_id')
    .innerJoin('customers as c', 'c.id', 'o.customer_id')
    .select(['c.id as customer_id', 'c.name', 'c.language', 'o.id as order_id', 'os.check_out'])
    .select(sql<string>`c.email`.as('email'))
    .where('os.check_out', '>=', fromDate)
    .where('os.check_out', '<=', toDate)
    .where('o.cancelled_at', 'is', null)
    .where('os.holds_nights', '=', 1)
    .where(reachable)
    .orderBy('os.check_out')
    .orderBy('o.id')
    .execute();
}

/** The orders' states at `nowIso` (the ledger's rule). */
export async function orderStates(db: Db, orderIds: number[], nowIso: string): Promise<Map<number, OrderState>> {
  if (orderIds.length === 0) return new Map();
  const rows = await ordersWithTotals(db, orderIds)
    .select(['o.id', orderStateSql(nowIso).as('state')])
    .where('o.id', 'in', orderIds)
    .execute();
  return new Map(rows.map((r) => [r.id, r.state]));
}

/**
 * Reachable people whose `n`th class marked present (not cancelled; counted in date order over
 * all of theirs) started in [fromIso, untilIso).
 */
export function listNthClasses(db: Db, n: number, fromIso: string, untilIso: string) {
  const ranked = db
    .selectFrom('reservations as r')
    .select(['r.customer_id', 'r.date_time'])
    .select(sql<number>`row_number() over (partition by r.customer_id order by r.date_time, r.id)`.as('n'))
    .where('r.attendance', '=', 'present')
    .where('r.cancelled_at', 'is', null)
    .where('r.customer_id', 'is not', null)
    // Only people with a class in the window: the ranking never reads the whole history.
    .where((eb) =>
      eb(
        'r.customer_id',
        'in',
        eb
          .selectFrom('reservations as w')
          .select('w.customer_id')
          .where('w.attendance', '=', 'present')
          .where('w.date_time', '>=', fromIso)
          .where('w.date_time', '<', untilIso),
      ),
    );
  return db
    .selectFrom(ranked.as('x'))
    .innerJoin('customers as c', 'c.id', 'x.customer_id')
    .select(['c.id as customer_id', 'c.name', 'c.language', 'x.date_time'])
    .select(sql<string>`c.email`.as('email'))
    .where('x.n', '=', n)
    .where('x.date_time', '>=', fromIso)
    .where('x.date_time', '<', untilIso)
    .where(reachable)
    .orderBy('x.date_time')
    .orderBy('c.id')
    .execute();
}

/**
 * Claims the person's one request: true for exactly one caller, whatever the runs and
 * instances (customer_id is unique; a concurrent insert waits for this transaction and then
 * inserts nothing). Run it in the transaction that queues the e-mail.
 */
export async function claimRequest(
  trx: Db,
  r: { customerId: number; reason: 'stay' | 'classes'; language: Language; triggerDate: string; at: string },
): Promise<boolean> {
  const row = await trx
    .insertInto('review_requests')
    .values({ customer_id: r.customerId, reason: r.reason, language: r.language, trigger_date: r.triggerDate, asked_at: r.at })
    .onConflict((oc) => oc.column('customer_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** A page of the people asked, newest first, with their customer record as it is now. */
export async function listRequests(db: Db, limit: number, offset: number) {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('review_requests as q')
      .innerJoin('customers as c', 'c.id', 'q.customer_id')
      .select(['q.id', 'q.customer_id', 'q.reason', 'q.language', 'q.trigger_date', 'q.asked_at', 'c.name', 'c.email'])
      .orderBy('q.asked_at', 'desc')
      .orderBy('q.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    db
      .selectFrom('review_requests')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** An erase (privacy): the person's requests go. */
export async function deleteForCustomers(trx: Db, customerIds: number[]): Promise<void> {
  if (customerIds.length === 0) return;
  await trx.deleteFrom('review_requests').where('customer_id', 'in', customerIds).execute();
}

/** When the person (or a record merged into it) was asked for a review; null: never. */
export async function askedAtOf(db: Db, customerId: number): Promise<string | null> {
  const row = await db
    .selectFrom('review_requests as q')
    .select('q.asked_at')
    .where((eb) =>
      eb.or([
        eb('q.customer_id', '=', customerId),
        eb('q.customer_id', 'in', eb.selectFrom('customers as m').select('m.id').where('m.merged_into_id', '=', customerId)),
      ]),
    )
    .orderBy('q.asked_at')
    .executeTakeFirst();
  return row?.asked_at ?? null;
}
