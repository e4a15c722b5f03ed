// Orders and their money: the values both the server and the browser rely on (DESIGN.md §6).
// Amounts are integers in satang (1 THB = 100 satang). An order's state is derived here, from its
// price, its dates and its ledger's totals, and nowhere else: the server's SQL filters mirror this
// function (orders/order-state.sql.ts), and a test holds the two together on both databases.

/** How a buyer pays online or at the desk (an order's method). */
export const ORDER_METHODS = ['promptpay', 'card', 'desk'] as const;
export type OrderMethod = (typeof ORDER_METHODS)[number];

/**
 * How money actually moved (a ledger line's method). 'card' is money taken by the card provider
 * (Stripe) and only ever recorded from it; a card paid on the desk's own terminal is 'terminal',
 * never refunded through the provider.
 */
export const PAYMENT_METHODS = ['promptpay', 'card', 'cash', 'terminal', 'transfer'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** What staff may record by hand: every method but the provider's own. */
export const STAFF_PAYMENT_METHODS = ['cash', 'terminal', 'transfer', 'promptpay'] as const satisfies readonly PaymentMethod[];

/**
 * A ledger line: money in (payment), money paid back (refund), a refund that failed and came back
 * (refund-reversal), money a bank took back for a dispute (chargeback) and gave again
 * (chargeback-reversal). Lines are only ever added.
 */
export const LEDGER_KINDS = ['payment', 'refund', 'refund-reversal', 'chargeback', 'chargeback-reversal'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** Whether a line of this kind takes money out of the gym (a refund, a chargeback). */
export const moneyOut = (kind: LedgerKind): boolean => kind === 'refund' || kind === 'chargeback';

/** A card checkout's life: asked for, open at the provider, paid, lapsed or closed, or never made. */
export const CHECKOUT_STATUSES = ['creating', 'open', 'complete', 'expired', 'failed'] as const;
export type CheckoutStatus = (typeof CHECKOUT_STATUSES)[number];

/** A refund asked for: written before the provider is called, then succeeded or failed. */
export const REFUND_REQUEST_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type RefundRequestStatus = (typeof REFUND_REQUEST_STATUSES)[number];

/**
 * An order's state, derived from its ledger and its dates, never stored beside them:
 * awaiting-payment (nothing paid, hold running), deposit-paid (the deposit or more, less than the
 * whole), paid, partly-refunded (paid in full, then part paid back), refunded (everything paid
 * was paid back), overpaid (holds more than its price; a cancelled order's price is 0), expired
 * (nothing paid, hold over), cancelled (by staff, holding nothing), disputed (a dispute is open).
 */
export const ORDER_STATES = [
  'awaiting-payment',
  'deposit-paid',
  'paid',
  'partly-refunded',
  'refunded',
  'overpaid',
  'expired',
  'cancelled',
  'disputed',
] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/** An order's ledger summed: every figure an order's state and answers are made of. */
export interface LedgerTotals {
  /** Payments, gross. */
  paidSatang: number;
  /** Refunds less refunds that failed and came back. */
  refundedSatang: number;
  /** Money taken back by disputes less money reinstated. */
  chargedBackSatang: number;
  /** A dispute of one of its payments is still open. */
  disputeOpen: boolean;
}

export const NO_MONEY: LedgerTotals = { paidSatang: 0, refundedSatang: 0, chargedBackSatang: 0, disputeOpen: false };

export interface OrderLedgerTotals extends LedgerTotals {
  amountSatang: number;
  depositSatang: number;
}

export interface OrderFacts extends OrderLedgerTotals {
  expiresAt: string | null;
  cancelledAt: string | null;
  /** What a cancelled order keeps under its stay terms (decision 158); 0 or absent: nothing. */
  cancellationKeptSatang?: number;
}

/** What the order holds now: paid, less refunded, less charged back. */
export const heldSatang = (o: LedgerTotals): number => o.paidSatang - o.refundedSatang - o.chargedBackSatang;

/** What the order costs: its price, or once cancelled what its terms let the gym keep (usually nothing). */
const priceOf = (o: OrderFacts): number => (o.cancelledAt ? (o.cancellationKeptSatang ?? 0) : o.amountSatang);

/** The state of an order (see ORDER_STATES); the SQL filters follow the same steps in the same order. */
export function orderState(o: OrderFacts, now: Date): OrderState {
  const held = heldSatang(o);
  if (o.disputeOpen) return 'disputed';
  if (o.paidSatang > 0 && held <= 0) return 'refunded';
  if (held > priceOf(o)) return 'overpaid';
  if (o.cancelledAt) return 'cancelled';
  if (held >= o.amountSatang) return 'paid';
  if (o.paidSatang >= o.amountSatang) return 'partly-refunded';
  if (held > 0 && o.depositSatang > 0 && held >= o.depositSatang) return 'deposit-paid';
  if (o.paidSatang <= 0 && o.expiresAt && Date.parse(o.expiresAt) <= now.getTime()) return 'expired';
  return 'awaiting-payment';
}

/** What is still owed, never below zero; refunds do not make money owed again, a cancelled order owes nothing. */
export const owedSatang = (o: OrderFacts): number => (o.cancelledAt ? 0 : Math.max(0, o.amountSatang - o.paidSatang));

/** What the order holds beyond its price (a cancelled order's price is 0), never below zero. */
export const overpaidSatang = (o: OrderFacts): number => Math.max(0, heldSatang(o) - priceOf(o));

/** Whether an order in this state lets its pass be used: paid (also in part refunded, or overpaid) or its deposit paid. */
export const holdsPass = (s: OrderState): boolean => s === 'paid' || s === 'deposit-paid' || s === 'partly-refunded' || s === 'overpaid';

/**
 * Whether an order has a receipt: paid in full, also when part was refunded or more was paid
 * since, and not cancelled (money that reached a cancelled order is owed back, not received for it;
 * decision 150).
 */
export const hasReceipt = (s: OrderState, cancelledAt: string | null): boolean => !cancelledAt && (s === 'paid' || s === 'partly-refunded' || s === 'overpaid');
