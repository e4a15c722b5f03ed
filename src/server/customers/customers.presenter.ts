import type { CustomerBookingDto, CustomerConversationDto, CustomerDto, CustomerOrderDto, CustomerPaymentDto } from '../../shared/api-types';
import { addDays } from '../../shared/gym-time';
import type { OrderState } from '../../shared/ledger';
import { totalsOf } from '../ledger/ledger.repository';
import { figuresOf } from '../ledger/order-figures';
import { toBool } from '../db/database';
import type { CustomerRow } from '../db/schema';
import type { CustomerBookingRow, CustomerConversationRow, CustomerPaymentRow, OrderWithTotals } from './customer-records.repository';

/** How long a conversation's latest message is in the history (characters). */
const EXCERPT = 160;

/** The states in which an order still asks for money: the balance sums these only (an expired, cancelled or refunded order owes nothing). */
const OWING: readonly OrderState[] = ['awaiting-payment', 'deposit-paid'];

const figuresOfOrder = (o: OrderWithTotals, now: Date) => figuresOf(o, totalsOf(o), now);
const stateOf = (o: OrderWithTotals, now: Date): OrderState => figuresOfOrder(o, now).state;
const owedOf = (o: OrderWithTotals): number => figuresOfOrder(o, new Date()).owedSatang;

/** What a customer still owes across their orders. */
export const balanceOwed = (orders: OrderWithTotals[], now: Date): number =>
  orders.reduce((sum, o) => (OWING.includes(stateOf(o, now)) ? sum + owedOf(o) : sum), 0);

/** Whole days from one gym date to another ('YYYY-MM-DD'; no zone involved). */
const daysBetween = (from: string, to: string): number => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** Gym days of validity left, today included: the whole span before the start, 0 after the end. */
function daysLeft(startDate: string, endDate: string, today: string): number {
  if (today > endDate) return 0;
  const from = today < startDate ? startDate : today;
  return daysBetween(from, addDays(endDate, 1));
}

export const presentCustomer = (c: CustomerRow, owed: number): CustomerDto => ({
  id: c.id,
  name: c.name,
  email: c.email,
  phone: c.phone,
  language: c.language,
  bouncing: c.bouncing_at !== null,
  createdAt: c.created_at,
  owedSatang: owed,
});

export function presentCustomerOrder(o: OrderWithTotals, now: Date, today: string): CustomerOrderDto {
  const state = stateOf(o, now);
  return {
    id: o.id,
    reference: o.reference,
    status: state,
    passId: o.pass_id,
    passName: o.pass_name,
    kind: o.pass_kind,
    covers: o.pass_covers,
    startDate: o.start_date,
    endDate: o.end_date,
    method: o.method,
    amountSatang: o.amount_satang,
    depositSatang: o.deposit_satang,
    paidSatang: Number(o.paid_satang ?? 0),
    refundedSatang: Number(o.refunded_satang ?? 0),
    owedSatang: OWING.includes(state) ? owedOf(o) : 0,
    credits: o.credits,
    creditsUsed: o.credits_used,
    creditsLeft: o.credits === null ? null : Math.max(0, o.credits - o.credits_used),
    daysLeft: daysLeft(o.start_date, o.end_date, today),
    createdAt: o.created_at,
  };
}

export const presentCustomerBooking = (r: CustomerBookingRow): CustomerBookingDto => ({
  id: r.id,
  course: r.course,
  dateTime: r.date_time,
  sessionDate: r.session_date,
  status: r.status,
  attendance: r.attendance,
  passOrderId: r.pass_order_id,
  lateCancel: toBool(r.late_cancel),
  waivedAt: r.waived_at,
});

export const presentCustomerPayment = (p: CustomerPaymentRow): CustomerPaymentDto => ({
  id: p.id,
  orderId: p.order_id,
  orderReference: p.order_reference,
  kind: p.kind,
  method: p.method,
  amountSatang: p.amount_satang,
  note: p.note,
  createdAt: p.created_at,
});

export function presentCustomerConversation(c: CustomerConversationRow): CustomerConversationDto {
  const text = (c.last_content ?? '').replace(/\s+/g, ' ').trim();
  return {
    id: c.id,
    subject: c.subject,
    status: c.status,
    lastMessageAt: c.last_message_at,
    lastMessage:
      c.last_content === null || c.last_sender === null
        ? null
        : { senderType: c.last_sender, excerpt: text.length > EXCERPT ? `${text.slice(0, EXCERPT - 1).trimEnd()}…` : text },
  };
}
