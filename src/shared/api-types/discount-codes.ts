// Discount codes (issue 48 point 6): the back office's list and an order's discount. Satang.
import { z } from 'zod';
import { id, timestamp } from './common';

export const discountCodeDtoSchema = z.object({
  id,
  /** Upper-cased: codes are case-insensitive. */
  code: z.string(),
  percentOff: z.number().int().nullable(),
  amountOffSatang: z.number().int().nullable(),
  appliesTo: z.object({ passIds: z.array(z.string()), stays: z.boolean(), pickups: z.boolean() }),
  /** Gym dates, both inclusive; null: no bound. */
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  maxUses: z.number().int().nullable(),
  maxUsesPerPerson: z.number().int().nullable(),
  /** Uses held by orders (a lapsed order gave its use back). */
  uses: z.number().int(),
  disabledAt: timestamp.nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type DiscountCodeDto = z.infer<typeof discountCodeDtoSchema>;

/** What a code took off an order, line by line (training, room, pickup); their sum is discountSatang. */
export const orderDiscountDtoSchema = z.object({
  code: z.string(),
  discountSatang: z.number().int(),
  trainingSatang: z.number().int(),
  staySatang: z.number().int(),
  pickupSatang: z.number().int(),
});
export type OrderDiscountDto = z.infer<typeof orderDiscountDtoSchema>;

/** The dashboard's takings per code: orders holding it, the discount given, money received net. */
export const codeTakingsDtoSchema = z.object({
  code: z.string(),
  orders: z.number().int(),
  discountSatang: z.number().int(),
  takingsSatang: z.number().int(),
});
export type CodeTakingsDto = z.infer<typeof codeTakingsDtoSchema>;
