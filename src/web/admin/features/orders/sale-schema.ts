import { z } from 'zod';
import { LANGUAGES, type Language } from '../../../../shared/i18n/languages';
import { isIsoDate } from '../../../../shared/gym-time';
import { formatThb } from '../../../../shared/money';
import { LIMITS } from '../../../../shared/schemas/common';
import { deskBookingSchema } from '../../../../shared/schemas/desk';
import { MAX_SATANG, PASS_ID_PATTERN, orderPaymentSchema, orderRefundSchema } from '../../../../shared/schemas/orders';
import { parseBahtInput } from '../../lib/baht-input';
import { STAFF_PAYMENT_METHODS } from '../../../../shared/ledger';
import { DESK_SALE_METHODS, type DeskSaleMethod } from './labels';

// The orders screens' forms: what staff type (text in baht) to the API's payloads (satang). The
// payload rules are the shared ones (src/shared/schemas/orders.ts); the words are French.

export const AMOUNT_INVALID = 'Montant invalide : écrivez par exemple 1500, 1 500 ou 1500.50';

/** A typed amount in baht → satang, above zero and at most `max` (what is owed, what was paid). */
export const bahtAmount = (max?: { satang: number; message: (limit: string) => string }) =>
  z.string().transform((text, ctx) => {
    const satang = parseBahtInput(text);
    const refuse = (message: string) => {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    if (satang === null) return refuse(AMOUNT_INVALID);
    if (satang <= 0) return refuse('Le montant doit être supérieur à zéro');
    if (satang > MAX_SATANG) return refuse('Le montant est trop élevé');
    if (max && satang > max.satang) return refuse(max.message(formatThb(max.satang, 'fr')));
    return satang;
  });

const note = z
  .string()
  .trim()
  .max(LIMITS.description, 'La note est trop longue')
  .transform((v) => (v === '' ? null : v));

/** "Enregistrer un paiement": never more than what is owed (the server answers 409 too). */
export const paymentFormSchema = (owedSatang: number) =>
  z
    .object({
      amount: bahtAmount({ satang: owedSatang, message: (owed) => `Le montant dépasse ce qui reste dû (${owed})` }),
      method: z.enum(STAFF_PAYMENT_METHODS, { error: 'Choisissez un moyen de paiement' }),
      note,
    })
    .transform((v): z.input<typeof orderPaymentSchema> => ({ amountSatang: v.amount, method: v.method, note: v.note }))
    .pipe(orderPaymentSchema);

/** "Rembourser" (admin): never more than what was paid and not yet paid back. */
export const refundFormSchema = (refundableSatang: number) =>
  z
    .object({
      amount: bahtAmount({ satang: refundableSatang, message: (paid) => `Le montant dépasse ce qui a été payé (${paid})` }),
      note,
    })
    .transform((v): z.input<typeof orderRefundSchema> => ({ amountSatang: v.amount, note: v.note }))
    .pipe(orderRefundSchema);

/** POST /api/desk/orders: a pass sold at the desk, paid at once or later. */
export interface DeskSalePayload {
  passId: string;
  startDate: string;
  name: string;
  email?: string;
  phone?: string;
  language: Language;
  payment?: { amountSatang: number; method: DeskSaleMethod };
}

const contact = deskBookingSchema.pick({ name: true, email: true, phone: true }).shape;

/**
 * "Vendre une formule": the pass, its first gym day (today or later), the buyer (an e-mail or a
 * phone to know them by again), and an optional payment of at most the pass's price.
 */
export const saleFormSchema = (today: string, priceOf: (passId: string) => number | undefined) =>
  z
    .object({
      passId: z.string().regex(PASS_ID_PATTERN, 'Choisissez une formule'),
      startDate: z
        .string()
        .refine(isIsoDate, 'Choisissez la date de début')
        .refine((d) => d >= today, "La formule ne peut pas commencer avant aujourd'hui"),
      name: contact.name,
      email: contact.email,
      phone: contact.phone,
      language: z.enum(LANGUAGES, { error: 'Choisissez la langue des e-mails' }),
      payNow: z.boolean(),
      amount: z.string(),
      method: z.enum(DESK_SALE_METHODS, { error: 'Choisissez un moyen de paiement' }),
    })
    .superRefine((v, ctx) => {
      if (v.email == null && v.phone == null) ctx.addIssue({ code: 'custom', path: ['email'], message: 'Indiquez un e-mail ou un téléphone' });
      if (!v.payNow) return;
      const price = priceOf(v.passId);
      const parsed = bahtAmount(
        price === undefined ? undefined : { satang: price, message: (p) => `Le montant dépasse le prix de la formule (${p})` },
      ).safeParse(v.amount);
      if (!parsed.success) ctx.addIssue({ code: 'custom', path: ['amount'], message: parsed.error.issues[0]?.message ?? AMOUNT_INVALID });
    })
    .transform((v): DeskSalePayload => ({
      passId: v.passId,
      startDate: v.startDate,
      name: v.name,
      ...(v.email ? { email: v.email } : {}),
      ...(v.phone ? { phone: v.phone } : {}),
      language: v.language,
      ...(v.payNow ? { payment: { amountSatang: parseBahtInput(v.amount) ?? 0, method: v.method } } : {}),
    }));
