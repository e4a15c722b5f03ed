// The SQL twin of shared/ledger.ts orderState, over a query made with ordersWithTotals (orders as
// `o`, sums as `l`, open disputes as `dsp`): the same steps in the same order. The list's filters,
// the counts and the customers' balances filter with it; tests/api/order-states.test.ts holds it to
// orderState for every state on both databases.
import { sql, type RawBuilder } from 'kysely';
import type { OrderState } from '../../shared/ledger';

const paid = sql`coalesce(l.paid, 0)`;
const held = sql`(coalesce(l.paid, 0) - coalesce(l.refunded, 0) - coalesce(l.charged_back, 0))`;
// A cancelled order costs what its stay terms let the gym keep (migration 037; 0 for most).
const price = sql`(case when o.cancelled_at is not null then o.cancellation_kept_satang else o.amount_satang end)`;

/** The order's state, as orderState derives it, at `now` (an ISO instant). */
export function orderStateSql(now: string): RawBuilder<OrderState> {
  return sql<OrderState>`(case
    when coalesce(dsp.open_disputes, 0) > 0 then 'disputed'
    when ${paid} > 0 and ${held} <= 0 then 'refunded'
    when ${held} > ${price} then 'overpaid'
    when o.cancelled_at is not null then 'cancelled'
    when ${held} >= o.amount_satang then 'paid'
    when ${paid} >= o.amount_satang then 'partly-refunded'
    when ${held} > 0 and o.deposit_satang > 0 and ${held} >= o.deposit_satang then 'deposit-paid'
    when ${paid} <= 0 and o.expires_at is not null and o.expires_at <= ${now} then 'expired'
    else 'awaiting-payment' end)`;
}
