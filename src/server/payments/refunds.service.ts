// Refunds (POST /api/orders/{id}/refunds, admins; docs/decisions/127-refunds-recorded-before-the-provider-is-called.md).
// A refund is a row first: checked against the ledger under the order's lock, with what pending
// refunds already hold, in one short transaction. Card money then goes back through the provider
// outside any transaction, with the row's id in the idempotency key, so a retry (the same
// Idempotency-Key header, a timeout, the reconciliation) refunds once. Its outcome is recorded
// last: the ledger line (by the provider's refund id, so the webhook telling it too adds nothing)
// and the buyer's e-mail with the amount actually refunded.
import { createHash } from 'node:crypto';
import type { PaymentMethod } from '../../shared/ledger';
import type { OrderRefundPayload } from '../../shared/schemas/orders';
import type { AppContext } from '../context';
import { nowIso, type Db } from '../db/database';
import type { OrderPaymentRow, RefundRequestRow } from '../db/schema';
import { HttpError, conflict, notFound } from '../errors';
import { ledgerLines, ledgerTotals, lockOrder } from '../ledger/ledger.repository';
import { pushAlerts, queueAlertMail, thb, type MoneyAlert } from '../ledger/ledger-notifications';
import { recordRefundLine } from '../ledger/ledger.service';
import { heldSatang } from '../../shared/ledger';
import { MONEY_REFUSALS } from '../ledger/money-refusals';

/** A piece of a card refund: which payment it draws on, how much, and the provider's answer. */
interface RefundPiece {
  paymentId: string;
  amountSatang: number;
  refundId?: string;
}

const sha = (text: string) => createHash('sha256').update(text).digest('hex');

/** The card payments a refund of `amount` draws on, oldest first, after what was refunded already. */
function cardPieces(lines: OrderPaymentRow[], amount: number): RefundPiece[] {
  const ofPayment = new Map<string, number>();
  for (const l of lines) if (l.kind === 'payment' && l.method === 'card' && l.external_id) ofPayment.set(l.external_id, l.amount_satang);
  let refunded = lines.filter((l) => l.method === 'card' && l.kind === 'refund').reduce((s, l) => s + l.amount_satang, 0);
  refunded -= lines.filter((l) => l.method === 'card' && l.kind === 'refund-reversal').reduce((s, l) => s + l.amount_satang, 0);
  let left = amount;
  const pieces: RefundPiece[] = [];
  for (const [paymentId, paid] of ofPayment) {
    const already = Math.min(Math.max(0, refunded), paid);
    refunded -= already;
    const take = Math.min(left, paid - already);
    if (take > 0) pieces.push({ paymentId, amountSatang: take });
    left -= take;
  }
  return left > 0 ? [] : pieces;
}

/** What the pending refunds of the order hold, by method: checked against, never refunded twice. */
async function pendingByMethod(trx: Db, orderId: number): Promise<Map<PaymentMethod, number>> {
  const rows = await trx
    .selectFrom('refund_requests')
    .select(['method', 'amount_satang'])
    .where('order_id', '=', orderId)
    .where('status', '=', 'pending')
    .execute();
  const by = new Map<PaymentMethod, number>();
  for (const r of rows) by.set(r.method, (by.get(r.method) ?? 0) + r.amount_satang);
  return by;
}

