import type { LedgerLineDto, OrderDto, StaffOrderDto } from '../../shared/api-types/payments';
import { hasReceipt } from '../../shared/ledger';
import type { OrderPayload } from '../../shared/schemas/orders';
import type { OrderPaymentRow, OrderRow } from '../db/schema';
import { decoyId, type HoneypotDecoy } from '../http/honeypot';
import { totalsOf } from '../ledger/ledger.repository';
import { figuresOf } from '../ledger/order-figures';
import { takesSlip, type OrderView } from './order-page.service';
import type { StaffOrderView } from './order-payments.service';
import type { ListedOrder } from './orders.repository';

/** A programme order's copy of its plan (migration 032); null for a pass. */
export const programmeOf = (row: Pick<OrderRow, 'programme_months' | 'programme_sessions_per_week' | 'programme_hours_per_week'>) =>
  row.programme_months != null && row.programme_sessions_per_week != null && row.programme_hours_per_week != null
    ? { months: row.programme_months, sessionsPerWeek: row.programme_sessions_per_week, hoursPerWeek: row.programme_hours_per_week }
    : null;

/** What the buyer sees of an order (the token only in the answer to the request that made it). */
export function presentOrder(v: OrderView): OrderDto {
  const { row, figures: f } = v;
  return {
    id: row.id,
    reference: row.reference,
    ...(v.token ? { token: v.token } : {}),
    status: f.state,
    passId: row.pass_id,
    passName: row.pass_name,
    kind: row.pass_kind,
    covers: row.pass_covers,
    programme: programmeOf(row),
    startDate: row.start_date,
    endDate: row.end_date,
    method: row.method,
    amountSatang: row.amount_satang,
    depositSatang: row.deposit_satang,
    paidSatang: f.paidSatang,
    refundedSatang: f.refundedSatang,
    owedSatang: f.owedSatang,
    overpaidSatang: f.overpaidSatang,
    slipAccepted: v.slipAccepted,
    creditsLeft: v.creditsLeft,
    expiresAt: row.expires_at,
    ...(v.promptpay ? { promptpay: v.promptpay } : {}),
    ...(v.checkoutUrl ? { checkoutUrl: v.checkoutUrl } : {}),
    receipt: hasReceipt(f.state, row.cancelled_at),
    ...(v.attended !== undefined ? { attendance: { attended: v.attended, sessionsPerWeek: row.programme_sessions_per_week } } : {}),
    ...(v.pickup ? { pickup: v.pickup } : {}),
    ...(v.lines ? { lines: v.lines } : {}),
    ...(v.discount ? { discount: v.discount } : {}),
    createdAt: row.created_at,
  };
}

export const presentLedgerLine = (l: OrderPaymentRow): LedgerLineDto => ({
  id: l.id,
  kind: l.kind,
  method: l.method,
  amountSatang: l.amount_satang,
  note: l.note,
  createdAt: l.created_at,
});

const slipUrl = (row: { id: number; slip_key: string | null }) => (row.slip_key ? `/api/orders/${row.id}/slip` : null);

export const presentStaffOrder = (v: StaffOrderView): StaffOrderDto => ({
  ...presentOrder({ ...v, token: undefined }),
  customerId: v.customer.id,
  customerName: v.customer.name,
  customerEmail: v.customer.email,
  customerPhone: v.customer.phone,
  ledger: v.ledger.map(presentLedgerLine),
  slipUrl: slipUrl(v.row),
  cancelledAt: v.row.cancelled_at,
  chargedBackSatang: v.figures.chargedBackSatang,
  dispute: v.dispute
    ? {
        id: v.dispute.dispute_id,
        status: v.dispute.status,
        reason: v.dispute.reason,
        amountSatang: v.dispute.amount_satang,
        evidenceDueBy: v.dispute.evidence_due_by,
      }
    : null,
  refundFailure: v.refundFailed ? { amountSatang: v.refundFailed.amount_satang, error: v.refundFailed.error, at: v.refundFailed.updated_at } : null,
});

/** A row of the back office's list (no ledger lines, no credits count: the sums only). */
export function presentListedOrder(r: ListedOrder): Omit<StaffOrderDto, 'ledger' | 'dispute' | 'refundFailure'> {
  const f = figuresOf(r, totalsOf(r));
  return {
    ...presentOrder({ row: r, figures: f, creditsLeft: r.credits, slipAccepted: takesSlip(r, f) }),
    chargedBackSatang: f.chargedBackSatang,
    customerId: r.customer_id,
    customerName: r.customer_name,
    customerEmail: r.customer_email,
    customerPhone: r.customer_phone,
    slipUrl: slipUrl(r),
    cancelledAt: r.cancelled_at,
  };
}

/** A bot that filled the honeypot gets an order-shaped answer; nothing is stored. */
export const orderDecoy: HoneypotDecoy = {
  status: 201,
  answer: (body: OrderPayload): OrderDto => {
    const now = new Date().toISOString();
    return {
      id: decoyId(),
      reference: 'GYM-' + Math.random().toString(36).slice(2, 8).toUpperCase(),
      token: Buffer.from(String(Math.random())).toString('base64url'),
      status: 'awaiting-payment',
      passId: body.passId ?? '',
      passName: body.passId ?? body.stay?.checkIn ?? '',
      kind: 'single',
      covers: body.passId?.endsWith('.mma') ? 'mma' : 'muay-thai',
      programme: null,
      startDate: body.startDate ?? body.stay?.checkIn ?? body.pickup?.arrivesAt.slice(0, 10) ?? now.slice(0, 10),
      endDate: body.startDate ?? body.stay?.checkOut ?? body.pickup?.arrivesAt.slice(0, 10) ?? now.slice(0, 10),
      method: body.method,
      amountSatang: 0,
      depositSatang: 0,
      paidSatang: 0,
      refundedSatang: 0,
      owedSatang: 0,
      overpaidSatang: 0,
      slipAccepted: true,
      creditsLeft: 1,
      receipt: false,
      expiresAt: null,
      createdAt: now,
    };
  },
};
