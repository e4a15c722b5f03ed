import type { HeldBookingDto } from '../../../../shared/schemas/timetable';
import { formatShortDateTime } from '../../lib/format';

/**
 * Who a cancellation or closure would touch, shown before staff confirm: each booking is
 * cancelled, its pass credit given back, and its holder e-mailed in their language.
 */
export function HeldBookings({ bookings, loading, failed }: { bookings: HeldBookingDto[] | undefined; loading: boolean; failed: boolean }) {
  if (loading) return <p className="text-sm text-gray-600">Lecture des réservations…</p>;
  if (failed) return <p className="text-sm text-red-700">Impossible de lire les réservations concernées.</p>;
  const list = bookings ?? [];
  return (
    <section aria-label="Réservations concernées" data-testid="held-bookings" className="grid gap-2 rounded-md border border-gray-200 p-3">
      {list.length === 0 ? (
        <p className="text-sm text-gray-700">Aucune réservation concernée.</p>
      ) : (
        <>
          <p className="text-sm font-medium text-gray-900">
            {list.length === 1 ? '1 réservation sera annulée' : `${list.length} réservations seront annulées`} : chacun est prévenu par e-mail dans sa langue
            et, s’il a payé avec un pass, y retrouve sa séance.
          </p>
          <ul className="grid max-h-48 gap-1 overflow-y-auto text-sm">
            {list.map((b) => (
              <li key={b.id} className="flex flex-wrap justify-between gap-x-3 border-t border-gray-100 pt-1 first:border-0 first:pt-0">
                <span className="min-w-0 font-medium break-words text-gray-900">{b.name}</span>
                <span className="text-gray-600 tabular-nums">
                  {b.course} · {formatShortDateTime(b.dateTime)}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
