import { Badge } from '../../components/ui/badge';
import { PageCheckbox, RowCheckbox } from '../../components/ui/bulk-bar';
import { Card } from '../../components/ui/card';
import { ColumnHeads } from '../../components/ui/column-heads';
import { LanguageBadge } from '../../components/language-badge';
import { MercyBadges } from '../../components/waive-button';
import { formatDateTime, formatShortDateTime, truncate } from '../../lib/format';
import type { useSelection } from '../../lib/selection';
import type { Reservation } from '../../lib/types';
import { STATUS_LABELS, STATUS_TONES } from './labels';
import { RowActions } from './row-actions';
import type { ReservationActions } from './use-reservation-actions';

/** Upcoming or past at a glance, beside the status (a cancelled booking says so in its status). */
const isUpcoming = (r: Reservation) => Date.parse(r.dateTime) >= Date.now();
function WhenBadge({ r }: { r: Reservation }) {
  return isUpcoming(r) ? <Badge tone="blue">À venir</Badge> : <Badge tone="gray">Passé</Badge>;
}

/** One page of bookings with its select-all: a table from 1280 px, cards below. */
export function ReservationList({
  visible,
  selection,
  actions: a,
}: {
  visible: Reservation[];
  selection: ReturnType<typeof useSelection<Reservation>>;
  actions: ReservationActions;
}) {
  const actions = (r: Reservation) => <RowActions r={r} actions={a} />;
  return (
    <>
      <div className="mb-2">
        <PageCheckbox
          state={selection.pageState(visible)}
          onChange={() => selection.togglePage(visible)}
          label="Sélectionner toutes les réservations de la page"
        />
      </div>
      {/* A table from 1280 px (below, cards): fixed layout, so a long name or e-mail wraps or is
  cut inside its column instead of widening the table past the screen. */}
      <Card className="hidden overflow-x-auto xl:block">
        <table className="w-full table-fixed text-left text-sm" data-testid="reservations-table">
          <colgroup>
            <col className="w-12" />
            <col />
            <col />
            <col />
            <col className="w-40" />
            <col />
            <col className="w-28" />
            <col className="w-40" />
          </colgroup>
          <thead className="border-b border-gray-200 bg-gray-50 text-gray-700">
            <ColumnHeads
              columns={[
                [<span className="sr-only">Sélection</span>, 'py-3 pl-4'],
                ['Nom', 'px-4 py-3 font-medium'],
                ['Contact', 'px-4 py-3 font-medium'],
                ['Cours', 'px-4 py-3 font-medium'],
                ['Date et heure', 'px-4 py-3 font-medium'],
                ['Message', 'px-4 py-3 font-medium'],
                ['Statut', 'px-4 py-3 font-medium'],
                ['Actions', 'px-4 py-3 text-right font-medium'],
              ]}
            />
          </thead>
          <tbody>
            {visible.map((r) => (
              <tr
                key={r.id}
                className={`border-b border-gray-100 last:border-0 ${r.status === 'unread' ? 'bg-red-50/50 font-medium' : ''}`}
                data-testid="reservation-row"
              >
                <td className="py-3 pl-4">
                  <RowCheckbox checked={selection.isSelected(r.id)} onChange={() => selection.toggle(r)} label={`Sélectionner la réservation de ${r.name}`} />
                </td>
                <td className="px-4 py-3 wrap-anywhere text-gray-900">{r.name}</td>
                <td className="px-4 py-3 text-gray-700">
                  {r.email && (
                    <div className="truncate" title={r.email}>
                      {r.email}
                    </div>
                  )}
                  {r.phone && <div className="wrap-anywhere">{r.phone}</div>}
                </td>
                <td className="px-4 py-3 wrap-anywhere text-gray-900">{r.course}</td>
                <td className="px-4 py-3 whitespace-nowrap text-gray-700">{formatShortDateTime(r.dateTime)}</td>
                <td className="px-4 py-3 wrap-anywhere text-gray-700" title={r.message ?? undefined}>
                  {truncate(r.message, 30)}
                </td>
                <td className="px-4 py-3">
                  <div className="flex flex-wrap gap-1">
                    <Badge tone={STATUS_TONES[r.status]}>{STATUS_LABELS[r.status]}</Badge>
                    <WhenBadge r={r} />
                    <LanguageBadge language={r.language} />
                    <MercyBadges r={r} />
                  </div>
                </td>
                <td className="px-4 py-3">{actions(r)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
      <ul className="grid grid-cols-1 gap-4 lg:grid-cols-2 xl:hidden" aria-label="Réservations">
        {visible.map((r) => (
          <li key={r.id}>
            <Card className="p-4" data-testid="reservation-card">
              <div className="flex items-start justify-between gap-2">
                {/* A 44 px box around the box to tick, for a thumb; the checkbox names itself (aria-label). */}
                {/* eslint-disable-next-line jsx-a11y/label-has-associated-control */}
                <label className="-mt-2.5 -ml-3 flex h-11 w-11 shrink-0 cursor-pointer items-center justify-center">
                  <RowCheckbox checked={selection.isSelected(r.id)} onChange={() => selection.toggle(r)} label={`Sélectionner la réservation de ${r.name}`} />
                </label>
                <div className="min-w-0 flex-1">
                  <h2 className="font-semibold wrap-anywhere text-gray-900">{r.name}</h2>
                  <p className="text-sm text-gray-900">{r.course}</p>
                  <p className="text-sm text-gray-700">{formatDateTime(r.dateTime)}</p>
                </div>
                <div className="flex shrink-0 flex-col items-end gap-1">
                  <Badge tone={STATUS_TONES[r.status]}>{STATUS_LABELS[r.status]}</Badge>
                  <WhenBadge r={r} />
                  <LanguageBadge language={r.language} />
                  <MercyBadges r={r} />
                </div>
              </div>
              <div className="mt-2 text-sm wrap-anywhere text-gray-700">
                {r.email && <div>{r.email}</div>}
                {r.phone && <div>{r.phone}</div>}
              </div>
              {r.message && <p className="mt-2 text-sm wrap-anywhere text-gray-800">{truncate(r.message, 60)}</p>}
              <div className="mt-3">{actions(r)}</div>
            </Card>
          </li>
        ))}
      </ul>
    </>
  );
}
