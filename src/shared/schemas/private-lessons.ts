import { z } from 'zod';
import { ORDER_METHODS } from '../ledger';
import { buyerFields } from './buyer';

// POST /api/private-lessons (issue 37 point 4): the traveller's booking of a trainer's slot, paid
// with a private pass's credit (passToken) or through an order (method). Staff use the same
// payload at the desk.

export const privateLessonPayloadSchema = z
  .object({
    trainerId: z.number({ error: 'Please choose a trainer' }).int().positive(),
    startsAt: z
      .string()
      .max(100)
      .refine((v) => !Number.isNaN(Date.parse(v)), 'startsAt must be an ISO 8601 timestamp'),
    minutes: z.number({ error: 'Please choose a length' }).int().positive(),
    discipline: z.string().trim().min(1, 'Please choose a discipline').max(40),
    ...buyerFields(),
    guests: z.union([z.literal(1), z.literal(2)], { error: 'guests: 1 or 2' }),
    /** A paid private pass's order-page token: the lesson spends its credit. */
    passToken: z.string().trim().min(1).max(200).optional(),
    /** Or pay through an order at the price table's private price. */
    method: z.enum(ORDER_METHODS, { error: 'Please choose how to pay' }).optional(),
  })
  .refine((v) => (v.passToken == null) !== (v.method == null), { message: 'Pay with a pass or choose how to pay (one of them)', path: ['method'] });
export type PrivateLessonPayload = z.infer<typeof privateLessonPayloadSchema>;

/** POST /api/private-lessons/manage/{token}/move and the desk's move: a new start (and trainer). */
export const privateLessonMoveSchema = z.object({
  startsAt: z
    .string()
    .max(100)
    .refine((v) => !Number.isNaN(Date.parse(v)), 'startsAt must be an ISO 8601 timestamp'),
  trainerId: z.number().int().positive().optional(),
});
export type PrivateLessonMoveInput = z.infer<typeof privateLessonMoveSchema>;
