import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { ErrorAlert } from '../components/ui/alert';
import { PageHeader } from '../components/ui/page-header';
import { Spinner } from '../components/ui/spinner';
import { useOrder } from '../features/orders/api';
import { OrderActions } from '../features/orders/order-actions';
import { OrderDocuments } from '../features/orders/order-documents';
import { OrderStay } from '../features/orders/order-stay';
import { orderErrorText } from '../features/orders/order-errors';
import { OrderStateBadge } from '../features/orders/order-list';
import { OrderDispute, OrderFacts, OrderLedger, OrderMoney, OrderRefundFailure, OrderSlip } from '../features/orders/order-summary';
import { gymZoneName } from '../lib/format';
import { useSession } from '../lib/session';

const backLink =
  'inline-flex w-fit items-center gap-1 text-sm font-medium text-gray-800 hover:text-gray-950 hover:underline focus-visible:ring-2 focus-visible:ring-red-600 focus-visible:outline-none';

/** One order: the pass, the buyer, the money and its ledger, the slip, and what staff may do. */
export function OrderPage() {
  const parsed = Number.parseInt(useParams().id ?? '', 10);
  const id = Number.isSafeInteger(parsed) && parsed > 0 ? parsed : 0;
  const { data: order, isLoading, isError, error } = useOrder(id);
  const isAdmin = useSession().user?.role === 'admin';

  return (
    // minmax(0,1fr): the column follows the screen, never the width of a long e-mail address.
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <Link to="/admin/orders" className={backLink}>
        <ArrowLeft className="h-4 w-4" aria-hidden />
        Toutes les commandes
      </Link>
      {id > 0 && isLoading && <Spinner />}
      {(id === 0 || isError) && <ErrorAlert>{id === 0 ? 'Cette commande est introuvable.' : orderErrorText(error, 'load')}</ErrorAlert>}
      {order && (
        <>
          <PageHeader
            title={`Commande ${order.reference}`}
            subtitle={
              <span className="inline-flex flex-wrap items-center gap-2">
                <OrderStateBadge order={order} />
                <span>Dates : {gymZoneName()}</span>
              </span>
            }
          />
          {/* A new ledger line resets the forms; a change of state alone (the order lapsed while a
              payment was being typed) keeps them, with the refusal that says why. */}
          {order.refundFailure && <OrderRefundFailure failure={order.refundFailure} />}
          <OrderActions key={`${order.id}:${order.ledger.length}`} order={order} isAdmin={isAdmin} />
          <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
            {/* The money first on a phone; beside the facts, on the right, on a wide screen. */}
            <div className="grid content-start gap-4 lg:order-2">
              <OrderMoney order={order} />
              <OrderDocuments order={order} />
              {order.dispute && <OrderDispute dispute={order.dispute} />}
              {order.slipUrl && <OrderSlip url={order.slipUrl} />}
            </div>
            <div className="grid content-start gap-4 lg:order-1">
              <OrderFacts order={order} />
              <OrderStay order={order} isAdmin={isAdmin} />
              <OrderLedger lines={order.ledger} />
            </div>
          </div>
        </>
      )}
    </div>
  );
}
