import { sql, type RawBuilder } from 'kysely';
import type { CampaignAudience } from '../../shared/schemas/campaigns';
import { addDays } from '../../shared/gym-time';
import type { OrderState } from '../../shared/ledger';
import { fromBool, type Db } from '../db/database';
import { ordersWithTotals } from '../ledger/ledger.repository';
import { orderStateSql } from '../ledger/order-state.sql';

// Who a campaign goes to (issue 48 point 2): confirmed subscribers only (active: the link was
// confirmed and no unsubscribe since), never an address that bounces or complained (email_bounces),
// narrowed by every filter given. The customer filters find the subscriber's customer record by
// its e-mail key; "not seen for N days" also takes subscribers who were never customers.

/** The order states that hold a pass (shared/ledger.ts holdsPass). */
const HOLDING: OrderState[] = ['paid', 'deposit-paid', 'partly-refunded', 'overpaid'];

const subscriberKey = sql<string>`lower(trim(s.email))`;

/** The customer (not merged away) of the subscriber `s`, with `more` true of it. */
const customerWhere = (db: Db, more: RawBuilder<boolean>) =>
  db
    .selectFrom('customers as c')
    .select('c.id')
    .where(sql<boolean>`c.email_key = ${subscriberKey}`)
    .where('c.merged_into_id', 'is', null)
    .where(more);

function audienceQuery(db: Db, a: CampaignAudience, today: string, now: string) {
  let q = db
    .selectFrom('newsletter_subscribers as s')
    .where('s.is_active', '=', fromBool(true))
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('email_bounces as b')
            .select('b.email_key')
            .where(sql<boolean>`b.email_key = ${subscriberKey}`),
        ),
      ),
    );
  if (a.languages && a.languages.length > 0) q = q.where('s.language', 'in', a.languages);

  const livingStay = (cond: RawBuilder<boolean>) =>
    sql<boolean>`exists (select 1 from order_stays os join orders o on o.id = os.order_id where o.customer_id = c.id and o.cancelled_at is null and os.holds_nights = 1 and ${cond})`;
  if (a.activePass) {
    const active = ordersWithTotals(db)
      .select(sql`1`.as('one'))
      .where(sql<boolean>`o.customer_id = c.id`)
      .where('o.start_date', '<=', today)
      .where('o.end_date', '>=', today)
      .where(orderStateSql(now), 'in', HOLDING);
    q = q.where((eb) => eb.exists(customerWhere(db, sql<boolean>`exists ${active}`)));
  }
  if (a.pastStay) q = q.where((eb) => eb.exists(customerWhere(db, livingStay(sql<boolean>`os.check_out <= ${today}`))));
  if (a.upcomingArrival) q = q.where((eb) => eb.exists(customerWhere(db, livingStay(sql<boolean>`os.check_in >= ${today}`))));
  if (a.notSeenDays) {
    const cutoff = addDays(today, -a.notSeenDays);
    const seen = sql<boolean>`(exists (select 1 from reservations r where r.customer_id = c.id and r.cancelled_at is null and r.session_date > ${cutoff} and r.session_date <= ${today})
      or ${livingStay(sql<boolean>`os.check_in <= ${today} and os.check_out > ${cutoff}`)})`;
    q = q.where((eb) => eb.not(eb.exists(customerWhere(db, seen))));
  }
  return q;
}

export async function countAudience(db: Db, a: CampaignAudience, today: string, now: string): Promise<number> {
  const row = await audienceQuery(db, a, today, now)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface AudienceMember {
  id: number;
  email: string;
  language: string;
}

/** Every member, by subscriber id (the writer inserts them in batches). */
export const audienceMembers = (db: Db, a: CampaignAudience, today: string, now: string): Promise<AudienceMember[]> =>
  audienceQuery(db, a, today, now).select(['s.id', 's.email', 's.language']).orderBy('s.id').execute();
