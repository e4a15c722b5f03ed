import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { CustomerDetailDto } from '../../../../shared/api-types';
import { moneyOut } from '../../../../shared/ledger';
import { Badge } from '../../components/ui/badge';
import { Card } from '../../components/ui/card';
import { formatDateTime, formatGymDate } from '../../lib/format';
import {
  ATTENDANCE_LABELS,
  BOOKING_STATUS_LABELS,
  CONVERSATION_STATUS_LABELS,
  LEDGER_KIND_LABELS,
  ORDER_STATE_LABELS,
  ORDER_STATE_TONES,
  PAYMENT_METHOD_LABELS,
  plural,
  thb,
} from './labels';

// One customer's history, a card per section; rows wrap on a phone rather than scroll sideways.

function Section({ id, title, count, children }: { id: string; title: string; count?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <Card className="p-4 sm:p-6">
        <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
          <h2 id={id} className="text-lg font-semibold text-gray-900">
            {title}
          </h2>
          {count && <p className="text-sm text-gray-700">{count}</p>}
        </div>
        {children}
      </Card>
    </section>
  );
}

const Empty = ({ children }: { children: ReactNode }) => <p className="text-sm text-gray-700">{children}</p>;
const rowClass = 'flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-3';
const dateRange = (from: string, to: string) =>
  from === to ? formatGymDate(from, { weekday: false }) : `${formatGymDate(from, { weekday: false })} – ${formatGymDate(to, { weekday: false })}`;

/** Late cancels and no-shows of the last 90 days (issue 34 §5), and how many of them were forgiven. */
function ConductLine({ c }: { c: CustomerDetailDto }) {
  const { lateCancels, noShows, waived } = c.conduct90Days;
  const parts = [`${lateCancels} annulation${plural(lateCancels)} tardive${plural(lateCancels)}`, `${noShows} absence${plural(noShows)}`];
  return (
    <p className="mb-3 text-sm text-gray-800" data-testid="client-conduct">
      {`90 derniers jours : ${parts.join(', ')}`}
      {waived > 0 && ` (${waived} pardonnée${plural(waived)})`}
      {c.reviewRequestedAt && ` · avis demandé le ${formatDateTime(c.reviewRequestedAt)}`}
    </p>
  );
}

