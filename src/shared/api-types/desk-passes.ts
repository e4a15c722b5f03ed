import { z } from 'zod';

// GET /api/desk/passes: the walk-in form's pass picker (back office, French refusals).

const id = z.number().int().positive();

/**
 * A paid pass of a customer the desk searched for: whether it may pay for the chosen session
 * (`usable`), and when it may not, why (`refusal`, French; `code` as the booking would answer).
 */
export const deskPassOptionDtoSchema = z.object({
  orderId: id,
  reference: z.string(),
  customerId: id,
  customerName: z.string(),
  customerEmail: z.string().nullable(),
  customerPhone: z.string().nullable(),
  passName: z.string(),
  /** Sessions left now (before this booking); null: unlimited within its days. */
  creditsLeft: z.number().int().nullable(),
  startDate: z.string(),
  endDate: z.string(),
  usable: z.boolean(),
  refusal: z.string().nullable(),
  code: z.string().nullable(),
});
export type DeskPassOptionDto = z.infer<typeof deskPassOptionDtoSchema>;

export const deskPassesDtoSchema = z.object({ passes: z.array(deskPassOptionDtoSchema) });
export type DeskPassesDto = z.infer<typeof deskPassesDtoSchema>;
