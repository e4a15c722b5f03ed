import { Card } from '../../components/ui/card';
import { formatGymDate } from '../../lib/format';
import type { SeatsDay } from '../../lib/types';

const percent = (n: number) => `${Math.round(n * 100)} %`;

/** Seats booked per day for the coming 7 days (gym dates), with the fill rate: one bar per day, its numbers written beside it. */
export function SeatsCard({ days }: { days: SeatsDay[] }) {
  return (
    <Card className="p-5 xl:col-span-2" data-testid="seats-next-7-days">
      <h2 className="mb-4 font-semibold text-gray-900">Places réservées — 7 prochains jours</h2>
      {days.length === 0 ? (
        <p className="text-sm text-gray-700">Aucune séance prévue.</p>
      ) : (
        <ul className="grid gap-3">
          {days.map((d) => {
            // The rate from the two counts shown, so the bar, the numbers and the percentage agree.
            const rate = d.capacity > 0 ? d.booked / d.capacity : 0;
            const text = d.capacity > 0 ? `${d.booked}/${d.capacity} places, ${percent(rate)}` : 'Fermé';
            return (
              <li
                key={d.date}
                className="grid grid-cols-[6.5rem_minmax(0,1fr)] items-center gap-3 text-sm sm:grid-cols-[9rem_minmax(0,1fr)_9rem]"
                data-testid="seats-day"
              >
                <span className="text-gray-900 first-letter:uppercase">{formatGymDate(d.date, { year: false })}</span>
                <span className="h-3 overflow-hidden rounded-full bg-gray-200" aria-hidden>
                  <span className="block h-full bg-red-700" style={{ width: `${Math.min(100, Math.round(rate * 100))}%` }} />
                </span>
                <span className="col-span-2 text-gray-700 tabular-nums sm:col-span-1 sm:text-right" data-testid="seats-day-text">
                  {text}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}

/** The share of no-shows among the bookings marked in the last 30 days. */
export function NoShowCard({ rate, attendance }: { rate: number | null; attendance?: { present: number; noShow: number } }) {
  const marked = attendance ? attendance.present + attendance.noShow : 0;
  // From the counts when the server sent them; else its rate (a fraction, or a percentage above 1).
  const value = attendance && marked > 0 ? attendance.noShow / marked : rate === null ? null : rate > 1 ? rate / 100 : rate;
  return (
    <Card className="p-5" data-testid="no-show-rate">
      <h2 className="mb-2 font-semibold text-gray-900">Absences — 30 derniers jours</h2>
      {value === null ? (
        <p className="text-sm text-gray-700">Aucune présence pointée pour le moment.</p>
      ) : (
        <>
          <p className="text-3xl font-bold text-gray-900">{percent(value)}</p>
          <p className="mt-1 text-sm text-gray-700">
            {attendance
              ? `${attendance.noShow} absent${attendance.noShow > 1 ? 's' : ''} sur ${marked} personne${marked > 1 ? 's' : ''} pointée${marked > 1 ? 's' : ''}`
              : 'des personnes pointées'}
          </p>
        </>
      )}
    </Card>
  );
}