export function BookingsSection({ c }: { c: CustomerDetailDto }) {
  const shown = c.bookings.length < c.bookingCount ? `${c.bookings.length} plus récentes sur ${c.bookingCount}` : undefined;
  return (
    <Section id="client-bookings" title="Réservations" count={shown ?? `${c.bookingCount} réservation${plural(c.bookingCount)}`}>
      <ConductLine c={c} />
      {c.bookings.length === 0 ? (
        <Empty>Aucune réservation.</Empty>
      ) : (
        <ul className="divide-y divide-gray-200" aria-label="Réservations du client">
          {c.bookings.map((b) => (
            <li key={b.id} className={rowClass} data-testid="client-booking">
              <div className="min-w-0">
                <p className="font-medium text-gray-900">{b.course}</p>
                <p className="text-sm text-gray-700">{formatDateTime(b.dateTime)}</p>
              </div>
              <div className="flex flex-wrap gap-2">
                <Badge tone={b.status === 'cancelled' ? 'yellow' : 'gray'}>{BOOKING_STATUS_LABELS[b.status]}</Badge>
                {b.attendance && <Badge tone={b.attendance === 'present' ? 'green' : 'red'}>{ATTENDANCE_LABELS[b.attendance]}</Badge>}
                {b.passOrderId !== null && <Badge tone="blue">Formule</Badge>}
                {b.lateCancel && <Badge tone="yellow">Annulation tardive</Badge>}
                {b.waivedAt && <Badge tone="gray">Pardonnée</Badge>}
              </div>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

export function PassesSection({ c }: { c: CustomerDetailDto }) {
  return (
    <Section id="client-passes" title="Formules" count={`${c.orders.length} commande${plural(c.orders.length)}`}>
      {c.orders.length === 0 ? (
        <Empty>Aucune formule achetée.</Empty>
      ) : (
        <ul className="divide-y divide-gray-200" aria-label="Formules du client">
          {c.orders.map((o) => (
            <li key={o.id} className="grid gap-2 py-3" data-testid="client-order">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="min-w-0 font-medium break-words text-gray-900">{o.passName}</p>
                <Badge tone={ORDER_STATE_TONES[o.status]}>{ORDER_STATE_LABELS[o.status]}</Badge>
              </div>
              <p className="text-sm text-gray-700">
                {dateRange(o.startDate, o.endDate)} · réf. <span className="font-mono">{o.reference}</span>
              </p>
              <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4 lg:grid-cols-2 2xl:grid-cols-4">
                <div>
                  <dt className="text-gray-700">Crédits</dt>
                  <dd className="font-medium text-gray-900">
                    {o.creditsLeft === null
                      ? `Illimité (${o.creditsUsed} utilisé${plural(o.creditsUsed)})`
                      : `${o.creditsLeft} restant${plural(o.creditsLeft)} sur ${o.credits}`}
                  </dd>
                </div>
                <div>
                  <dt className="text-gray-700">Jours restants</dt>
                  <dd className="font-medium text-gray-900">{o.daysLeft}</dd>
                </div>
                <div>
                  <dt className="text-gray-700">Montant</dt>
                  <dd className="font-medium text-gray-900">{thb(o.amountSatang)}</dd>
                </div>
                <div>
                  <dt className="text-gray-700">Payé / dû</dt>
                  <dd className="font-medium text-gray-900">
                    {thb(o.paidSatang - o.refundedSatang)} / {thb(o.owedSatang)}
                  </dd>
                </div>
              </dl>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

export function PaymentsSection({ c }: { c: CustomerDetailDto }) {
  return (
    <Section id="client-payments" title="Paiements" count={`${c.payments.length} mouvement${plural(c.payments.length)}`}>
      {c.payments.length === 0 ? (
        <Empty>Aucun paiement.</Empty>
      ) : (
        <ul className="divide-y divide-gray-200" aria-label="Paiements du client">
          {c.payments.map((p) => (
            <li key={p.id} className={rowClass} data-testid="client-payment">
              <div className="min-w-0">
                <p className="font-medium text-gray-900">
                  {LEDGER_KIND_LABELS[p.kind]} · {PAYMENT_METHOD_LABELS[p.method]}
                </p>
                <p className="text-sm text-gray-700">
                  {formatDateTime(p.createdAt)} · réf. <span className="font-mono">{p.orderReference}</span>
                  {p.note ? ` · ${p.note}` : ''}
                </p>
              </div>
              <p className={moneyOut(p.kind) ? 'font-semibold text-red-800' : 'font-semibold text-green-800'}>
                {moneyOut(p.kind) ? '−' : '+'}
                {thb(p.amountSatang)}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

export function BalanceSection({ c }: { c: CustomerDetailDto }) {
  const owing = c.orders.filter((o) => o.owedSatang > 0);
  return (
    <Section id="client-balance" title="Solde dû">
      <p className={c.owedSatang > 0 ? 'text-2xl font-bold text-red-800' : 'text-2xl font-bold text-gray-900'} data-testid="client-balance">
        {thb(c.owedSatang)}
      </p>
      {owing.length > 0 && (
        <ul className="mt-2 text-sm text-gray-700">
          {owing.map((o) => (
            <li key={o.id}>
              {thb(o.owedSatang)} sur <span className="font-mono">{o.reference}</span> ({o.passName})
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

export function ConversationsSection({ c }: { c: CustomerDetailDto }) {
  return (
    <Section id="client-conversations" title="Conversations" count={`${c.conversations.length} conversation${plural(c.conversations.length)}`}>
      {c.conversations.length === 0 ? (
        <Empty>Aucune conversation.</Empty>
      ) : (
        <ul className="divide-y divide-gray-200" aria-label="Conversations du client">
          {c.conversations.map((m) => (
            <li key={m.id} className="grid gap-1 py-3" data-testid="client-conversation">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <Link to={`/admin/messages/${m.id}`} className="min-w-0 font-medium break-words text-red-800 hover:underline">
                  {m.subject}
                </Link>
                <Badge>{CONVERSATION_STATUS_LABELS[m.status]}</Badge>
              </div>
              {m.lastMessage && (
                <p className="text-sm break-words text-gray-700">
                  {m.lastMessage.senderType === 'customer' ? 'Client' : 'Équipe'} : {m.lastMessage.excerpt}
                </p>
              )}
              <p className="text-xs text-gray-700">{formatDateTime(m.lastMessageAt)}</p>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
