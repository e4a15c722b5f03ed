// Passes and payments (issue 21): one zod schema per payload, shared by the forms and the routes.
import { z } from 'zod';
import { INVALID_EMAIL } from '../messages';
import { ORDER_METHODS, ORDER_STATES, PAYMENT_METHODS } from '../ledger';
import { isIsoDate } from '../gym-time';
import { LIMITS, honeypotField, isEmail, normalizeEmail } from './common';
import { buyerFields } from './buyer';
import { paging } from './lists';

/** A pass id: '<row>.<covers>', a cell of the price table, or '<key>.programme' (issue 35). */
export const PASS_ID_PATTERN = /^[a-z0-9-]{1,40}\.(muay-thai|mma|programme)$/;

/** The largest amount one line may carry: 10 million baht, far above any pass. */
export const MAX_SATANG = 1_000_000_000;

// Staff payloads: the back office speaks French.
const satang = () =>
  z
    .number({ error: 'Le montant doit être un nombre entier de satang' })
    .int('Le montant doit être un nombre entier de satang')
    .positive('Le montant doit être supérieur à zéro')
    .max(MAX_SATANG, 'Le montant est trop élevé');

/** A stay sold with the order (issue 36): a room type for gym dates; check-out day is not a night. */
export const orderStaySchema = z.object({
  roomTypeId: z.number({ error: 'Please choose a room' }).int('Please choose a room').positive('Please choose a room'),
  checkIn: z.string({ error: 'Please pick a check-in date' }).refine(isIsoDate, 'Please pick a check-in date'),
  checkOut: z.string({ error: 'Please pick a check-out date' }).refine(isIsoDate, 'Please pick a check-out date'),
  guests: z.number({ error: 'How many guests?' }).int('How many guests?').min(1, 'At least one guest').max(20, 'At most 20 guests'),
});
export type OrderStayPayload = z.infer<typeof orderStaySchema>;

/** Gym wall time 'YYYY-MM-DDTHH:MM'. */
const GYM_WALL_TIME = /^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d$/;

/** An airport pickup sold with the order: an airport of Paramètres, the flight if known, the landing time (gym time). */
export const orderPickupSchema = z.object({
  airport: z.string({ error: 'Please choose an airport' }).regex(/^[A-Z]{3}$/, 'Please choose an airport'),
  flightNumber: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^$|^[A-Z0-9]{2}\s?\d{1,4}[A-Z]?$/, 'Flight number, e.g. FD 3011')
    .nullish()
    .transform((v) => (v ? v.replace(/\s/g, '') : null)),
  arrivesAt: z
    .string({ error: 'Please give the landing time' })
    .regex(GYM_WALL_TIME, 'Please give the landing time (YYYY-MM-DDTHH:MM)')
    .refine((v) => isIsoDate(v.slice(0, 10)), 'Please give the landing time (YYYY-MM-DDTHH:MM)'),
});
export type OrderPickupPayload = z.infer<typeof orderPickupSchema>;

// The fields of POST /api/orders; the rules across them are in withOrderLines below.
const orderFields = z.object({
  /** Absent when the order is a stay or a pickup alone. */
  passId: z.string().regex(PASS_ID_PATTERN, 'Please choose a pass').optional(),
  /** The pass's first gym day (GYM_TIMEZONE), YYYY-MM-DD, today or later (checked by the service). */
  startDate: z.string().refine(isIsoDate, 'Please pick a start date').optional(),
  stay: orderStaySchema.nullish(),
  pickup: orderPickupSchema.nullish(),
  ...buyerFields(),
  method: z.enum(ORDER_METHODS, { error: 'Please choose how to pay' }),
  website: honeypotField(),
  /** A discount code (issue 48), compared upper-cased; absent or empty: none. */
  code: z
    .string()
    .max(64, 'This discount code is not valid')
    .nullish()
    .transform((v) => (v ? v.trim().toUpperCase() : null) || null),
});

type OrderLines = { passId?: string; startDate?: string; stay?: OrderStayPayload | null; pickup?: OrderPickupPayload | null };

/** A pass (with its start date), a stay or a pickup: at least one; the stay's dates in order. */
function checkOrderLines(v: OrderLines, ctx: z.RefinementCtx): void {
  if (v.passId && !v.startDate) ctx.addIssue({ code: 'custom', path: ['startDate'], message: 'Please pick a start date' });
  if (!v.passId && !v.stay && !v.pickup) ctx.addIssue({ code: 'custom', path: ['passId'], message: 'Please choose a pass, a room or a pickup' });
  if (v.stay && v.stay.checkOut <= v.stay.checkIn) ctx.addIssue({ code: 'custom', path: ['stay', 'checkOut'], message: 'Check-out must be after check-in' });
}

