import { z } from 'zod';
import { isIsoDate } from '../../../../shared/gym-time';
import { ORDER_METHODS, ORDER_STATES } from '../../../../shared/ledger';
import { listSearch } from '../../../../shared/schemas/lists';

// The orders list's search as the address holds it (q, statut, moyen, du, au, attention, page), read
// into GET /api/orders?q=&status=&method=&from=&to=&attention=&page=. A value that does not read (an address
// edited by hand) is dropped rather than sent.

const field = <T extends z.ZodType>(schema: T, value: string) => {
  const r = schema.safeParse(value);
  return r.success ? r.data : undefined;
};
const gymDate = z.string().refine(isIsoDate);

export function orderQuery(get: (name: string) => string, page: number) {
  const search = get('q').trim().slice(0, 200) || undefined;
  const query = {
    q: search,
    status: field(z.enum(ORDER_STATES), get('statut')),
    method: field(z.enum(ORDER_METHODS), get('moyen')),
    from: field(gymDate, get('du')),
    to: field(gymDate, get('au')),
    attention: get('attention') === 'oui' ? ('true' as const) : undefined,
  };
  return {
    apiQuery: listSearch({ ...query, page: Math.max(1, page) }),
    filtered: Object.values(query).some((v) => v !== undefined),
  };
}
