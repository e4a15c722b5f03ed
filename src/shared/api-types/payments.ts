// Passes, orders, payments and customers (issue 21). Amounts are integers in satang.
import { z } from 'zod';
import { LANGUAGES } from '../i18n/languages';
import { LEDGER_KINDS, ORDER_METHODS, ORDER_STATES, PAYMENT_METHODS } from '../ledger';
import { PASS_COVERS, PASS_KINDS } from '../catalogue';
import { ATTENDANCE_MARKS, CONVERSATION_STATUSES, MESSAGE_SENDER_TYPES, RESERVATION_STATUSES } from '../constants';
import { CUSTOMER_DETAILS, DETAIL_SOURCES } from '../schemas/customers';
import { id, pageOf, timestamp } from './common';
import { pickupDtoSchema } from './arrivals';
import { orderLinesDtoSchema } from './stay-orders';
import { orderDiscountDtoSchema } from './discount-codes';

const names = z.object(Object.fromEntries(LANGUAGES.map((l) => [l, z.string()])) as Record<(typeof LANGUAGES)[number], z.ZodString>);

/** GET /api/passes: one pass on sale (a cell of the owner's price table). */
export const passDtoSchema = z.object({
  id: z.string().describe("'<row>.<covers>'"),
  /** The pass's name in each language (the price table's row and column). */
  name: names,
  covers: z.enum(PASS_COVERS),
  kind: z.enum(PASS_KINDS),
  days: z.number().int(),
  /** 1, or null for unlimited sessions a day. */
  sessionsPerDay: z.number().int().nullable(),
  /** Sessions in all, or null when unlimited within the days. */
  credits: z.number().int().nullable(),
  priceSatang: z.number().int(),
  /** What must be paid online to hold it (0: the whole price). */
  depositSatang: z.number().int(),
  /** The classes it covers: [covers] for a pass, a programme's disciplines. */
  disciplines: z.array(z.enum(PASS_COVERS)),
  /** A programme's length in months, sessions and hours a week (kind 'programme'); null for a pass. */
  months: z.number().int().nullable(),
  sessionsPerWeek: z.number().int().nullable(),
  hoursPerWeek: z.number().nullable(),
});
export type PassDto = z.infer<typeof passDtoSchema>;

export const ledgerLineDtoSchema = z.object({
  id,
  kind: z.enum(LEDGER_KINDS),
  method: z.enum(PAYMENT_METHODS),
  amountSatang: z.number().int(),
  note: z.string().nullable(),
  createdAt: timestamp,
});
export type LedgerLineDto = z.infer<typeof ledgerLineDtoSchema>;

/** POST /api/orders and GET /api/orders/by-token/{token}: what the buyer's order page shows. */
export const orderDtoSchema = z.object({
  id,
  reference: z.string(),
  /** The order page's token: only in the answer to the buyer who created it. */
  token: z.string().optional(),
  status: z.enum(ORDER_STATES),
  passId: z.string(),
  passName: z.string(),
  kind: z.enum(PASS_KINDS),
  covers: z.enum(PASS_COVERS),
  /** A programme's months, sessions and hours a week as bought (issue 35); null for a pass. */
  programme: z.object({ months: z.number().int(), sessionsPerWeek: z.number().int(), hoursPerWeek: z.number() }).nullable(),
  startDate: z.string(),
  endDate: z.string(),
  method: z.enum(ORDER_METHODS),
  amountSatang: z.number().int(),
  depositSatang: z.number().int(),
  paidSatang: z.number().int(),
  /** Refunds less refunds that failed and came back. */
  refundedSatang: z.number().int(),
  owedSatang: z.number().int(),
  /** What was paid, less the price, less what went back (refunds, chargebacks); never below 0. A cancelled order's price is 0. */
  overpaidSatang: z.number().int(),
  /** The order page takes a transfer slip now (also for 7 days after an unpaid PromptPay order's hold ended: staff check it). */
  slipAccepted: z.boolean(),
  /** Sessions left (null: unlimited within the days). */
  creditsLeft: z.number().int().nullable(),
  expiresAt: timestamp.nullable(),
  promptpay: z.object({ payload: z.string() }).optional(),
  checkoutUrl: z.string().optional(),
  /** The order has a receipt now (GET /api/orders/by-token/{token}/receipt.pdf): paid in full and not cancelled. */
  receipt: z.boolean(),
  /** Sessions the desk marked present within the order's dates, and a programme's sessions a week (null: no plan); not in lists. */
  attendance: z.object({ attended: z.number().int(), sessionsPerWeek: z.number().int().nullable() }).optional(),
  /** The airport pickup (issue 36 §5), when the order has one: its flight is given on the order page. */
  pickup: pickupDtoSchema.optional(),
  /** An order with a stay or a pickup (issue 36): its lines apart; absent for a pass alone, and in lists. */
  lines: orderLinesDtoSchema.optional(),
  /** The discount code the order used and what it took off each line (issue 48); amountSatang is after it. */
  discount: orderDiscountDtoSchema.optional(),
  createdAt: timestamp,
});
export type OrderDto = z.infer<typeof orderDtoSchema>;

