import { z } from 'zod';
import { CANCELLED_BY, RESERVATION_STATUSES, WAITLIST_STATUSES } from '../constants';
import { ORDER_STATES } from '../ledger';
import { VISA_LETTER_STATUSES } from '../visa-letters';

// What My page shows of the person signed in (issue 47 point 2): only their own records (the
// session's customer and the records merged into it). Times are instants (ISO); a gym day is a
// date in the gym's zone (gymDate), as the page prints it. Money in satang.

/** A class booking or a private lesson. */
export const meBookingDtoSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['class', 'lesson']),
  course: z.string(),
  startsAt: z.string(),
  gymDate: z.string(),
  gymTime: z.string(),
  status: z.enum(RESERVATION_STATUSES),
  cancelledBy: z.enum(CANCELLED_BY).nullable(),
  /** The trainer of a private lesson. */
  trainer: z.string().nullable(),
  /** Paid with this order's pass. */
  passOrderId: z.number().int().nullable(),
  /** Offered by the manage link now: the same rules decide (booking-manage.service.ts). */
  canCancel: z.boolean(),
  canMove: z.boolean(),
  /** A private lesson its link would let move now: its trainer and length, to pick a free slot (POST /api/me/lessons/{id}/move). */
  lessonMove: z.object({ trainerId: z.number().int(), minutes: z.number().int() }).nullable(),
});
export type MeBookingDto = z.infer<typeof meBookingDtoSchema>;

export const meWaitlistDtoSchema = z.object({
  id: z.number().int(),
  course: z.string(),
  startsAt: z.string(),
  gymDate: z.string(),
  gymTime: z.string(),
  status: z.enum(WAITLIST_STATUSES),
  /** 1 is next; null once out of the line. */
  position: z.number().int().nullable(),
  offerExpiresAt: z.string().nullable(),
});

export const mePassDtoSchema = z.object({
  orderId: z.number().int(),
  name: z.string(),
  /** Sessions in all; null: unlimited within its days. */
  credits: z.number().int().nullable(),
  creditsLeft: z.number().int().nullable(),
  /** Gym days, both inclusive. */
  startDate: z.string(),
  endDate: z.string(),
  /** Sessions a week at most (a programme); null: no weekly limit. */
  weeklyLimit: z.number().int().nullable(),
  pausedDays: z.number().int(),
  /** Days it may still be paused (0 when the owner allows none or it is not pausable now). */
  pauseDaysLeft: z.number().int(),
});
export type MePassDto = z.infer<typeof mePassDtoSchema>;

export const meOrderDtoSchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  name: z.string(),
  state: z.enum(ORDER_STATES),
  totalSatang: z.number().int(),
  paidSatang: z.number().int(),
  balanceSatang: z.number().int(),
  balanceDueDate: z.string().nullable(),
  /** GET /api/me/orders/{id}/receipt.pdf, once paid in full. */
  receiptUrl: z.string().nullable(),
  /** Something is owed and the order page takes payment: POST /api/me/orders/{id}/pay. */
  canPay: z.boolean(),
});

export const meStayDtoSchema = z.object({
  orderId: z.number().int(),
  roomType: z.string(),
  room: z.string().nullable(),
  checkIn: z.string(),
  checkOut: z.string(),
  guests: z.number().int(),
  pickup: z.object({ airport: z.string(), flightNumber: z.string().nullable(), arrivesAt: z.string() }).nullable(),
});
export type MeStayDto = z.infer<typeof meStayDtoSchema>;

export const meVisaLetterDtoSchema = z.object({
  orderId: z.number().int(),
  programme: z.string(),
  /** null: none asked for yet. */
  status: z.enum(VISA_LETTER_STATUSES).nullable(),
  validUntil: z.string().nullable(),
  /** Only while none was asked for: a request waiting, issued or revoked is shown, never asked again from here. */
  canRequest: z.boolean(),
  /** GET /api/me/orders/{id}/visa-letter.pdf, once issued. */
  pdfUrl: z.string().nullable(),
});

/** The records on My page, apart from the person (meDtoSchema spreads these in). */
export const meRecordsShape = {
  bookings: z.object({ upcoming: z.array(meBookingDtoSchema), past: z.array(meBookingDtoSchema) }),
  lessons: z.array(meBookingDtoSchema),
  waitlist: z.array(meWaitlistDtoSchema),
  passes: z.array(mePassDtoSchema),
  orders: z.array(meOrderDtoSchema),
  stays: z.array(meStayDtoSchema),
  visaLetters: z.array(meVisaLetterDtoSchema),
  waiver: z.object({ required: z.boolean(), signedVersion: z.number().int().nullable(), signedAt: z.string().nullable() }),
  checkInCode: z.string(),
  /** The owner's members.pauseDays: 0, the page offers no pause. */
  pauseDays: z.number().int(),
};

/** POST /api/me/orders/{id}/pay: the order page to pay on (a new key of it, as the balance reminder's). */
export const mePayLinkDtoSchema = z.object({ url: z.string() });
