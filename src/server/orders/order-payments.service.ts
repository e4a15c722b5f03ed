// Staff and money: the back office's list and view of orders, payments recorded at the desk,
// refunds (admins, payments/refunds.service.ts) and cancellation. Each change is checked against
// the ledger with the order's row locked, so parallel requests are taken one after the other and
// never overpay or over-refund; the audit hook records who did it and when.
import { addDays, zonedToInstant } from '../../shared/gym-time';
import { pageOf } from '../../shared/schemas/lists';
import type { OrderListQuery, OrderPaymentPayload, OrderRefundPayload } from '../../shared/schemas/orders';
import type { AppContext } from '../context';
import { nowIso, type Db } from '../db/database';
import type { DisputeRow, OrderPaymentRow, OrderRow, RefundRequestRow } from '../db/schema';
import { conflict, HttpError, notFound } from '../errors';
import { ledgerLines, ledgerTotals, lockOrder } from '../ledger/ledger.repository';
import { pushAlerts } from '../ledger/ledger-notifications';
import { recordPaymentLine } from '../ledger/ledger.service';
import { MONEY_REFUSALS } from '../ledger/money-refusals';
import { figuresOf, type OrderFigures } from '../ledger/order-figures';
import { closeLiveCheckout } from '../payments/checkouts.service';
import { requestRefund } from '../payments/refunds.service';
import { slipStorage, viewOf, type OrderView } from './order-page.service';
import * as repo from './orders.repository';
import { revokeLettersOfEndedOrder } from '../ledger/visa-letter-revocation';
import { releaseStayHold } from '../room-nights/room-nights.repository';
import { returnUse } from '../discount-codes/discount-codes.repository';

/** The back office's order: the view, its buyer, its ledger, its dispute and its last failed refund. */
export interface StaffOrderView extends OrderView {
  customer: { id: number; name: string; email: string | null; phone: string | null };
  ledger: OrderPaymentRow[];
  dispute: DisputeRow | null;
  refundFailed: RefundRequestRow | null;
}

export async function staffOrder(ctx: AppContext, id: number, db: Db = ctx.db): Promise<StaffOrderView> {
  const row = await repo.findOrder(db, id);
  if (!row) throw notFound(MONEY_REFUSALS.orderNotFound);
  const customer = await repo.findCustomerRow(db, row.customer_id);
  if (!customer) throw notFound(MONEY_REFUSALS.orderNotFound);
  return {
    ...(await viewOf(ctx, row)),
    customer: { id: customer.id, name: customer.name, email: customer.email, phone: customer.phone },
    ledger: await ledgerLines(db, id),
    dispute: (await repo.latestDispute(db, id)) ?? null,
    refundFailed: (await repo.unresolvedRefundFailure(db, id)) ?? null,
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
      attention: q.attention,
      from: q.from ? zonedToInstant(q.from, '00:00', tz).toISOString() : undefined,
      to: q.to ? zonedToInstant(addDays(q.to, 1), '00:00', tz).toISOString() : undefined,
      now: nowIso(),
    },
    pageSize,
    offset,
  );
  return { rows, total, page, pageSize };
}

/** Locks the order and reads it with its ledger's totals (inside the caller's transaction). */
async function lockedFigures(ctx: AppContext, trx: Db, id: number): Promise<{ row: OrderRow; f: OrderFigures }> {
  if (!(await lockOrder(trx, id, ctx.dialect))) throw notFound(MONEY_REFUSALS.orderNotFound);
  const row = await repo.findOrder(trx, id);
  if (!row) throw notFound(MONEY_REFUSALS.orderNotFound);
  return { row, f: figuresOf(row, await ledgerTotals(trx, id)) };
}

/**
 * POST /api/orders/{id}/payments: money received by hand (never more than what is owed). A late
 * transfer on an expired order is welcome: its state follows the ledger. Card money comes only
 * from the provider (400). A payment that covers what is owed closes the open card checkout.
 */
export async function recordPayment(ctx: AppContext, id: number, input: OrderPaymentPayload, userId: number): Promise<StaffOrderView> {
  if (input.method === 'card') throw new HttpError(400, MONEY_REFUSALS.cardFromStripeOnly, 'card_payment_from_stripe_only');
  const { alerts, owedAfter } = await ctx.db.transaction().execute(async (trx) => {
    const { f } = await lockedFigures(ctx, trx, id);
    if (f.state === 'cancelled' || f.state === 'refunded' || f.state === 'disputed') throw conflict(MONEY_REFUSALS.orderClosed, 'order_closed');
    if (input.amountSatang > f.owedSatang) throw conflict(MONEY_REFUSALS.paymentExceedsOwed, 'payment_exceeds_owed');
    const result = await recordPaymentLine(ctx, trx, { orderId: id, method: input.method, amountSatang: input.amountSatang, note: input.note ?? null, userId });
    return { alerts: result.alerts, owedAfter: f.owedSatang - input.amountSatang };
  });
  pushAlerts(ctx, alerts);
  ctx.mail.kick();
  if (owedAfter <= 0) await closeLiveCheckout(ctx, id, 'paid at the desk');
  return staffOrder(ctx, id);
}

/** POST /api/orders/{id}/refunds (admins): see payments/refunds.service.ts. */
export async function recordRefund(ctx: AppContext, id: number, input: OrderRefundPayload, userId: number, idempotencyKey?: string): Promise<StaffOrderView> {
  await requestRefund(ctx, id, input, userId, idempotencyKey);
  return staffOrder(ctx, id);
}

/** POST /api/orders/{id}/cancel: only while nothing is held; a cancelled order's open card checkout is closed. */
export async function cancelOrder(ctx: AppContext, id: number): Promise<StaffOrderView> {
  await ctx.db.transaction().execute(async (trx) => {
    const { row, f } = await lockedFigures(ctx, trx, id);
    if (f.paidSatang - f.refundedSatang - f.chargedBackSatang > 0) throw conflict(MONEY_REFUSALS.orderHasPayments, 'order_has_payments');
    if (!row.cancelled_at) await repo.setOrderFields(trx, id, { cancelled_at: nowIso() });
    await revokeLettersOfEndedOrder(trx, id, 'order cancelled');
    await releaseStayHold(trx, id);
    // Nothing was paid: its discount code's use goes back, once, as a lapse gives it (decision 189).
    await returnUse(trx, id);
  });
  await closeLiveCheckout(ctx, id, 'order cancelled');
  return staffOrder(ctx, id);
}

/** GET /api/orders/{id}/slip: the transfer slip's image (WebP), or 404. */
export async function slipFile(ctx: AppContext, id: number): Promise<Buffer> {
  const row = await repo.findOrder(ctx.db, id);
  if (!row?.slip_key) throw notFound(MONEY_REFUSALS.noSlip);
  try {
    return await slipStorage(ctx).read(row.slip_key);
  } catch (err) {
    // The storage failing (S3 unreachable: 503) is not a missing slip.
    if (err instanceof HttpError) throw err;
    throw notFound(MONEY_REFUSALS.noSlip);
  }
}
