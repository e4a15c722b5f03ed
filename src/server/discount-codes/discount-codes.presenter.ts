import type { DiscountCodeDto, OrderDiscountDto } from '../../shared/api-types/discount-codes';
import type { DiscountCodeRow, OrderDiscountRow } from '../db/schema';
import { appliesToOf } from './discount-codes.service';

export const presentDiscountCode = (r: DiscountCodeRow): DiscountCodeDto => ({
  id: r.id,
  code: r.code,
  percentOff: r.percent_off,
  amountOffSatang: r.amount_off_satang,
  appliesTo: appliesToOf(r),
  validFrom: r.valid_from,
  validTo: r.valid_to,
  maxUses: r.max_uses,
  maxUsesPerPerson: r.max_uses_per_person,
  uses: Number(r.uses),
  disabledAt: r.disabled_at,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

export const presentOrderDiscount = (d: OrderDiscountRow): OrderDiscountDto => ({
  code: d.code,
  discountSatang: d.discount_satang,
  trainingSatang: d.training_satang,
  staySatang: d.stay_satang,
  pickupSatang: d.pickup_satang,
});
