import { ShoppingBag, Tag } from 'lucide-react';
import { Link } from 'react-router';
import { ErrorAlert } from '../components/ui/alert';
import { Button } from '../components/ui/button';
import { Pager } from '../components/ui/pager';
import { EmptyState, PageHeader } from '../components/ui/page-header';
import { Spinner } from '../components/ui/spinner';
import { useOrderPage } from '../features/orders/api';
import { OrderFilters } from '../features/orders/order-filters';
import { OrderList } from '../features/orders/order-list';
import { orderQuery } from '../features/orders/order-query';
import { SaleDialog } from '../features/orders/sale-dialog';
import { gymZoneName } from '../lib/format';
import { useListParams } from '../lib/list-state';

/**
 * Orders and money (issue 21): passes bought online or sold at the desk, searched and filtered by
 * the server; "Vendre une formule" opens the desk's sale (?vendre=1, so the desk can link to it).
 */
export function OrdersPage() {
  const { params, get, page, set } = useListParams();
  const { apiQuery, filtered } = orderQuery(get, page);
  const { data, isLoading, isError } = useOrderPage(apiQuery);
  const selling = params.get('vendre') === '1';
  const visible = data?.items ?? [];

  return (
    <>
      <PageHeader
        title="Commandes"
        subtitle="Formules achetées en ligne ou vendues à l’accueil, et leurs paiements"
        actions={
          <>
            <Link to="/admin/orders/codes" className="inline-flex min-h-10 items-center gap-1 px-2 text-sm font-medium text-gray-800 hover:underline">
              <Tag className="h-4 w-4" aria-hidden />
              Codes promo
            </Link>
            <Button onClick={() => set({ vendre: '1', page })}>
              <ShoppingBag className="h-4 w-4" aria-hidden />
              Vendre une formule
            </Button>
          </>
        }
      />
      <OrderFilters get={get} set={set} total={data?.total} />
      <p className="mb-4 text-xs text-gray-700">Dates et heures : {gymZoneName()}</p>
      {isLoading && <Spinner />}
      {isError && <ErrorAlert>Impossible de charger les commandes. Réessayez dans un instant.</ErrorAlert>}
      {data && visible.length === 0 && <EmptyState title={filtered ? 'Aucune commande ne correspond à la recherche' : 'Aucune commande'} />}
      {visible.length > 0 && <OrderList visible={visible} />}
      {data && data.total > 0 && (
        <Pager
          label="Pages des commandes"
          total={data.total}
          page={data.page}
          pageSize={data.pageSize}
          noun={['commande', 'commandes']}
          onPage={(p) => set({ page: p })}
        />
      )}
      <SaleDialog open={selling} onClose={() => set({ vendre: undefined, page })} />
    </>
  );
}
