// Staff and money: the back office's list and view of orders, payments recorded at the desk,
// refunds (admins) and cancellation. Each change is checked against the ledger with the order's
// row locked, so parallel requests are taken one after the other and never overpay or
// over-refund; the audit hook records who did it and when (route access 'user' / 'admin').
import { createHash } from 'node:crypto';
import { addDays, zonedToInstant } from '../../shared/gym-time';
import { pageOf } from '../../shared/schemas/lists';
import type { OrderListQuery, OrderPaymentPayload, OrderRefundPayload } from '../../shared/schemas/orders';
import type { PaymentMethod } from '../../shared/passes';
import type { AppContext } from '../context';
import { nowIso, type Db } from '../db/database';
import type { OrderPaymentRow, OrderRow } from '../db/schema';
import { conflict, HttpError, notFound } from '../errors';
import { addLedgerLine, ledgerLines, ledgerTotals, lockOrder } from './order-ledger.repository';
import { figuresOf, type OrderFigures } from './order-facts';
import { queuePaymentReceivedMail, queueRefundMail } from './order-notifications';
import { ORDER_CLOSED, ORDER_EXPIRED, ORDER_NOT_FOUND, slipStorage, viewOf, type OrderView } from './order-page.service';
import * as repo from './orders.repository';

export const PAYMENT_EXCEEDS_OWED = 'Le paiement dépasse ce qui reste dû sur cette commande';
export const REFUND_EXCEEDS_PAID = 'Le remboursement dépasse ce qui a été payé (et pas encore remboursé)';
export const ORDER_HAS_PAYMENTS = 'Cette commande a des paiements : remboursez-les avant de l’annuler';

/** The back office's order: the view, its buyer and its ledger. */
export interface StaffOrderView extends OrderView {
  customer: { id: number; name: string; email: string | null; phone: string | null };
  ledger: OrderPaymentRow[];
}

export async function staffOrder(ctx: AppContext, id: number, db: Db = ctx.db): Promise<StaffOrderView> {
  const row = await repo.findOrder(db, id);
  if (!row) throw notFound(ORDER_NOT_FOUND);
  const customer = await repo.findCustomerRow(db, row.customer_id);
  if (!customer) throw notFound(ORDER_NOT_FOUND);
  return {
    ...(await viewOf(ctx, row)),
    customer: { id: customer.id, name: customer.name, email: customer.email, phone: customer.phone },
    ledger: await ledgerLines(db, id),
  };
}

/** GET /api/orders: a page of orders, newest first. Dates are the gym days the orders were made. */
export async function listOrders(ctx: AppContext, q: OrderListQuery) {
  const tz = ctx.config.timezone;
  const { page, pageSize, offset } = pageOf(q);
  const { rows, total } = await repo.listOrders(
    ctx.db,
    {
      text: q.q || undefined,
      method: q.method,
      state: q.status,
      from: q.from ? zonedToInstant(q.from, '00:00', tz).toISOString() : undefined,
      to: q.to ? zonedToInstant(addDays(q.to, 1), '00:00', tz).toISOString() : undefined,
      now: nowIso(),
    },
    pageSize,
    offset,
  );
  return { rows, total, page, pageSize };
}

/** Locks the order and reads it with its ledger's sums (inside the caller's transaction). */
async function lockedFigures(ctx: AppContext, trx: Db, id: number): Promise<{ row: OrderRow; f: OrderFigures }> {
  if (!(await lockOrder(trx, id, ctx.dialect))) throw notFound(ORDER_NOT_FOUND);
  const row = await repo.findOrder(trx, id);
  if (!row) throw notFound(ORDER_NOT_FOUND);
  return { row, f: figuresOf(row, await ledgerTotals(trx, id)) };
}

/** POST /api/orders/{id}/payments: money received (never more than what is owed). */
export async function recordPayment(ctx: AppContext, id: number, input: OrderPaymentPayload, userId: number): Promise<StaffOrderView> {
  await ctx.db.transaction().execute(async (trx) => {
    const { f } = await lockedFigures(ctx, trx, id);
    if (f.state === 'expired') throw conflict(ORDER_EXPIRED, 'order_expired');
    if (f.state === 'cancelled' || f.state === 'refunded') throw conflict(ORDER_CLOSED, 'order_closed');
    if (input.amountSatang > f.owedSatang) throw conflict(PAYMENT_EXCEEDS_OWED, 'payment_exceeds_owed');
    await addLedgerLine(trx, { orderId: id, kind: 'payment', method: input.method, amountSatang: input.amountSatang, note: input.note ?? null, userId });
    await queuePaymentReceivedMail(ctx, trx, id);
  });
  ctx.mail.kick();
  return staffOrder(ctx, id);
}

/**
 * The card payments a refund of `amount` draws on, oldest first, after the card refunds
 * already made (taken from the oldest payments first, as this function took them).
 */
