import { z } from 'zod';

// GET /api/demo and POST /api/demo/remove (issue 46 §1): the first start's demo, and its removal.

/** Rows of each kind still there (trainer, room-type, customer, order, booking, …, files, settings). */
const countsSchema = z.record(z.string(), z.number().int().min(0));

export const demoStatusDtoSchema = z.object({
  /** Whether anything the demo seeded is still recorded. */
  present: z.boolean(),
  counts: countsSchema,
});
export type DemoStatusDto = z.infer<typeof demoStatusDtoSchema>;

export const demoRemovalDtoSchema = z.object({
  /** What the removal took away, per kind. */
  removed: countsSchema,
  /** Demo rows kept because something staff made since uses them (a customer with a new order…). */
  kept: countsSchema,
});
export type DemoRemovalDto = z.infer<typeof demoRemovalDtoSchema>;