/** Admins refund; the answer is the order (the route presents it). */
export async function requestRefund(ctx: AppContext, orderId: number, input: OrderRefundPayload, userId: number, idempotencyKey?: string): Promise<void> {
  const keyHash = idempotencyKey ? sha(`refund:${idempotencyKey}`) : null;
  const requestHash = sha(JSON.stringify([input.amountSatang, input.method ?? null, input.note ?? null]));
  let request: RefundRequestRow;
  try {
    request = await ctx.db.transaction().execute(async (trx) => {
      if (!(await lockOrder(trx, orderId, ctx.dialect))) throw notFound(MONEY_REFUSALS.orderNotFound);
      if (keyHash) {
        const same = await trx.selectFrom('refund_requests').selectAll().where('order_id', '=', orderId).where('key_hash', '=', keyHash).executeTakeFirst();
        if (same) {
          if (same.request_hash !== requestHash) throw new HttpError(422, MONEY_REFUSALS.keyReused, 'idempotency_key_reused');
          return same;
        }
      }
      const lines = await ledgerLines(trx, orderId);
      const totals = await ledgerTotals(trx, orderId);
      const method = input.method ?? lines.filter((l) => l.kind === 'payment').at(-1)?.method;
      const net = (m: PaymentMethod) =>
        lines
          .filter((l) => l.method === m)
          .reduce((s, l) => s + (l.kind === 'payment' || l.kind === 'refund-reversal' || l.kind === 'chargeback-reversal' ? 1 : -1) * l.amount_satang, 0);
      const pending = await pendingByMethod(trx, orderId);
      const pendingAll = [...pending.values()].reduce((a, b) => a + b, 0);
      const refundable = method ? Math.min(heldSatang(totals) - pendingAll, net(method) - (pending.get(method) ?? 0)) : 0;
      if (!method || input.amountSatang > refundable) throw conflict(MONEY_REFUSALS.refundExceedsPaid, 'refund_exceeds_paid');
      let pieces: RefundPiece[] | null = null;
      if (method === 'card') {
        if (!ctx.cardGateway) throw conflict(MONEY_REFUSALS.cardRefundUnavailable, 'card_unavailable');
        pieces = cardPieces(lines, input.amountSatang);
        if (pieces.length === 0) throw conflict(MONEY_REFUSALS.refundExceedsPaid, 'refund_exceeds_paid');
      }
      const at = nowIso();
      const row = await trx
        .insertInto('refund_requests')
        .values({
          order_id: orderId,
          key_hash: keyHash,
          request_hash: requestHash,
          method,
          amount_satang: input.amountSatang,
          note: input.note ?? null,
          status: 'pending',
          pieces: pieces ? JSON.stringify(pieces) : null,
          error: null,
          user_id: userId,
          created_at: at,
          updated_at: at,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      // Money that is not the provider's goes back by hand: recorded at once, in this transaction.
      if (method !== 'card') {
        await recordRefundLine(ctx, trx, { orderId, method, amountSatang: input.amountSatang, note: input.note ?? null, userId });
        await trx.updateTable('refund_requests').set({ status: 'succeeded', updated_at: at }).where('id', '=', row.id).execute();
        return { ...row, status: 'succeeded' as const };
      }
      return row;
    });
  } catch (err) {
    // Two first requests with one key (PostgreSQL): the loser's insert failed; the winner's row is the one.
    if (!keyHash || err instanceof HttpError) throw err;
    const same = await ctx.db.selectFrom('refund_requests').selectAll().where('order_id', '=', orderId).where('key_hash', '=', keyHash).executeTakeFirst();
    if (!same) throw err;
    if (same.request_hash !== requestHash) throw new HttpError(422, MONEY_REFUSALS.keyReused, 'idempotency_key_reused');
    request = same;
  }
  ctx.mail.kick();
  if (request.status === 'pending') await settleRefund(ctx, request);
  const after = await ctx.db.selectFrom('refund_requests').select(['status', 'error']).where('id', '=', request.id).executeTakeFirstOrThrow();
  if (after.status === 'failed') throw conflict(`${MONEY_REFUSALS.cardRefundFailed}${after.error ? ` (${after.error})` : ''}`, 'refund_failed');
  if (after.status === 'pending') throw new HttpError(503, MONEY_REFUSALS.cardRefundPending, 'refund_pending');
}

/**
 * Asks the provider for a pending card refund's pieces (again: the same keys give the same
 * refunds) and records what it answered. A timeout leaves the request pending for a retry; a
 * refusal fails it, and staff are told.
 */
export async function settleRefund(ctx: AppContext, request: RefundRequestRow): Promise<void> {
  const gateway = ctx.cardGateway;
  if (!gateway || request.method !== 'card') return;
  const pieces = JSON.parse(request.pieces ?? '[]') as RefundPiece[];
  // The order's reference keeps keys apart across databases sharing one Stripe account (a restore, a staging copy).
  const order = await ctx.db.selectFrom('orders').select('reference').where('id', '=', request.order_id).executeTakeFirstOrThrow();
  let failure: string | null = null;
  for (const [i, piece] of pieces.entries()) {
    if (piece.refundId) continue;
    try {
      const r = await gateway.refund({
        orderId: request.order_id,
        paymentId: piece.paymentId,
        amountSatang: piece.amountSatang,
        idempotencyKey: `refund-${order.reference}-${request.id}-${i}`,
      });
      if (r.status === 'failed' || r.status === 'canceled') failure = r.failureReason ?? r.status;
      else piece.refundId = r.refundId;
    } catch (err) {
      const status = (err as { statusCode?: number }).statusCode;
      // The provider refused (4xx): nothing was refunded. Anything else may have been: ask again later.
      if (status !== undefined && status >= 400 && status < 500 && status !== 409 && status !== 429) failure = (err as Error).message.slice(0, 300);
      else ctx.log.error({ err, orderId: request.order_id, refundRequest: request.id }, 'card refund not answered; it stays pending');
    }
    if (failure) break;
  }
  let alerts: MoneyAlert[] = [];
  await ctx.db.transaction().execute(async (trx) => {
    await lockOrder(trx, request.order_id, ctx.dialect);
    const current = await trx.selectFrom('refund_requests').select('status').where('id', '=', request.id).executeTakeFirst();
    if (current?.status !== 'pending') return;
    for (const piece of pieces) {
      if (!piece.refundId) continue;
      await recordRefundLine(ctx, trx, {
        orderId: request.order_id,
        method: 'card',
        amountSatang: piece.amountSatang,
        externalId: piece.refundId,
        note: request.note,
        userId: request.user_id,
      });
    }
    const done = pieces.every((p) => p.refundId);
    const status = done ? 'succeeded' : failure ? 'failed' : 'pending';
    await trx
      .updateTable('refund_requests')
      .set({ status, pieces: JSON.stringify(pieces), error: failure, updated_at: nowIso() })
      .where('id', '=', request.id)
      .execute();
    if (status === 'failed') {
      const order = await trx.selectFrom('orders').select(['id', 'reference']).where('id', '=', request.order_id).executeTakeFirstOrThrow();
      const alert: MoneyAlert = {
        orderId: order.id,
        reference: order.reference,
        title: 'Refund failed',
        text: `A card refund of ${thb(request.amount_satang)} was refused by the card provider (${failure}).`,
      };
      await queueAlertMail(ctx, trx, alert);
      alerts = [alert];
    }
  });
  pushAlerts(ctx, alerts);
  ctx.mail.kick();
}

/** Card refunds left pending (a timeout, a crash): asked again with their own keys. */
export async function settlePendingRefunds(ctx: AppContext, olderThanMs = 60_000): Promise<number> {
  const cutoff = new Date(Date.now() - olderThanMs).toISOString();
  const rows = await ctx.db
    .selectFrom('refund_requests')
    .selectAll()
    .where('status', '=', 'pending')
    .where('method', '=', 'card')
    .where('updated_at', '<', cutoff)
    .limit(100)
    .execute();
  for (const row of rows) await settleRefund(ctx, row);
  return rows.length;
}
