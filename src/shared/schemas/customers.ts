import { z } from 'zod';
import { paging } from './lists';

/** GET /api/customers?q=&page=&pageSize= (q: name, e-mail or phone; a phone matches by its digits too). Always a page. */
export const customerListQuerySchema = z.object(paging);
export type CustomerListQuery = z.infer<typeof customerListQuerySchema>;

/** POST /api/customers/{id}/merge: the other record of the same person, merged into this one. */
export const customerMergeSchema = z.object({
  otherId: z.number('otherId doit être un identifiant').int('otherId doit être un identifiant').min(1).max(2_147_483_647),
});
