import { sql, type ExpressionBuilder } from 'kysely';
import { fromBool, type Db } from '../db/database';
import type { Database } from '../db/schema';
import { ordersWithTotals } from '../ledger/ledger.repository';
import { orderStateSql } from '../ledger/order-state.sql';

// The desk's day on the dashboard (issue 46 point 3): the queries no domain already has. The
// classes, stays, pickups and lessons come from their domains' own reads.

/** An offer still out at `nowIso`: proposed and neither taken nor run out (the job may not have expired it yet). */
const offerOut = (nowIso: string) => (eb: ExpressionBuilder<Database, 'waitlist_entries'>) =>
  eb.and([eb('status', '=', 'offered'), eb.or([eb('offer_expires_at', 'is', null), eb('offer_expires_at', '>', nowIso)])]);

/** People waiting and offers out per weekly session, for one gym date. */
export async function waitlistCounts(db: Db, date: string, nowIso: string): Promise<Map<number, { waiting: number; offered: number }>> {
  const rows = await db
    .selectFrom('waitlist_entries')
    .select(['weekly_session_id', 'status', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('session_date', '=', date)
    .where((eb) => eb.or([eb('status', '=', 'waiting'), offerOut(nowIso)(eb)]))
    .groupBy(['weekly_session_id', 'status'])
    .execute();
  const out = new Map<number, { waiting: number; offered: number }>();
  for (const r of rows) {
    const c = out.get(r.weekly_session_id) ?? { waiting: 0, offered: 0 };
    c[r.status === 'waiting' ? 'waiting' : 'offered'] = Number(r.n);
    out.set(r.weekly_session_id, c);
  }
  return out;
}

/**
 * Orders still asking for money at `nowIso` (the ledger's state, its SQL twin), each with what it
 * owes and the gym date it is due by: the balance's date, else its first day.
 */
const owingOrders = (db: Db, nowIso: string) =>
  ordersWithTotals(db)
    .innerJoin('customers as c', 'c.id', 'o.customer_id')
    .select([
      'o.id',
      'o.reference',
      'c.name',
      orderStateSql(nowIso).as('state'),
      sql<number | string>`o.amount_satang - coalesce(l.paid, 0)`.as('owed'),
      sql<string>`coalesce(o.balance_due_date, o.start_date)`.as('due'),
    ])
    .where(orderStateSql(nowIso), 'in', ['awaiting-payment', 'deposit-paid']);

export interface OwedFigures {
  awaitingPayment: { count: number; satang: number };
  depositPaid: { count: number; satang: number };
  overdue: { count: number; satang: number };
}

/** Count and sum per state, and of those due before `today`: one statement over the owing orders. */
export async function owedFigures(db: Db, nowIso: string, today: string): Promise<OwedFigures> {
  const rows = await db
    .selectFrom(owingOrders(db, nowIso).as('x'))
    .select([
      'x.state',
      (eb) => eb.fn.countAll<number | string>().as('n'),
      sql<number | string>`sum(x.owed)`.as('owed'),
      sql<number | string>`sum(case when x.due < ${today} then 1 else 0 end)`.as('late_n'),
      sql<number | string>`sum(case when x.due < ${today} then x.owed else 0 end)`.as('late_owed'),
    ])
    .groupBy('x.state')
    .execute();
  const pick = (state: string) => rows.find((r) => r.state === state);
  const figures = (state: string) => ({ count: Number(pick(state)?.n ?? 0), satang: Number(pick(state)?.owed ?? 0) });
  return {
    awaitingPayment: figures('awaiting-payment'),
    depositPaid: figures('deposit-paid'),
    overdue: {
      count: rows.reduce((n, r) => n + Number(r.late_n ?? 0), 0),
      satang: rows.reduce((n, r) => n + Number(r.late_owed ?? 0), 0),
    },
  };
}

/** The oldest owing orders due before `today`, at most `limit`. */
export const overdueOrders = (db: Db, nowIso: string, today: string, limit: number) =>
  db
    .selectFrom(owingOrders(db, nowIso).as('x'))
    .select(['x.id', 'x.reference', 'x.name', 'x.owed', 'x.due'])
    .where('x.due', '<', today)
    .orderBy('x.due')
    .orderBy('x.id')
    .limit(limit)
    .execute();

/** The messages' counts in one statement: conversations with an unread customer message, new contact messages, held mails. */
export async function messageCounts(db: Db): Promise<{ unreadConversations: number; newContacts: number; heldMails: number }> {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('conversations as c')
        .select(eb.fn.countAll<number>().as('n'))
        .where((w) =>
          w.exists(
            w
              .selectFrom('conversation_messages as m')
              .select('m.id')
              .whereRef('m.conversation_id', '=', 'c.id')
              .where('m.sender_type', '=', 'customer')
              .where('m.is_read', '=', fromBool(false)),
          ),
        )
        .as('unread'),
      eb.selectFrom('contact_submissions').select(eb.fn.countAll<number>().as('n')).where('status', '=', 'new').as('contacts'),
      eb.selectFrom('inbound_failures').select(eb.fn.countAll<number>().as('n')).where('status', '!=', 'dismissed').as('failures'),
      eb.selectFrom('inbound_held_mails').select(eb.fn.countAll<number>().as('n')).where('dismissed_at', 'is', null).as('held'),
    ])
    .executeTakeFirstOrThrow();
  return {
    unreadConversations: Number(row.unread ?? 0),
    newContacts: Number(row.contacts ?? 0),
    heldMails: Number(row.failures ?? 0) + Number(row.held ?? 0),
  };
}

/** The most recent conversations with unread customer messages, with how many. */
export const latestUnreadConversations = (db: Db, limit: number) =>
  db
    .selectFrom('conversations as c')
    .innerJoin('conversation_messages as m', 'm.conversation_id', 'c.id')
    .select(['c.id', 'c.user_name', 'c.subject', 'c.last_message_at', (eb) => eb.fn.countAll<number | string>().as('unread')])
    .where('m.sender_type', '=', 'customer')
    .where('m.is_read', '=', fromBool(false))
    .groupBy(['c.id', 'c.user_name', 'c.subject', 'c.last_message_at'])
    .orderBy('c.last_message_at', 'desc')
    .orderBy('c.id', 'desc')
    .limit(limit)
    .execute();

/** Offers out at `nowIso`: proposed, not taken, not run out; soonest class first. */
export const offersOut = (db: Db, nowIso: string, limit: number) =>
  db
    .selectFrom('waitlist_entries')
    .select(['id', 'name', 'course', 'session_date', 'date_time', 'offer_expires_at'])
    .where(offerOut(nowIso))
    .orderBy('date_time')
    .orderBy('id')
    .limit(limit)
    .execute();