/** The back office's view of an order: the buyer and the ledger. */
export const staffOrderDtoSchema = orderDtoSchema.extend({
  customerId: id,
  customerName: z.string(),
  customerEmail: z.string().nullable(),
  customerPhone: z.string().nullable(),
  ledger: z.array(ledgerLineDtoSchema),
  /** The buyer's transfer slip (staff only, GET /api/orders/{id}/slip), or null. */
  slipUrl: z.string().nullable(),
  cancelledAt: timestamp.nullable(),
  /** Money a bank took back for disputes, less what it gave again. */
  chargedBackSatang: z.number().int(),
  /** The latest dispute (chargeback) of the order's card payments, or null. */
  dispute: z
    .object({
      id: z.string(),
      status: z.string(),
      reason: z.string().nullable(),
      amountSatang: z.number().int(),
      /** When the evidence must reach Stripe (an instant; shown in gym time). */
      evidenceDueBy: timestamp.nullable(),
    })
    .nullable(),
  /** The latest card refund the provider refused and no later refund made up for, or null. */
  refundFailure: z.object({ amountSatang: z.number().int(), error: z.string().nullable(), at: timestamp }).nullable(),
});
export type StaffOrderDto = z.infer<typeof staffOrderDtoSchema>;

/** GET /api/customers: one person across bookings, orders and conversations. */
export const customerDtoSchema = z.object({
  id,
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  language: z.enum(LANGUAGES),
  bouncing: z.boolean(),
  createdAt: timestamp,
  /** What the customer still owes across their orders. */
  owedSatang: z.number().int(),
});
export type CustomerDto = z.infer<typeof customerDtoSchema>;

