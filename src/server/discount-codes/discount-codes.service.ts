// Discount codes (issue 48 point 6, decision 189): staff make them; an order's lines are priced
// with one. The discount applies to the lines the code covers only, is rounded down to whole
// satang and never takes a line below zero; the order keeps the code and its discount per line,
// and its amount is the discounted total, so the deposit, the ledger, refunds and receipts follow.
import { todayInZone } from '../../shared/gym-time';
import type { DiscountCodePatch, DiscountCodePayload } from '../../shared/schemas/discount-codes';
import type { AppContext } from '../context';
import { nowIso, type Db } from '../db/database';
import type { DiscountCodeRow } from '../db/schema';
import { badRequest, conflict, notFound } from '../errors';
import * as repo from './discount-codes.repository';

export const CODE_INVALID = 'This discount code is not valid.';
export const CODE_EXPIRED = 'This discount code has expired.';
export const CODE_USED_UP = 'This discount code has been used up.';
export const CODE_TAKEN = 'Un autre code porte déjà ce texte.';
export const CODE_NOT_FOUND = 'Code promo introuvable';

export interface AppliesTo {
  passIds: string[];
  stays: boolean;
  pickups: boolean;
}

export const appliesToOf = (row: Pick<DiscountCodeRow, 'applies_to'>): AppliesTo => {
  const v = JSON.parse(row.applies_to) as Partial<AppliesTo>;
  return { passIds: v.passIds ?? [], stays: v.stays === true, pickups: v.pickups === true };
};

/** An order's lines before the discount, in satang. */
export interface GrossLines {
  passId: string | null;
  trainingSatang: number;
  staySatang: number;
  pickupSatang: number;
}

export interface Discount {
  code: DiscountCodeRow;
  trainingSatang: number;
  staySatang: number;
  pickupSatang: number;
  totalSatang: number;
}

/**
 * What the code takes off each line it covers. A percentage: of each line, rounded down. An
 * amount: off the covered lines in order (training, room, pickup), never more than a line is.
 */
export function discountOf(code: DiscountCodeRow, lines: GrossLines): Discount {
  const covers = appliesToOf(code);
  const covered = [
    lines.passId != null && covers.passIds.includes(lines.passId) ? lines.trainingSatang : 0,
    covers.stays ? lines.staySatang : 0,
    covers.pickups ? lines.pickupSatang : 0,
  ];
  let left = code.amount_off_satang ?? 0;
  const off = covered.map((amount) => {
    if (code.percent_off != null) return Math.floor((amount * code.percent_off) / 100);
    const take = Math.min(amount, left);
    left -= take;
    return take;
  });
  const [trainingSatang, staySatang, pickupSatang] = off as [number, number, number];
  return { code, trainingSatang, staySatang, pickupSatang, totalSatang: trainingSatang + staySatang + pickupSatang };
}

/**
 * The code typed on an order or a quote, checked (reads only): 400 discount_code_invalid when
 * unknown, disabled or covering none of the lines; discount_code_expired outside its gym dates;
 * discount_code_used_up when no use is left (the order's transaction takes the use itself).
 */
export async function checkCode(ctx: AppContext, text: string, lines: GrossLines, now = new Date()): Promise<Discount> {
  const code = await repo.findCodeByText(ctx.db, text);
  if (!code || code.disabled_at) throw badRequest(CODE_INVALID, 'discount_code_invalid');
  const today = todayInZone(ctx.config.timezone, now);
  if ((code.valid_from && today < code.valid_from) || (code.valid_to && today > code.valid_to)) throw badRequest(CODE_EXPIRED, 'discount_code_expired');
  if (code.max_uses != null && code.uses >= code.max_uses) throw badRequest(CODE_USED_UP, 'discount_code_used_up');
  const discount = discountOf(code, lines);
  if (discount.totalSatang <= 0) throw badRequest(CODE_INVALID, 'discount_code_invalid');
  return discount;
}

/**
 * In the order's transaction: takes a use of the code and one of the person's, then keeps the
 * order's discount. Each use is one conditional write; a refusal rolls the whole order back.
 */
