// The one writer of the ledger. The desk, staff payments and refunds, the card webhook, the
// reconciliation and disputes all record money through these functions, inside their own
// transaction: the line, the buyer's e-mail about it and the gym's alert commit together. A line
// that carries a provider's id is written once, whichever path tells it first.
import { todayInZone } from '../../shared/gym-time';
import type { PaymentMethod } from '../../shared/ledger';
import type { AppContext } from '../context';
import type { Db } from '../db/database';
import type { OrderPaymentRow } from '../db/schema';
import { addLedgerLine, ledgerTotals } from './ledger.repository';
import { queueAlertMail, queuePaymentReceivedMail, queueRefundMail, thb, type MoneyAlert } from './ledger-notifications';
import { figuresOf } from './order-figures';
import { retakeStayHold } from '../room-nights/room-nights.repository';
import { revokeLettersOfEndedOrder } from './visa-letter-revocation';

export interface LineResult {
  /** The line written; null when one with the same external id was there already. */
  line: OrderPaymentRow | null;
  /** Alerts whose e-mails are queued; push them with pushAlerts once the transaction commits. */
  alerts: MoneyAlert[];
}

interface Movement {
  orderId: number;
  method: PaymentMethod;
  amountSatang: number;
  externalId?: string | null;
  note?: string | null;
  userId?: number | null;
}

async function orderRow(trx: Db, orderId: number) {
  const row = await trx.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
  if (!row) throw new Error(`order ${orderId} not found`);
  return row;
}

const ROOM_WORDS = {
  retaken: 'taken again for the same dates',
  gone: 'no longer free for these dates: offer other dates or refund',
} as const;

const STATE_WORDS: Record<string, string> = {
  paid: 'already paid',
  overpaid: 'already overpaid',
  'partly-refunded': 'paid and partly refunded',
  refunded: 'refunded',
  expired: 'expired',
  cancelled: 'cancelled',
  disputed: 'disputed',
};

/** Money in. Recorded whatever the order's state; staff are alerted when the order was not awaiting it. */
export async function recordPaymentLine(ctx: AppContext, trx: Db, m: Movement): Promise<LineResult> {
  const order = await orderRow(trx, m.orderId);
  const before = figuresOf(order, await ledgerTotals(trx, m.orderId));
  const line = await addLedgerLine(trx, { ...m, kind: 'payment' });
  if (!line) return { line, alerts: [] };
  await queuePaymentReceivedMail(ctx, trx, m.orderId, { amountSatang: m.amountSatang, method: m.method });
  const after = figuresOf(order, await ledgerTotals(trx, m.orderId));
  const alerts: MoneyAlert[] = [];
  if (before.state !== 'awaiting-payment' && before.state !== 'deposit-paid') {
    // A lapsed order revived by its money takes its rooms again if it can (never a cancelled one).
    const rooms = before.state === 'expired' ? await retakeStayHold(trx, order.id, todayInZone(ctx.config.timezone)) : null;
    alerts.push({
      orderId: order.id,
      reference: order.reference,
      title: 'Payment on a closed order',
      text: `A payment of ${thb(m.amountSatang)} (${m.method}) arrived on an order that was ${STATE_WORDS[before.state] ?? before.state}.`,
      facts: [{ label: 'Overpaid now', value: thb(after.overpaidSatang) }, ...(rooms ? [{ label: 'Rooms', value: ROOM_WORDS[rooms] }] : [])],
    });
  } else if (after.overpaidSatang > 0) {
    alerts.push({
      orderId: order.id,
      reference: order.reference,
      title: 'Order overpaid',
      text: `A payment of ${thb(m.amountSatang)} (${m.method}) leaves the order paid ${thb(after.overpaidSatang)} more than its price.`,
    });
  }
  for (const a of alerts) await queueAlertMail(ctx, trx, a);
  return { line, alerts };
}

/** Money paid back; the buyer's e-mail states the amount of this line. */
export async function recordRefundLine(ctx: AppContext, trx: Db, m: Movement): Promise<LineResult> {
  const line = await addLedgerLine(trx, { ...m, kind: 'refund' });
  if (line) await queueRefundMail(ctx, trx, m.orderId, { amountSatang: m.amountSatang, method: m.method });
  if (line) await revokeIfRefunded(trx, m.orderId);
  return { line, alerts: [] };
}

/** A refund the provider reports as failed after it was recorded: its money comes back on the order, and staff are told. */
export async function reverseRefundLine(ctx: AppContext, trx: Db, refund: OrderPaymentRow, reason: string | null): Promise<LineResult> {
  const line = await addLedgerLine(trx, {
    orderId: refund.order_id,
    kind: 'refund-reversal',
    method: refund.method,
    amountSatang: refund.amount_satang,
    externalId: `${refund.external_id ?? `line-${refund.id}`}:failed`,
    note: reason ? `refund failed: ${reason}` : 'refund failed',
  });
  if (!line) return { line, alerts: [] };
  const order = await orderRow(trx, refund.order_id);
  const alert: MoneyAlert = {
    orderId: order.id,
    reference: order.reference,
    title: 'Refund failed',
    text: `A card refund of ${thb(refund.amount_satang)} failed at the card provider${reason ? ` (${reason})` : ''}: the money is back on the order. Refund it another way.`,
  };
  await queueAlertMail(ctx, trx, alert);
  return { line, alerts: [alert] };
}

/** A programme refunded in full (or charged back) keeps no visa letter standing (issue 35). */
async function revokeIfRefunded(trx: Db, orderId: number): Promise<void> {
  const order = await orderRow(trx, orderId);
  if (order.pass_kind !== 'programme') return;
  // Nothing held any more (a dispute still open or not): the enrolment is not paid.
  const t = await ledgerTotals(trx, orderId);
  if (t.paidSatang > 0 && t.paidSatang - t.refundedSatang - t.chargedBackSatang <= 0) await revokeLettersOfEndedOrder(trx, orderId, 'order refunded');
}

/** A dispute's money taken back by the bank (chargeback) or given again (chargeback-reversal). */
export async function recordDisputeLine(
  trx: Db,
  m: { orderId: number; kind: 'chargeback' | 'chargeback-reversal'; amountSatang: number; externalId: string; note: string },
): Promise<OrderPaymentRow | null> {
  const line = await addLedgerLine(trx, { ...m, method: 'card' });
  if (line && m.kind === 'chargeback') await revokeIfRefunded(trx, m.orderId);
  return line;
}
