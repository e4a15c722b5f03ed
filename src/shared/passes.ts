// Passes and payments: the values both the server and the browser rely on (issue 21, DESIGN.md §6).
// A pass is one cell of the owner's price table: a row (what it is: kind and days) times a
// column (which classes it covers). Amounts are integers in satang (1 THB = 100 satang).

/** Which classes a pass covers: the price table's columns (SPEC.md §9). */
export const PASS_COVERS = ['muay-thai', 'mma'] as const;
export type PassCovers = (typeof PASS_COVERS)[number];

/**
 * What a pass gives: one session; a day of unlimited classes; N days with one session a day;
 * N days unlimited; one private class.
 */
export const PASS_KINDS = ['single', 'day', 'days-single', 'days-unlimited', 'private'] as const;
export type PassKind = (typeof PASS_KINDS)[number];

/** How a buyer pays online or at the desk (an order's method). */
export const ORDER_METHODS = ['promptpay', 'card', 'desk'] as const;
export type OrderMethod = (typeof ORDER_METHODS)[number];

/** How money actually moved (a ledger line's method): what staff record or the card webhook. */
export const PAYMENT_METHODS = ['promptpay', 'card', 'cash', 'terminal', 'transfer'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** A ledger line: money in, or money paid back. */
export const LEDGER_KINDS = ['payment', 'refund'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/**
 * An order's state, derived from its ledger and its dates, never stored beside them:
 * awaiting-payment (nothing paid, hold running), deposit-paid (the deposit or more, less than the
 * whole), paid, refunded (everything paid was paid back), expired (nothing paid, hold over),
 * cancelled (by staff, nothing left paid).
 */
export const ORDER_STATES = ['awaiting-payment', 'deposit-paid', 'paid', 'refunded', 'expired', 'cancelled'] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/** Sessions a pass gives in all: a number, or null when unlimited within its days. */
export function passCredits(kind: PassKind, days: number): number | null {
  if (kind === 'single' || kind === 'private') return 1;
  if (kind === 'days-single') return days;
  return null;
}

/** Sessions a day: 1, or null for unlimited (one seat per session time). */
export function passSessionsPerDay(kind: PassKind): 1 | null {
  return kind === 'day' || kind === 'days-unlimited' ? null : 1;
}

export interface OrderLedgerTotals {
  amountSatang: number;
  depositSatang: number;
  paidSatang: number;
  refundedSatang: number;
}

/**
 * The state of an order from its amounts and dates (see ORDER_STATES). A refund pays money back
 * without making it owed again: a partial refund of a paid order (a goodwill gesture) leaves it
 * paid; refunding everything that was paid makes it refunded.
 */
export function orderState(o: OrderLedgerTotals & { expiresAt: string | null; cancelledAt: string | null }, now: Date): OrderState {
  if (o.paidSatang > 0 && o.refundedSatang >= o.paidSatang) return 'refunded';
  if (o.cancelledAt) return 'cancelled';
  if (o.paidSatang >= o.amountSatang) return 'paid';
  if (o.paidSatang > 0 && o.depositSatang > 0 && o.paidSatang >= o.depositSatang) return 'deposit-paid';
  if (o.paidSatang <= 0 && o.expiresAt && Date.parse(o.expiresAt) <= now.getTime()) return 'expired';
  return 'awaiting-payment';
}

/** What is still owed on an order, never below zero; refunds do not make money owed again. */
export const owedSatang = (o: OrderLedgerTotals): number => Math.max(0, o.amountSatang - o.paidSatang);

/**
 * Which pass column a class belongs to, by its name (the timetable has no such field, and none is
 * added): "Muay Thai …" is Muay Thai; Brazilian Jiu Jitsu / BJJ, Wrestling, Luta Livre, MMA and
 * grappling are the MMA column; a class by appointment is 'private' (only a private pass pays it).
 * Any other class is covered by no pass (null): the owner names classes, and a pass must not
 * pay for a class nobody priced.
 */
export function classCover(course: string, byAppointment: boolean): PassCovers | 'private' | null {
  if (byAppointment) return 'private';
  const name = course.trim().toLowerCase();
  if (name.startsWith('muay thai')) return 'muay-thai';
  if (/\b(mma|bjj|jiu[ -]?jitsu|wrestling|luta livre|grappling)\b/.test(name)) return 'mma';
  return null;
}
