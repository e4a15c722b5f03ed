import type { Db } from '../db/database';
import { ordersWithTotals, totalsColumns, totalsOf } from '../ledger/ledger.repository';

// The reads of My page (issue 47 point 2) that no other repository answers: a person's records
// by their customer ids (the session's and those merged into it). Nothing here selects a name,
// e-mail or phone of a booking: what a friend typed for a booking of two stays theirs.

/** The person's bookings (classes and private lessons), with a lesson's trainer and the pass that paid. */
export const bookingsOf = (db: Db, customerIds: number[]) =>
  db
    .selectFrom('reservations as r')
    .leftJoin('private_lessons as pl', 'pl.reservation_id', 'r.id')
    .leftJoin('trainers as t', 't.id', 'pl.trainer_id')
    .select([
      'r.id',
      'r.course',
      'r.date_time',
      'r.status',
      'r.cancelled_by',
      'r.weekly_session_id',
      'r.session_date',
      'r.manage_token_hash',
      'r.free_cancel_until',
      'r.late_since',
      'pl.minutes',
      'pl.trainer_id',
      't.name as trainer',
      (eb) =>
        eb.selectFrom('pass_uses as u').select('u.order_id').whereRef('u.reservation_id', '=', 'r.id').orderBy('u.id', 'desc').limit(1).as('pass_order_id'),
    ])
    .where('r.customer_id', 'in', customerIds)
    .orderBy('r.date_time', 'desc')
    .limit(200)
    .execute();

/** The person's waiting-list places: entries carry an address, not a customer id. */
export const waitlistOf = (db: Db, emails: string[]) =>
  emails.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('waitlist_entries')
        .select(['id', 'course', 'date_time', 'status', 'offer_expires_at', 'weekly_session_id', 'session_date', 'created_at', 'token_hash'])
        .where((eb) => eb(eb.fn('lower', ['email']), 'in', emails))
        .orderBy('date_time', 'desc')
        .limit(100)
        .execute();

/** The addresses of the person's records (merged ones included), lower-cased. */
export async function emailsOf(db: Db, customerIds: number[]): Promise<string[]> {
  const rows = await db.selectFrom('customers').select('email').where('id', 'in', customerIds).where('email', 'is not', null).execute();
  return [...new Set(rows.map((r) => r.email!.trim().toLowerCase()))];
}

/** The person's orders with their ledger totals. */
export async function ordersOf(db: Db, customerIds: number[]) {
  const rows = await ordersWithTotals(db)
    .selectAll('o')
    .select([...totalsColumns])
    .where('o.customer_id', 'in', customerIds)
    .orderBy('o.id', 'desc')
    .limit(100)
    .execute();
  return rows.map((r) => ({ row: r, totals: totalsOf(r) }));
}

/** The stays of these orders with their room and pickup. */
export const staysOf = (db: Db, orderIds: number[]) =>
  orderIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('order_stays as s')
        .leftJoin('rooms as rm', 'rm.id', 's.room_id')
        .leftJoin('order_pickups as p', 'p.order_id', 's.order_id')
        .select([
          's.order_id',
          's.room_type_name',
          'rm.label as room',
          's.check_in',
          's.check_out',
          's.guests',
          's.holds_nights',
          'p.airport',
          'p.flight_number',
          'p.arrives_at',
        ])
        .where('s.order_id', 'in', orderIds)
        .execute();

/** The visa letters of these orders (state only: the passport data stays on the order page). */
export const lettersOf = (db: Db, orderIds: number[]) =>
  orderIds.length === 0
    ? Promise.resolve([])
    : db.selectFrom('visa_letters').select(['order_id', 'status', 'valid_until']).where('order_id', 'in', orderIds).orderBy('id', 'desc').execute();
