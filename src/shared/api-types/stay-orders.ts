// An order's stay and pickup as the order page and the back office show them (issue 36 §3–4).
// Amounts in satang; dates are gym dates, arrivesAt gym wall time 'YYYY-MM-DDTHH:MM'.
import { z } from 'zod';
import { id } from './common';

export const orderStayDtoSchema = z.object({
  roomTypeId: id,
  roomTypeName: z.string().describe("The room type's name in the order's language"),
  checkIn: z.string(),
  checkOut: z.string().describe('Check-out day is not a night'),
  nights: z.number().int(),
  guests: z.number().int(),
  amountSatang: z.number().int(),
  /** The order still holds its rooms (false once it lapsed or was cancelled). */
  holdsNights: z.boolean(),
});

export const orderPickupDtoSchema = z.object({
  airport: z.string(),
  airportName: z.string(),
  flightNumber: z.string().nullable(),
  arrivesAt: z.string(),
  amountSatang: z.number().int(),
});

/** The order's lines apart (training, room, pickup), what the stay includes, and its terms, in the order's language. */
export const orderLinesDtoSchema = z.object({
  /** The pass's share of amountSatang (0 without a pass). */
  trainingSatang: z.number().int(),
  stay: orderStayDtoSchema.nullable(),
  pickup: orderPickupDtoSchema.nullable(),
  included: z.string(),
  notIncluded: z.string(),
  meetingPoint: z.string().nullable(),
  /** Gym date the balance is due by; null: at the desk on arrival, or nothing after the deposit. */
  balanceDueDate: z.string().nullable(),
  /** The terms' version the buyer accepted, and its text (null for a pickup alone). */
  termsVersion: z.number().int().nullable(),
  termsText: z.string().nullable(),
  /** The last gym date the buyer may change the dates from the order page (null: no stay, or no longer). */
  changeDatesUntil: z.string().nullable(),
});
export type OrderLinesDto = z.infer<typeof orderLinesDtoSchema>;

/** GET /api/orders/{id}/cancellation-quote (staff). */
export const cancellationQuoteDtoSchema = z.object({
  termsVersion: z.number().int().nullable(),
  checkIn: z.string(),
  daysBeforeArrival: z.number().int(),
  refundPercent: z.number().int(),
  /** Net paid (payments less refunds and chargebacks). */
  paidSatang: z.number().int(),
  /** What the terms give back of what was paid (never more than paid). */
  refundSatang: z.number().int(),
  tiers: z.array(z.object({ daysBefore: z.number().int(), refundPercent: z.number().int() })),
});
export type CancellationQuoteDto = z.infer<typeof cancellationQuoteDtoSchema>;

/** POST /api/orders/quote (public): an order's lines priced before paying, as POST /api/orders would price them now. */
export const orderQuoteDtoSchema = z.object({
  trainingSatang: z.number().int(),
  staySatang: z.number().int(),
  nights: z.number().int(),
  pickupSatang: z.number().int(),
  /** What the discount code took off the lines it covers (0 without a code; issue 48). */
  discountSatang: z.number().int(),
  /** Training + room + pickup, less the discount. */
  totalSatang: z.number().int(),
  /** What the buyer pays now: the deposit of Paramètres › Séjours, or the whole. */
  dueNowSatang: z.number().int(),
  balanceSatang: z.number().int(),
  /** Gym date the balance is due by (a reminder with a payment link comes before); null: no balance, or at the desk. */
  balanceDueDate: z.string().nullable(),
  /** The balance is paid at the desk on arrival. */
  balanceOnArrival: z.boolean(),
});
export type OrderQuoteDto = z.infer<typeof orderQuoteDtoSchema>;