function cardPieces(lines: OrderPaymentRow[], amount: number): { payment: OrderPaymentRow; amount: number }[] {
  let refunded = lines.filter((l) => l.kind === 'refund' && l.method === 'card').reduce((s, l) => s + l.amount_satang, 0);
  let left = amount;
  const pieces: { payment: OrderPaymentRow; amount: number }[] = [];
  for (const payment of lines.filter((l) => l.kind === 'payment' && l.method === 'card')) {
    const already = Math.min(refunded, payment.amount_satang);
    refunded -= already;
    const take = Math.min(left, payment.amount_satang - already);
    if (take > 0 && payment.external_id) pieces.push({ payment, amount: take });
    left -= take;
  }
  return left > 0 ? [] : pieces;
}

const digest = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 40);

/**
 * POST /api/orders/{id}/refunds (admins): never more than paid minus refunded, of the method
 * refunded. Card money goes back through the provider with an idempotency key from the
 * client's Idempotency-Key (else from the request and the ledger it was checked against), and
 * the refund id is the line's external id: a retry or a parallel twin records it once.
 */
export async function recordRefund(ctx: AppContext, id: number, input: OrderRefundPayload, userId: number, idempotencyKey?: string): Promise<StaffOrderView> {
  const marker = idempotencyKey ? `refund-request:${id}:${digest(idempotencyKey)}` : null;
  let refundedMethod: PaymentMethod | null = null;
  await ctx.db.transaction().execute(async (trx) => {
    const { f } = await lockedFigures(ctx, trx, id);
    const lines = await ledgerLines(trx, id);
    // The same Idempotency-Key again: already done, answer the order as it is.
    if (
      marker &&
      (await trx.selectFrom('payment_events').select('event_id').where('provider', '=', 'refund-request').where('event_id', '=', marker).executeTakeFirst())
    )
      return;
    const method = input.method ?? lines.filter((l) => l.kind === 'payment').at(-1)?.method;
    const ofMethod = (kind: 'payment' | 'refund') => lines.filter((l) => l.kind === kind && l.method === method).reduce((s, l) => s + l.amount_satang, 0);
    const refundable = method ? Math.min(f.paidSatang - f.refundedSatang, ofMethod('payment') - ofMethod('refund')) : 0;
    if (!method || input.amountSatang > refundable) throw conflict(REFUND_EXCEEDS_PAID, 'refund_exceeds_paid');
    if (marker) await trx.insertInto('payment_events').values({ provider: 'refund-request', event_id: marker, order_id: id, received_at: nowIso() }).execute();
    if (method === 'card') {
      const gateway = ctx.cardGateway;
      const pieces = cardPieces(lines, input.amountSatang);
      if (!gateway || pieces.length === 0) throw conflict('Le remboursement par carte est indisponible', 'card_unavailable');
      const base = marker ?? `refund:${id}:${lines.length}:${input.amountSatang}`;
      for (const piece of pieces) {
        const { refundId } = await gateway.refund({
          orderId: id,
          paymentExternalId: piece.payment.external_id!,
          amountSatang: piece.amount,
          idempotencyKey: `${base}:${piece.payment.id}`,
        });
        await addLedgerLine(trx, {
          orderId: id,
          kind: 'refund',
          method: 'card',
          amountSatang: piece.amount,
          externalId: refundId,
          note: input.note ?? null,
          userId,
        });
      }
    } else {
      await addLedgerLine(trx, { orderId: id, kind: 'refund', method, amountSatang: input.amountSatang, note: input.note ?? null, userId });
    }
    await queueRefundMail(ctx, trx, id, { amountSatang: input.amountSatang, method });
    refundedMethod = method;
  });
  if (refundedMethod) ctx.mail.kick();
  return staffOrder(ctx, id);
}

/** POST /api/orders/{id}/cancel: only while nothing is paid (net); a cancelled order takes no money. */
export async function cancelOrder(ctx: AppContext, id: number): Promise<StaffOrderView> {
  await ctx.db.transaction().execute(async (trx) => {
    const { row, f } = await lockedFigures(ctx, trx, id);
    if (f.paidSatang - f.refundedSatang > 0) throw conflict(ORDER_HAS_PAYMENTS, 'order_has_payments');
    if (!row.cancelled_at) await repo.setOrderFields(trx, id, { cancelled_at: nowIso() });
  });
  return staffOrder(ctx, id);
}

/** GET /api/orders/{id}/slip: the transfer slip's image (WebP), or 404. */
export async function slipFile(ctx: AppContext, id: number): Promise<Buffer> {
  const row = await repo.findOrder(ctx.db, id);
  if (!row?.slip_key) throw notFound('Aucun justificatif pour cette commande');
  try {
    return await slipStorage(ctx).read(row.slip_key);
  } catch (err) {
    // The storage failing (S3 unreachable: 503) is not a missing slip.
    if (err instanceof HttpError) throw err;
    throw notFound('Aucun justificatif pour cette commande');
  }
}
