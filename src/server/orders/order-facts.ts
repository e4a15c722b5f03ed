// What an order amounts to from its row and its ledger: the state, what is owed, what is due now.
// The state is derived (shared/passes.ts orderState), never stored.
import type { Language } from '../../shared/i18n/languages';
import { orderState, owedSatang, type OrderLedgerTotals, type OrderState } from '../../shared/passes';
import type { AppContext } from '../context';
import type { OrderRow } from '../db/schema';
import { languageBase } from '../mail/templates/i18n';
import type { LedgerTotals } from './order-ledger.repository';

export interface OrderFigures extends OrderLedgerTotals {
  state: OrderState;
  owedSatang: number;
  /** What the buyer pays online now: the rest of the deposit, else everything owed. */
  dueNowSatang: number;
}

export function figuresOf(o: OrderRow, totals: LedgerTotals, now = new Date()): OrderFigures {
  const t: OrderLedgerTotals = { amountSatang: o.amount_satang, depositSatang: o.deposit_satang, ...totals };
  const owed = owedSatang(t);
  const net = totals.paidSatang - totals.refundedSatang;
  const depositLeft = o.deposit_satang > 0 ? Math.max(0, o.deposit_satang - net) : 0;
  return {
    ...t,
    state: orderState({ ...t, expiresAt: o.expires_at, cancelledAt: o.cancelled_at }, now),
    owedSatang: owed,
    dueNowSatang: depositLeft > 0 ? depositLeft : owed,
  };
}

/** Whether the order still takes money (not expired, cancelled or refunded). */
export const takesPayment = (f: OrderFigures): boolean => f.state === 'awaiting-payment' || f.state === 'deposit-paid' || f.state === 'paid';

/** The order page: PUBLIC_URL/booking/order/{token}, under the buyer's language prefix. */
export const orderPageUrl = (ctx: Pick<AppContext, 'config'>, token: string, language: Language): string =>
  `${languageBase(ctx.config.publicUrl, language)}/booking/order/${token}`;
