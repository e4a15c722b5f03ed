// Passes and payments (issue 21): one zod schema per payload, shared by the forms and the routes.
import { z } from 'zod';
import { INVALID_EMAIL, NAME_REQUIRED } from '../messages';
import { ORDER_METHODS, ORDER_STATES, PAYMENT_METHODS } from '../ledger';
import { isIsoDate } from '../gym-time';
import { LIMITS, honeypotField, isEmail, languageField, normalizeEmail } from './common';
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

// POST /api/orders (public): a traveller buys a pass.
export const orderPayloadSchema = z.object({
  passId: z.string().regex(PASS_ID_PATTERN, 'Please choose a pass'),
  /** The pass's first gym day (GYM_TIMEZONE), YYYY-MM-DD, today or later (checked by the service). */
  startDate: z.string().refine(isIsoDate, 'Please pick a start date'),
  name: z.string().trim().min(1, NAME_REQUIRED).max(LIMITS.name),
  email: z
    .string()
    .max(LIMITS.email)
    .transform(normalizeEmail)
    .refine((v) => isEmail(v), INVALID_EMAIL),
  phone: z
    .string()
    .trim()
    .max(LIMITS.phone)
    .nullish()
    .transform((v) => (v == null || v === '' ? null : v))
    .refine((v) => v == null || v.includes('+'), 'Phone number must include country code (e.g., +33)'),
  language: languageField(),
  method: z.enum(ORDER_METHODS, { error: 'Please choose how to pay' }),
  website: honeypotField(),
});
export type OrderPayload = z.infer<typeof orderPayloadSchema>;

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

/** How money can be taken at the desk when a pass is sold there. */
export const DESK_PAYMENT_METHODS = ['cash', 'terminal', 'transfer'] as const;

// POST /api/desk/orders (staff): a pass sold at the desk; the e-mail is optional when a phone is given.
export const deskOrderSchema = orderPayloadSchema
  .omit({ email: true, method: true, website: true })
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
  .refine((v) => v.email != null || v.phone != null, { message: 'Un e-mail ou un téléphone est nécessaire', path: ['email'] });
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
