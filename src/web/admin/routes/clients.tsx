import { Link } from 'react-router';
import { listSearch } from '../../../shared/schemas/lists';
import { SearchBox } from '../components/filter-fields';
import { Badge } from '../components/ui/badge';
import { Card } from '../components/ui/card';
import { EmptyState, PageHeader } from '../components/ui/page-header';
import { Pager } from '../components/ui/pager';
import { Spinner } from '../components/ui/spinner';
import { useCustomerPage } from '../features/customers/api';
import { thb } from '../features/customers/labels';
import { useListParams, useSearchText } from '../lib/list-state';

/** Clients: one person across bookings, passes, payments and conversations; searched by name, e-mail or phone. */
export function ClientsPage() {
  const { get, page, set } = useListParams();
  const q = get('q');
  const { data, isLoading } = useCustomerPage(listSearch({ q, page }));
  const [text, setText] = useSearchText(q, (value) => set({ q: value }));
  const customers = data?.items;
  return (
    <div>
      <PageHeader title="Clients" subtitle="Une fiche par personne : réservations, formules, paiements et conversations." />
      <SearchBox className="mb-4" label="Rechercher un client" placeholder="Nom, e-mail ou téléphone…" value={text} onChange={setText} />
      {isLoading && <Spinner />}
      {customers && customers.length === 0 && <EmptyState title={q ? 'Aucun client ne correspond' : 'Aucun client pour le moment'} />}
      {customers && customers.length > 0 && (
        <Card>
          <ul className="divide-y divide-gray-200" aria-label="Clients">
            {customers.map((c) => (
              <li key={c.id} data-testid="client-row">
                <Link
                  to={`/admin/clients/${c.id}`}
                  className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-3 hover:bg-gray-50 focus-visible:ring-2 focus-visible:ring-red-600 focus-visible:outline-none focus-visible:ring-inset"
                >
                  <div className="min-w-0">
                    <p className="font-medium break-words text-gray-900">{c.name}</p>
                    {/* A long address breaks where it must; a phone number stays whole. */}
                    <p className="text-sm text-gray-700">
                      {c.email && <span className="wrap-anywhere">{c.email}</span>}
                      {c.email && c.phone && ' · '}
                      {c.phone && <span className="whitespace-nowrap">{c.phone}</span>}
                    </p>
                  </div>
                  {c.owedSatang > 0 && <Badge tone="red">Doit {thb(c.owedSatang)}</Badge>}
                </Link>
              </li>
            ))}
          </ul>
        </Card>
      )}
      {data && data.total > 0 && (
        <Pager
          label="Pages des clients"
          total={data.total}
          page={data.page}
          pageSize={data.pageSize}
          noun={['client', 'clients']}
          onPage={(p) => set({ page: p })}
        />
      )}
    </div>
  );
}
