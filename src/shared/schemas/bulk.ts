import { z } from 'zod';
import { CONTACT_STATUSES } from '../constants';

/** The most rows one bulk action may name (a page is 25; a few pages' worth at most). */
export const BULK_MAX = 500;

const bulkId = z.number().int().positive().max(2_147_483_647);

/** The body of every bulk action (issue 13): the ids the staff selected, each once. */
export const bulkIdsSchema = z.object({
  ids: z
    .array(bulkId)
    .min(1, 'Sélectionnez au moins un élément')
    .max(BULK_MAX, `${BULK_MAX} éléments au plus par action`)
    .transform((ids) => [...new Set(ids)]),
});

/** Contact messages: mark read ('read') or unread ('new') many at once. */
export const bulkContactStatusSchema = bulkIdsSchema.extend({ status: z.enum(CONTACT_STATUSES) });

/** What a bulk action answers: how many rows it changed and which. */
export const bulkResultSchema = z.object({ count: z.number().int(), ids: z.array(z.number().int()) });
export type BulkResult = z.infer<typeof bulkResultSchema>;
