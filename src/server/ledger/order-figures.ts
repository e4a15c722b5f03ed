// What an order amounts to from its row and its ledger's totals: the state, what is owed, what is
// due now, what it holds beyond its price. The state is derived (shared/ledger.ts orderState),
// never stored.
import type { Language } from '../../shared/i18n/languages';
import { heldSatang, orderState, overpaidSatang, owedSatang, type LedgerTotals, type OrderFacts, type OrderState } from '../../shared/ledger';
import type { AppContext } from '../context';
import type { OrderRow } from '../db/schema';
import { languageBase } from '../mail/templates/i18n';

export interface OrderFigures extends OrderFacts {
  state: OrderState;
  owedSatang: number;
  /** What the buyer pays online now: the rest of the deposit, else everything owed. */
  dueNowSatang: number;
  /** Paid, less the price, less what went back; never below 0 (a cancelled order's price is 0). */
  overpaidSatang: number;
}

type OrderMoneyRow = Pick<OrderRow, 'amount_satang' | 'deposit_satang' | 'expires_at' | 'cancelled_at'> & Partial<Pick<OrderRow, 'cancellation_kept_satang'>>;

export const factsOf = (o: OrderMoneyRow, totals: LedgerTotals): OrderFacts => ({
  amountSatang: o.amount_satang,
  depositSatang: o.deposit_satang,
  ...totals,
  expiresAt: o.expires_at,
  cancelledAt: o.cancelled_at,
  cancellationKeptSatang: o.cancellation_kept_satang ?? 0,
});

export function figuresOf(o: OrderMoneyRow, totals: LedgerTotals, now = new Date()): OrderFigures {
  const facts = factsOf(o, totals);
  const owed = owedSatang(facts);
  const depositLeft = o.deposit_satang > 0 ? Math.max(0, o.deposit_satang - heldSatang(facts)) : 0;
  return {
    ...facts,
    state: orderState(facts, now),
    owedSatang: owed,
    dueNowSatang: owed > 0 ? (depositLeft > 0 ? Math.min(depositLeft, owed) : owed) : 0,
    overpaidSatang: overpaidSatang(facts),
  };
}

/** Whether the order still takes money from its buyer (not expired, cancelled, refunded or disputed). */
export const takesPayment = (f: OrderFigures): boolean => f.state === 'awaiting-payment' || f.state === 'deposit-paid' || f.state === 'paid';

/** The order page: PUBLIC_URL/booking/order/{token}, under the buyer's language prefix. */
export const orderPageUrl = (ctx: Pick<AppContext, 'config'>, token: string, language: Language): string =>
  `${languageBase(ctx.config.publicUrl, language)}/booking/order/${token}`;