export async function takeCodeUse(trx: Db, discount: Discount, orderId: number, customerId: number): Promise<void> {
  if (!(await repo.takeUse(trx, discount.code.id))) throw badRequest(CODE_USED_UP, 'discount_code_used_up');
  if (!(await repo.takePersonUse(trx, discount.code.id, customerId, discount.code.max_uses_per_person)))
    throw badRequest(CODE_USED_UP, 'discount_code_used_up');
  await repo.insertOrderDiscount(trx, {
    order_id: orderId,
    code_id: discount.code.id,
    code: discount.code.code,
    customer_id: customerId,
    training_satang: discount.trainingSatang,
    stay_satang: discount.staySatang,
    pickup_satang: discount.pickupSatang,
    discount_satang: discount.totalSatang,
    returned_at: null,
    created_at: nowIso(),
  });
}

// ---- the back office ----

export const listCodes = (ctx: AppContext) => repo.listCodes(ctx.db);

/** The dashboard's table: per code, its orders, the discount given and the money received net. */
export const codeTakings = (ctx: AppContext) => repo.takingsPerCode(ctx.db);

const appliesToJson = (a: DiscountCodePayload['appliesTo']) =>
  JSON.stringify({ passIds: [...new Set(a.passIds ?? [])], stays: a.stays === true, pickups: a.pickups === true });

export async function createCode(ctx: AppContext, p: DiscountCodePayload): Promise<DiscountCodeRow> {
  const at = nowIso();
  const row = await repo.insertCode(ctx.db, {
    code: p.code,
    percent_off: p.percentOff ?? null,
    amount_off_satang: p.amountOffSatang ?? null,
    applies_to: appliesToJson(p.appliesTo),
    valid_from: p.validFrom ?? null,
    valid_to: p.validTo ?? null,
    max_uses: p.maxUses ?? null,
    max_uses_per_person: p.maxUsesPerPerson ?? null,
    disabled_at: null,
    created_at: at,
    updated_at: at,
  });
  if (!row) throw conflict(CODE_TAKEN, 'discount_code_taken');
  return row;
}

export async function editCode(ctx: AppContext, id: number, p: DiscountCodePatch): Promise<DiscountCodeRow> {
  const row = await repo.findCode(ctx.db, id);
  if (!row) throw notFound(CODE_NOT_FOUND);
  const percent = p.percentOff !== undefined ? p.percentOff : p.amountOffSatang != null ? null : row.percent_off;
  const amount = p.amountOffSatang !== undefined ? p.amountOffSatang : p.percentOff != null ? null : row.amount_off_satang;
  if ((percent == null) === (amount == null)) throw badRequest('Donnez soit une remise en %, soit un montant, pas les deux');
  const from = p.validFrom !== undefined ? p.validFrom : row.valid_from;
  const to = p.validTo !== undefined ? p.validTo : row.valid_to;
  if (from && to && to < from) throw badRequest('La fin de validité doit suivre son début');
  if (p.code && p.code !== row.code && (await repo.findCodeByText(ctx.db, p.code))) throw conflict(CODE_TAKEN, 'discount_code_taken');
  const updated = await repo.updateCode(ctx.db, id, {
    ...(p.code ? { code: p.code } : {}),
    percent_off: percent ?? null,
    amount_off_satang: amount ?? null,
    ...(p.appliesTo ? { applies_to: appliesToJson(p.appliesTo) } : {}),
    valid_from: from ?? null,
    valid_to: to ?? null,
    ...(p.maxUses !== undefined ? { max_uses: p.maxUses } : {}),
    ...(p.maxUsesPerPerson !== undefined ? { max_uses_per_person: p.maxUsesPerPerson } : {}),
    updated_at: nowIso(),
  });
  if (!updated) throw notFound(CODE_NOT_FOUND);
  return updated;
}

/** Disables a code: orders already holding it keep their discount; no new order takes it. */
export async function disableCode(ctx: AppContext, id: number): Promise<DiscountCodeRow> {
  const row = await repo.findCode(ctx.db, id);
  if (!row) throw notFound(CODE_NOT_FOUND);
  if (row.disabled_at) return row;
  const at = nowIso();
  return (await repo.updateCode(ctx.db, id, { disabled_at: at, updated_at: at })) ?? row;
}
