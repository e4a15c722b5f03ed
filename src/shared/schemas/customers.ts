import { z } from 'zod';
import { paging } from './lists';

/** GET /api/customers?q=&page=&pageSize= (q: name, e-mail or phone; a phone matches by its digits too). Always a page. */
export const customerListQuerySchema = z.object(paging);
export type CustomerListQuery = z.infer<typeof customerListQuerySchema>;

/** POST /api/customers/{id}/merge: the other record of the same person, merged into this one. */
export const customerMergeSchema = z.object({
  otherId: z.number('otherId doit être un identifiant').int('otherId doit être un identifiant').min(1).max(2_147_483_647),
});

/** A customer's details a visitor's form may give another value of (decision 173). */
export const CUSTOMER_DETAILS = ['name', 'phone', 'language'] as const;
export type CustomerDetail = (typeof CUSTOMER_DETAILS)[number];
/** Where a value was typed: a booking, an order, a contact message (named by its conversation). */
export const DETAIL_SOURCES = ['booking', 'order', 'message'] as const;
export type DetailSource = (typeof DETAIL_SOURCES)[number];

/** POST /api/customers/{id}/adopt: the customer takes the value one of their bookings, orders or messages gave. */
export const customerAdoptSchema = z.object({
  field: z.enum(CUSTOMER_DETAILS, { error: 'field doit être name, phone ou language' }),
  from: z.object({
    kind: z.enum(DETAIL_SOURCES, { error: 'from.kind doit être booking, order ou message' }),
    id: z.number('from.id doit être un identifiant').int('from.id doit être un identifiant').min(1).max(2_147_483_647),
  }),
});
export type CustomerAdoptPayload = z.infer<typeof customerAdoptSchema>;
