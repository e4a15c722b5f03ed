import { listSearch, reservationListQuerySchema } from '../../../../shared/schemas/lists';
import type { useListParams } from '../../lib/list-state';

/**
 * The list's search as the address holds it (q, cours, statut, quand, du, au, tri, archivees,
 * page), read into the API's query.
 */
export function reservationQuery({ get, page }: Pick<ReturnType<typeof useListParams>, 'get' | 'page'>) {
  const showArchived = get('archivees') === '1';
  const parsed = reservationListQuerySchema.safeParse({
    q: get('q') || undefined,
    course: get('cours') || undefined,
    status: get('statut') || (showArchived ? undefined : 'active'),
    when: get('quand') || undefined,
    from: get('du') || undefined,
    to: get('au') || undefined,
    sort: get('tri') || undefined,
    page,
  });
  // A hand-edited address with a bad value falls back to the default list rather than an error.
  const query = parsed.success ? parsed.data : { status: 'active' as const, page: 1 };
  return {
    showArchived,
    apiQuery: listSearch({ ...query, page: query.page ?? 1 }),
    // The selection holds across pages of one search; another search or filter drops it.
    selectionScope: listSearch({ ...query, page: 1 }),
    filtered: ['q', 'cours', 'statut', 'quand', 'du', 'au'].some((k) => get(k) !== ''),
  };
}