/** GET /api/orders with a filter or paging parameter: a page of orders. */
export const orderPageDtoSchema = z.object({
  items: z.array(staffOrderDtoSchema.omit({ ledger: true, dispute: true, refundFailure: true })),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
/** GET /api/customers: a page of live customers (merged records are not listed). */
export const customerPageDtoSchema = z.object(pageOf(customerDtoSchema));
export type CustomerPageDto = z.infer<typeof customerPageDtoSchema>;

/** A booking in a customer's history. */
export const customerBookingDtoSchema = z.object({
  id,
  course: z.string(),
  dateTime: timestamp,
  /** The class's gym date (null on requests by appointment). */
  sessionDate: z.string().nullable(),
  status: z.enum(RESERVATION_STATUSES),
  attendance: z.enum(ATTENDANCE_MARKS).nullable(),
  /** The order whose pass paid for this seat (a credit not given back), or null. */
  passOrderId: id.nullable(),
  /** Cancelled by the customer after the credit deadline. */
  lateCancel: z.boolean(),
  /** When staff forgave the late cancel or no-show (null: not forgiven). */
  waivedAt: timestamp.nullable(),
});
export type CustomerBookingDto = z.infer<typeof customerBookingDtoSchema>;

/** An order in a customer's history: the pass, its money and what is left of it. */
export const customerOrderDtoSchema = z.object({
  id,
  reference: z.string(),
  status: z.enum(ORDER_STATES),
  passId: z.string(),
  passName: z.string(),
  kind: z.enum(PASS_KINDS),
  covers: z.enum(PASS_COVERS),
  startDate: z.string(),
  endDate: z.string(),
  method: z.enum(ORDER_METHODS),
  amountSatang: z.number().int(),
  depositSatang: z.number().int(),
  paidSatang: z.number().int(),
  refundedSatang: z.number().int(),
  owedSatang: z.number().int(),
  /** Sessions in all (null: unlimited within the days). */
  credits: z.number().int().nullable(),
  /** Bookings holding a credit of it (credits given back are not counted). */
  creditsUsed: z.number().int(),
  creditsLeft: z.number().int().nullable(),
  /** Gym days of validity left, today included (the whole span before it starts, 0 once over). */
  daysLeft: z.number().int(),
  createdAt: timestamp,
});
export type CustomerOrderDto = z.infer<typeof customerOrderDtoSchema>;

/** A payment or refund of one of the customer's orders. */
export const customerPaymentDtoSchema = ledgerLineDtoSchema.extend({ orderId: id, orderReference: z.string() });
export type CustomerPaymentDto = z.infer<typeof customerPaymentDtoSchema>;

/** A conversation in a customer's history, with its latest message. */
export const customerConversationDtoSchema = z.object({
  id,
  subject: z.string(),
  status: z.enum(CONVERSATION_STATUSES),
  lastMessageAt: timestamp,
  lastMessage: z.object({ senderType: z.enum(MESSAGE_SENDER_TYPES), excerpt: z.string() }).nullable(),
});
export type CustomerConversationDto = z.infer<typeof customerConversationDtoSchema>;

/**
 * A value a visitor typed on one of the customer's bookings, orders or contact messages that
 * differs from the record (decision 173): one per value, from where it was last given.
 */
export const customerProposalDtoSchema = z.object({
  field: z.enum(CUSTOMER_DETAILS),
  value: z.string(),
  from: z.object({ kind: z.enum(DETAIL_SOURCES), id }),
  at: timestamp,
});
export type CustomerProposalDto = z.infer<typeof customerProposalDtoSchema>;

/** GET /api/customers/{id}: one person's history. owedSatang is the balance across their orders. */
export const customerDetailDtoSchema = customerDtoSchema.extend({
  /** The id asked for, when that record was merged into this one (the screen follows it). */
  mergedFromId: id.optional(),
  /** Bookings in all; `bookings` holds the latest (by class date) up to a limit. */
  bookingCount: z.number().int(),
  bookings: z.array(customerBookingDtoSchema),
  /** Late cancels and no-shows of classes in the last 90 days (those forgiven included, and counted apart). */
  conduct90Days: z.object({ lateCancels: z.number().int(), noShows: z.number().int(), waived: z.number().int() }),
  orders: z.array(customerOrderDtoSchema),
  payments: z.array(customerPaymentDtoSchema),
  conversations: z.array(customerConversationDtoSchema),
  /** Values typed since the record's were set that differ from them, for staff to adopt (or not). */
  proposals: z.array(customerProposalDtoSchema),
  /** When the person was asked for a review (issue 48 point 5); null: never. */
  reviewRequestedAt: timestamp.nullable(),
});
export type CustomerDetailDto = z.infer<typeof customerDetailDtoSchema>;

/** POST /api/customers/{id}/merge: what moved from the other record to this one. */
export const customerMergeDtoSchema = z.object({
  id,
  mergedId: id,
  moved: z.object({ bookings: z.number().int(), orders: z.number().int(), conversations: z.number().int() }),
});
export type CustomerMergeDto = z.infer<typeof customerMergeDtoSchema>;

/** POST /api/customers/{id}/adopt: the value the customer now has. */
export const customerAdoptDtoSchema = z.object({ id, field: z.enum(CUSTOMER_DETAILS), value: z.string() });
export type CustomerAdoptDto = z.infer<typeof customerAdoptDtoSchema>;

/** GET /api/payments/methods: the online ways to pay a pass open now (the desk always is). */
export const paymentMethodsDtoSchema = z.object({ promptpay: z.boolean(), card: z.boolean() });

/** GET /api/orders/low-attendance: programme holders under half of their plan over the last two weeks (gym dates). */
export const lowAttendanceDtoSchema = z.object({
  from: z.string(),
  to: z.string(),
  items: z.array(
    z.object({
      orderId: id,
      reference: z.string(),
      customerId: id,
      customerName: z.string(),
      passName: z.string(),
      sessionsPerWeek: z.number().int(),
      /** Days of the window within the order's dates. */
      days: z.number().int(),
      /** Sessions the plan gives over those days. */
      planned: z.number().int(),
      attended: z.number().int(),
    }),
  ),
});
export type LowAttendanceDto = z.infer<typeof lowAttendanceDtoSchema>;
