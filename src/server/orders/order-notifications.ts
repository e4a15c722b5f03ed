// What an order's changes tell people: the buyer's e-mails through the outbox (in the caller's
// transaction, so an e-mail leaves only with what it reports) and the staff's push.
import type { PaymentMethod } from '../../shared/passes';
import type { AppContext } from '../context';
import type { Db } from '../db/database';
import type { CustomerRow, OrderRow } from '../db/schema';
import { orderCreatedMail, orderPaymentMail, orderRefundMail, type OrderMailInput } from '../mail/templates/order-mails';
import { mailConfig } from '../site-settings/site-settings.service';
import { ledgerLines, ledgerTotals } from './order-ledger.repository';
import { figuresOf, orderPageUrl, type OrderFigures } from './order-facts';
import { findCustomerRow, findOrder } from './orders.repository';

export function orderMailInput(ctx: AppContext, o: OrderRow, customer: CustomerRow & { email: string }, f: OrderFigures, token: string | null): OrderMailInput {
  return {
    to: customer.email,
    name: customer.name,
    language: o.language,
    reference: o.reference,
    passName: o.pass_name,
    startDate: o.start_date,
    endDate: o.end_date,
    method: o.method,
    amountSatang: o.amount_satang,
    depositSatang: o.deposit_satang,
    paidSatang: f.paidSatang - f.refundedSatang,
    owedSatang: f.owedSatang,
    dueNowSatang: f.dueNowSatang,
    orderUrl: token ? orderPageUrl(ctx, token, o.language) : null,
    expiresAt: o.expires_at,
  };
}

const withEmail = (c: CustomerRow | undefined): c is CustomerRow & { email: string } => Boolean(c?.email);

/** The order's e-mail to its buyer (when they gave an address), in the order's transaction. */
export async function queueOrderCreatedMail(
  ctx: AppContext,
  trx: Db,
  o: OrderRow,
  customer: CustomerRow,
  f: OrderFigures,
  token: string,
  qrPng: Buffer | null,
): Promise<void> {
  if (!withEmail(customer)) return;
  await ctx.mail.enqueue(trx, orderCreatedMail(mailConfig(ctx), orderMailInput(ctx, o, customer, f, token), qrPng));
}

async function orderAndBuyer(trx: Db, orderId: number) {
  const o = await findOrder(trx, orderId);
  if (!o) throw new Error(`order ${orderId} not found`);
  const customer = await findCustomerRow(trx, o.customer_id);
  return { o, customer, f: figuresOf(o, await ledgerTotals(trx, orderId)) };
}

/**
 * The "payment received" e-mail for the order's latest payment line, queued in the caller's
 * transaction (the staff's payment route, and the card webhook right after it records a payment).
 */
export async function queuePaymentReceivedMail(ctx: AppContext, trx: Db, orderId: number): Promise<void> {
  const { o, customer, f } = await orderAndBuyer(trx, orderId);
  const payment = (await ledgerLines(trx, orderId)).filter((l) => l.kind === 'payment').at(-1);
  if (!payment || !withEmail(customer)) return;
  await ctx.mail.enqueue(
    trx,
    orderPaymentMail(mailConfig(ctx), orderMailInput(ctx, o, customer, f, null), { amountSatang: payment.amount_satang, method: payment.method }),
  );
}

/** The refund e-mail, queued in the refund's transaction. */
export async function queueRefundMail(ctx: AppContext, trx: Db, orderId: number, refund: { amountSatang: number; method: PaymentMethod }): Promise<void> {
  const { o, customer, f } = await orderAndBuyer(trx, orderId);
  if (!withEmail(customer)) return;
  await ctx.mail.enqueue(trx, orderRefundMail(mailConfig(ctx), orderMailInput(ctx, o, customer, f, null), refund));
}

/** The staff's push: a new order online, or a transfer slip to check. */
export function notifyStaffOfOrder(ctx: AppContext, title: string, o: OrderRow, name: string): void {
  ctx.push.notifyStaff({ title, body: `${name} — ${o.pass_name} (${o.reference})`, url: `/admin/orders/${o.id}`, tag: `order-${o.id}` });
}
