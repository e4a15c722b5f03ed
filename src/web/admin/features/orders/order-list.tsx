import { Link } from 'react-router';
import { formatThb } from '../../../../shared/money';
import { Badge } from '../../components/ui/badge';
import { Card } from '../../components/ui/card';
import { formatGymDate, formatShortDateTime } from '../../lib/format';
import type { StaffOrder } from './api';
import { ORDER_METHOD_LABELS, STATE_LABELS, STATE_TONES } from './labels';

const thb = (satang: number) => formatThb(satang, 'fr');
const orderPath = (o: StaffOrder) => `/admin/orders/${o.id}`;
const netPaid = (o: StaffOrder) => o.paidSatang - o.refundedSatang;

export function OrderStateBadge({ order }: { order: Pick<StaffOrder, 'status'> }) {
  return (
    <Badge tone={STATE_TONES[order.status] ?? 'gray'} className="order-state">
      {STATE_LABELS[order.status] ?? order.status}
    </Badge>
  );
}

/** "Payé ฿1 000 · dû ฿1 500": what came in and what is still expected. */
function Money({ o }: { o: StaffOrder }) {
  return (
    <>
      <span className="font-medium text-gray-900 tabular-nums">{thb(o.amountSatang)}</span>
      <span className="block text-xs text-gray-700 tabular-nums">
        Payé {thb(netPaid(o))}
        {o.owedSatang > 0 && o.status !== 'cancelled' && o.status !== 'expired' && <> · dû {thb(o.owedSatang)}</>}
      </span>
    </>
  );
}

const linkClass = 'font-semibold text-red-800 hover:underline focus-visible:ring-2 focus-visible:ring-red-600 focus-visible:outline-none';

/** One page of orders: a table from 1280 px, cards below; the reference opens the order. */
export function OrderList({ visible }: { visible: StaffOrder[] }) {
  return (
    <>
      <Card className="hidden overflow-x-auto xl:block">
        <table className="w-full table-fixed text-left text-sm" data-testid="orders-table">
          <colgroup>
            <col className="w-40" />
            <col />
            <col />
            <col className="w-48" />
            <col className="w-48" />
          </colgroup>
          <thead className="border-b border-gray-200 bg-gray-50 text-gray-700">
            <tr>
              {['Référence', 'Client', 'Formule', 'Montant', 'Statut'].map((h) => (
                <th key={h} scope="col" className="px-4 py-3 font-medium">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {visible.map((o) => (
              <tr key={o.id} className="border-b border-gray-100 align-top last:border-0" data-testid="order-row">
                <td className="px-4 py-3">
                  <Link to={orderPath(o)} className={linkClass} aria-label={`Commande ${o.reference}, ${o.customerName}`}>
                    {o.reference}
                  </Link>
                  <div className="text-xs text-gray-700">{formatShortDateTime(o.createdAt)}</div>
                </td>
                <td className="px-4 py-3">
                  <div className="wrap-anywhere text-gray-900">{o.customerName}</div>
                  {o.customerEmail && (
                    <div className="truncate text-gray-700" title={o.customerEmail}>
                      {o.customerEmail}
                    </div>
                  )}
                </td>
                <td className="px-4 py-3">
                  <div className="wrap-anywhere text-gray-900">{o.passName}</div>
                  <div className="text-gray-700">dès le {formatGymDate(o.startDate, { weekday: false })}</div>
                </td>
                <td className="px-4 py-3">
                  <Money o={o} />
                </td>
                <td className="px-4 py-3">
                  <div className="flex flex-wrap gap-1">
                    <OrderStateBadge order={o} />
                    <Badge tone="gray">{ORDER_METHOD_LABELS[o.method] ?? o.method}</Badge>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
      <ul className="grid grid-cols-1 gap-4 lg:grid-cols-2 xl:hidden" aria-label="Commandes">
        {visible.map((o) => (
          <li key={o.id}>
            <Card className="relative p-4 focus-within:ring-2 focus-within:ring-red-600" data-testid="order-card">
              {/* On a phone the badges go under the name, which keeps the card's width. */}
              <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
                <div className="min-w-0 flex-1">
                  <h2 className="font-semibold wrap-anywhere text-gray-900">
                    {/* The whole card opens the order (the link's box covers it). */}
                    <Link
                      to={orderPath(o)}
                      className="after:absolute after:inset-0 focus-visible:outline-none"
                      aria-label={`Commande ${o.reference}, ${o.customerName}`}
                    >
                      {o.customerName}
                    </Link>
                  </h2>
                  <p className="text-sm wrap-anywhere text-gray-900">{o.passName}</p>
                  <p className="text-sm text-gray-700">
                    {o.reference} · dès le {formatGymDate(o.startDate, { weekday: false })}
                  </p>
                </div>
                <div className="flex shrink-0 flex-wrap gap-1 sm:flex-col sm:items-end">
                  <OrderStateBadge order={o} />
                  <Badge tone="gray">{ORDER_METHOD_LABELS[o.method] ?? o.method}</Badge>
                </div>
              </div>
              <p className="mt-2 text-sm">
                <Money o={o} />
              </p>
            </Card>
          </li>
        ))}
      </ul>
    </>
  );
}
