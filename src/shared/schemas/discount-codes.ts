// Discount codes (issue 48 point 6, decision 189): one zod schema per payload, shared by the
// back office's form and the routes. Staff payloads speak French (the back office's language).
import { z } from 'zod';
import { isIsoDate } from '../gym-time';
import { MAX_SATANG, PASS_ID_PATTERN } from './orders';

/** A code as typed: letters, digits and dashes; compared upper-cased (codes are case-insensitive). */
export const DISCOUNT_CODE_PATTERN = /^[A-Z0-9][A-Z0-9-]{1,31}$/;
export const normalizeDiscountCode = (v: string): string => v.trim().toUpperCase();

const codeField = z
  .string({ error: 'Le code est obligatoire' })
  .transform(normalizeDiscountCode)
  .refine((v) => DISCOUNT_CODE_PATTERN.test(v), 'Le code : 2 à 32 lettres, chiffres ou tirets');

const gymDate = z.string().refine(isIsoDate, 'Date invalide (AAAA-MM-JJ)').nullish();
const count = (what: string) =>
  z
    .number({ error: `${what} : un nombre entier` })
    .int(`${what} : un nombre entier`)
    .min(1, `${what} : au moins 1`)
    .max(1_000_000, `${what} : trop grand`)
    .nullish();

export const discountAppliesToSchema = z
  .object({
    passIds: z.array(z.string().regex(PASS_ID_PATTERN, 'Formule inconnue')).max(200).optional(),
    stays: z.boolean().optional(),
    pickups: z.boolean().optional(),
  })
  .refine((v) => (v.passIds?.length ?? 0) > 0 || v.stays === true || v.pickups === true, 'Choisissez au moins une formule, les séjours ou les transferts');

const fields = z.object({
  code: codeField,
  percentOff: z
    .number({ error: 'La remise en % : un nombre entier de 1 à 100' })
    .int('La remise en % : un nombre entier de 1 à 100')
    .min(1, 'La remise en % : un nombre entier de 1 à 100')
    .max(100, 'La remise en % : un nombre entier de 1 à 100')
    .nullish(),
  amountOffSatang: z
    .number({ error: 'Le montant doit être un nombre entier de satang' })
    .int('Le montant doit être un nombre entier de satang')
    .positive('Le montant doit être supérieur à zéro')
    .max(MAX_SATANG, 'Le montant est trop élevé')
    .nullish(),
  appliesTo: discountAppliesToSchema,
  validFrom: gymDate,
  validTo: gymDate,
  maxUses: count('Utilisations au total'),
  maxUsesPerPerson: count('Utilisations par personne'),
});

type Checked = { percentOff?: number | null; amountOffSatang?: number | null; validFrom?: string | null; validTo?: string | null };
/** Exactly one of percentOff and amountOffSatang; the dates in order. */
function checkAmounts(v: Checked, ctx: z.RefinementCtx, partial: boolean): void {
  const both = v.percentOff != null && v.amountOffSatang != null;
  const none = v.percentOff == null && v.amountOffSatang == null;
  if (both || (!partial && none)) ctx.addIssue({ code: 'custom', path: ['percentOff'], message: 'Donnez soit une remise en %, soit un montant, pas les deux' });
  if (v.validFrom && v.validTo && v.validTo < v.validFrom)
    ctx.addIssue({ code: 'custom', path: ['validTo'], message: 'La fin de validité doit suivre son début' });
}

// POST /api/discount-codes (staff).
export const discountCodeSchema = fields.superRefine((v, ctx) => checkAmounts(v, ctx, false));
export type DiscountCodePayload = z.infer<typeof discountCodeSchema>;

// PATCH /api/discount-codes/{id} (staff): the fields given change; a percent replaces an amount and the other way round.
export const discountCodePatchSchema = fields.partial().superRefine((v, ctx) => checkAmounts(v, ctx, true));
export type DiscountCodePatch = z.infer<typeof discountCodePatchSchema>;
