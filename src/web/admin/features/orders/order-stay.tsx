import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { CancellationQuoteDto } from '../../../../shared/api-types/stay-orders';
import { formatThb } from '../../../../shared/money';
import { apiGet, apiRequest } from '../../../lib/api-client';
import { ErrorAlert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { formatGymDate } from '../../lib/format';
import { ORDERS_KEY, type StaffOrder } from './api';
import { orderErrorText } from './order-errors';

// An order's stay and pickup in the back office (issue 36 §3–4): the lines apart, and for admins
// the cancellation as the buyer's accepted terms quote it (GET …/cancellation-quote), confirmed
// as shown: the order is cancelled, its nights given back, the quoted amount refunded.

const money = (satang: number) => formatThb(satang, 'fr-FR');

export function OrderStay({ order, isAdmin }: { order: StaffOrder; isAdmin: boolean }) {
  const lines = order.lines;
  const [asking, setAsking] = useState(false);
  const qc = useQueryClient();
  const quote = useQuery<CancellationQuoteDto>({
    queryKey: [...ORDERS_KEY, order.id, 'cancellation-quote'],
    queryFn: () => apiGet<CancellationQuoteDto>(`/api/orders/${order.id}/cancellation-quote`),
    enabled: asking,
    staleTime: 0,
  });
  const cancel = useMutation({
    mutationFn: (refundSatang: number) => apiRequest<StaffOrder>('POST', `/api/orders/${order.id}/stay-cancellation`, { refundSatang }),
    onSuccess: (next) => qc.setQueryData([...ORDERS_KEY, order.id], next),
    onSettled: () => qc.invalidateQueries({ queryKey: ORDERS_KEY }),
  });
  if (!lines) return null;
  const { stay, pickup } = lines;
  const cancellable = isAdmin && stay?.holdsNights && !order.cancelledAt;
  return (
    <Card className="grid gap-3 p-4" data-testid="order-stay">
      <h2 className="text-base font-semibold text-gray-900">Séjour et transfert</h2>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        {lines.trainingSatang > 0 && (
          <>
            <dt className="text-gray-700">Entraînement</dt>
            <dd>{money(lines.trainingSatang)}</dd>
          </>
        )}
        {stay && (
          <>
            <dt className="text-gray-700">Chambre</dt>
            <dd>
              {stay.roomTypeName} · du {formatGymDate(stay.checkIn)} au {formatGymDate(stay.checkOut)} · {stay.nights} nuit{stay.nights > 1 ? 's' : ''} ·{' '}
              {stay.guests} pers. · {money(stay.amountSatang)}
              {!stay.holdsNights && <span className="block text-xs text-gray-700">Nuits rendues (commande expirée ou annulée)</span>}
            </dd>
          </>
        )}
        {pickup && (
          <>
            <dt className="text-gray-700">Transfert</dt>
            <dd>
              {pickup.airportName} · {formatGymDate(pickup.arrivesAt.slice(0, 10))} {pickup.arrivesAt.slice(11)} · {pickup.flightNumber ?? 'vol inconnu'} ·{' '}
              {money(pickup.amountSatang)}
            </dd>
          </>
        )}
        <dt className="text-gray-700">Solde</dt>
        <dd>{lines.balanceDueDate ? `dû avant le ${formatGymDate(lines.balanceDueDate)}` : "à l'accueil, à l'arrivée"}</dd>
        {lines.termsVersion != null && (
          <>
            <dt className="text-gray-700">Conditions</dt>
            <dd>version {lines.termsVersion}</dd>
          </>
        )}
      </dl>
      {cancellable && !asking && (
        <div>
          <Button variant="outline" onClick={() => setAsking(true)}>
            Annuler le séjour…
          </Button>
        </div>
      )}
      {cancellable && asking && quote.data && (
        <div className="grid gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm" data-testid="stay-quote">
          <p>
            Arrivée dans {quote.data.daysBeforeArrival} jour{Math.abs(quote.data.daysBeforeArrival) > 1 ? 's' : ''} : les conditions (version{' '}
            {quote.data.termsVersion ?? '?'}) remboursent {quote.data.refundPercent} % de {money(quote.data.paidSatang)} payés, soit{' '}
            <strong>{money(quote.data.refundSatang)}</strong>.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button variant="destructive" pending={cancel.isPending} onClick={() => cancel.mutate(quote.data.refundSatang)}>
              Confirmer l'annulation et rembourser {money(quote.data.refundSatang)}
            </Button>
            <Button variant="outline" onClick={() => setAsking(false)}>
              Ne pas annuler
            </Button>
          </div>
        </div>
      )}
      {quote.isError && <ErrorAlert>{orderErrorText(quote.error, 'load')}</ErrorAlert>}
      {cancel.isError && <ErrorAlert>{orderErrorText(cancel.error, 'load')}</ErrorAlert>}
    </Card>
  );
}
