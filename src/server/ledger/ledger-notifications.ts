// What an order's money tells people: the buyer's e-mails through the outbox (in the caller's
// transaction, so an e-mail leaves only with what it reports), the gym's alerts about money that
// needs a person (e-mail in the transaction, push after the commit), and the staff's push.
import { formatThb } from '../../shared/money';
import type { PaymentMethod } from '../../shared/ledger';
import type { AppContext } from '../context';
import type { Db } from '../db/database';
import type { CustomerRow, OrderRow } from '../db/schema';
import { gymReplyTo } from '../mail/templates/mail-layout';
import { orderPaymentMail, orderRefundMail, type OrderMailInput } from '../mail/templates/order-mails';
import { paymentAlertMail } from '../mail/templates/payment-staff-mails';
import { mailConfig } from '../site-settings/site-settings.service';
import { figuresOf, orderPageUrl, type OrderFigures } from './order-figures';
import { ledgerTotals } from './ledger.repository';
import { findOrderDiscount } from '../discount-codes/discount-codes.repository';

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
    paidSatang: f.paidSatang - f.refundedSatang - f.chargedBackSatang,
    owedSatang: f.owedSatang,
    dueNowSatang: f.dueNowSatang,
    orderUrl: token ? orderPageUrl(ctx, token, o.language) : null,
    expiresAt: o.expires_at,
  };
}

/** The discount code an order used, as its e-mails show it (issue 48); none once none was used. */
export async function orderMailDiscount(db: Db, orderId: number): Promise<Pick<OrderMailInput, 'discount'>> {
  const d = await findOrderDiscount(db, orderId);
  return d ? { discount: { code: d.code, discountSatang: d.discount_satang } } : {};
}

export const withEmail = (c: CustomerRow | undefined): c is CustomerRow & { email: string } => Boolean(c?.email);

async function orderAndBuyer(trx: Db, orderId: number) {
  const o = await trx.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
  if (!o) throw new Error(`order ${orderId} not found`);
  const customer = await trx.selectFrom('customers').selectAll().where('id', '=', o.customer_id).executeTakeFirst();
  return { o, customer, f: figuresOf(o, await ledgerTotals(trx, orderId)) };
}

/** The "payment received" e-mail for a payment just recorded, queued in its transaction. */
export async function queuePaymentReceivedMail(
  ctx: AppContext,
  trx: Db,
  orderId: number,
  payment: { amountSatang: number; method: PaymentMethod },
): Promise<void> {
  const { o, customer, f } = await orderAndBuyer(trx, orderId);
  if (!withEmail(customer)) return;
  await ctx.mail.enqueue(
    trx,
    orderPaymentMail(mailConfig(ctx), { ...orderMailInput(ctx, o, customer, f, null), ...(await orderMailDiscount(trx, orderId)) }, payment),
  );
}

/** The refund e-mail, with the amount actually refunded, queued in the transaction that records it. */
export async function queueRefundMail(ctx: AppContext, trx: Db, orderId: number, refund: { amountSatang: number; method: PaymentMethod }): Promise<void> {
  const { o, customer, f } = await orderAndBuyer(trx, orderId);
  if (!withEmail(customer)) return;
  await ctx.mail.enqueue(
    trx,
    orderRefundMail(mailConfig(ctx), { ...orderMailInput(ctx, o, customer, f, null), ...(await orderMailDiscount(trx, orderId)) }, refund),
  );
}

/** Something about an order's money that a person must look at. */
export interface MoneyAlert {
  orderId: number;
  reference: string;
  /** Short, for the push title and the e-mail subject. */
  title: string;
  text: string;
  facts?: { label: string; value: string }[];
}

/** The gym's e-mail about an alert, queued in the caller's transaction (push it with pushAlerts after the commit). */
export async function queueAlertMail(ctx: AppContext, trx: Db, alert: MoneyAlert): Promise<void> {
  const config = mailConfig(ctx);
  const to = gymReplyTo(config);
  if (!to) return;
  await ctx.mail.enqueue(
    trx,
    paymentAlertMail(config, to, { subject: alert.title, text: alert.text, orderId: alert.orderId, reference: alert.reference, facts: alert.facts ?? [] }),
  );
}

/** The staff's push for alerts whose transaction committed, and the outbox woken for their e-mails. */
export function pushAlerts(ctx: AppContext, alerts: readonly MoneyAlert[]): void {
  if (alerts.length === 0) return;
  for (const a of alerts)
    ctx.push.notifyStaff({ title: a.title, body: `${a.reference} — ${a.text}`, url: `/admin/orders/${a.orderId}`, tag: `order-alert-${a.orderId}` });
  ctx.mail.kick();
}

export const thb = (satang: number): string => formatThb(satang, 'en-GB');