// POST /api/orders (public): a traveller buys a pass, a stay, an airport pickup, or several at once.
export const orderPayloadSchema = orderFields.superRefine(checkOrderLines);
export type OrderPayload = z.infer<typeof orderPayloadSchema>;

// POST /api/orders/quote (public): the same lines, priced before the buyer pays (no buyer, no method).
export const orderQuoteSchema = orderFields
  .pick({ passId: true, startDate: true, stay: true, pickup: true, language: true, code: true })
  .superRefine(checkOrderLines);
export type OrderQuotePayload = z.infer<typeof orderQuoteSchema>;

// POST /api/orders/{id}/payments (staff): money received at the desk or by transfer.
export const orderPaymentSchema = z.object({
  amountSatang: satang(),
  method: z.enum(PAYMENT_METHODS, { error: 'Moyen de paiement inconnu' }),
  note: z.string().trim().max(LIMITS.description).nullish(),
});
export type OrderPaymentPayload = z.infer<typeof orderPaymentSchema>;

// POST /api/orders/{id}/refunds (admin): money paid back, never more than what was paid.
export const orderRefundSchema = z.object({
  amountSatang: satang(),
  /** Which money goes back: card refunds go through the provider. Default: the last payment's method. */
  method: z.enum(PAYMENT_METHODS, { error: 'Moyen de paiement inconnu' }).optional(),
  note: z.string().trim().max(LIMITS.description).nullish(),
});
export type OrderRefundPayload = z.infer<typeof orderRefundSchema>;

/** An order page's token (PUBLIC_URL/booking/order/{token}). */
export const orderTokenParamsSchema = z.object({ token: z.string().max(200) });

// POST /api/orders/by-token/{token}/stay-dates (the buyer): new dates for the same room type, within the terms.
export const stayDatesSchema = orderStaySchema.pick({ checkIn: true, checkOut: true }).refine((v) => v.checkOut > v.checkIn, {
  message: 'Check-out must be after check-in',
  path: ['checkOut'],
});
export type StayDatesPayload = z.infer<typeof stayDatesSchema>;

// POST /api/orders/{id}/stay-cancellation (admins): the refund of the quote staff were shown, confirmed.
export const stayCancellationSchema = z.object({
  refundSatang: z
    .number({ error: 'Le remboursement doit être un nombre entier de satang' })
    .int('Le remboursement doit être un nombre entier de satang')
    .min(0, 'Le remboursement ne peut pas être négatif')
    .max(MAX_SATANG, 'Le montant est trop élevé'),
});

/** How money can be taken at the desk when a pass is sold there. */
export const DESK_PAYMENT_METHODS = ['cash', 'terminal', 'transfer'] as const;

// POST /api/desk/orders (staff): a pass sold at the desk; the e-mail is optional when a phone is given.
export const deskOrderSchema = orderFields
  .omit({ email: true, method: true, website: true, code: true })
  .extend({
    email: z
      .string()
      .max(LIMITS.email)
      .transform(normalizeEmail)
      .refine((v) => v === '' || isEmail(v), INVALID_EMAIL)
      .nullish()
      .transform((v) => (v ? v : null)),
    /** Money taken now, if any (the rest stays owed). */
    payment: z.object({ amountSatang: satang(), method: z.enum(DESK_PAYMENT_METHODS, { error: 'Moyen de paiement inconnu' }) }).nullish(),
  })
  .refine((v) => v.email != null || v.phone != null, { message: 'Un e-mail ou un téléphone est nécessaire', path: ['email'] })
  .superRefine(checkOrderLines);
export type DeskOrderPayload = z.infer<typeof deskOrderSchema>;

const gymDate = z.string().refine(isIsoDate, 'Date invalide (AAAA-MM-JJ)').optional();

/** GET /api/orders?q=&status=&method=&from=&to=&page=&pageSize= (q: reference, name, e-mail or phone; dates: created, gym days). */
export const orderListQuerySchema = z.object({
  ...paging,
  status: z.enum(ORDER_STATES, 'Statut inconnu').optional(),
  /** true: only the orders a person must look at (overpaid, disputed, a refund that failed). */
  attention: z
    .enum(['true', 'false'], 'attention vaut true ou false')
    .optional()
    .transform((v) => v === 'true'),
  method: z.enum(ORDER_METHODS, 'Moyen de paiement inconnu').optional(),
  from: gymDate,
  to: gymDate,
});
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;
