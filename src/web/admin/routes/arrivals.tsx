import type { BoardDayDto } from '../../../shared/api-types/arrivals';
import { addDays } from '../../../shared/gym-time';
import { useState } from 'react';
import { Field, Input } from '../components/ui/field';
import { PageHeader } from '../components/ui/page-header';
import { Spinner } from '../components/ui/spinner';
import { useArrivals, useOccupancy } from '../features/arrivals/api';
import { OccupancyGrid } from '../features/arrivals/occupancy-grid';
import { StayCard } from '../features/arrivals/stay-card';
import { formatGymDate, gymToday } from '../lib/format';

/** "Arrivées" (issue 36 §5): a day's and the next day's arrivals, departures, guests in house and pickups; the occupancy grid. */
export function ArrivalsPage() {
  const [date, setDate] = useState(gymToday());
  const board = useArrivals(date);
  const occupancy = useOccupancy(date);
  return (
    <>
      <PageHeader title="Arrivées" subtitle="Arrivées, départs, transferts et chambres du jour et du lendemain" />
      <div className="mb-4 max-w-48">
        <Field id="arrivals-date" label="Jour">
          <Input id="arrivals-date" type="date" value={date} onChange={(e) => e.target.value && setDate(e.target.value)} />
        </Field>
      </div>
      {board.isLoading && <Spinner />}
      {board.data && (
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
          {board.data.days.map((day, i) => (
            <Day
              key={day.date}
              day={day}
              title={
                i === 0
                  ? date === gymToday()
                    ? 'Aujourd’hui'
                    : formatGymDate(day.date, { weekday: true })
                  : i === 1 && date === gymToday()
                    ? 'Demain'
                    : formatGymDate(day.date, { weekday: true })
              }
              rooms={board.data.rooms}
            />
          ))}
        </div>
      )}
      <section className="mt-8" aria-labelledby="occupancy-title">
        <h2 id="occupancy-title" className="mb-3 text-lg font-semibold text-gray-900">
          Occupation du {formatGymDate(date)} au {formatGymDate(addDays(date, 29))}
        </h2>
        {occupancy.data && <OccupancyGrid grid={occupancy.data} />}
      </section>
    </>
  );
}

function Day({ day, title, rooms }: { day: BoardDayDto; title: string; rooms: { id: number; label: string; roomTypeId: number; roomTypeName: string }[] }) {
  const headingId = `day-${day.date}`;
  const empty = !day.arrivals.length && !day.departures.length && !day.pickups.length && !day.staying.length;
  return (
    <section aria-labelledby={headingId} data-testid="arrivals-day">
      <h2 id={headingId} className="mb-2 text-lg font-semibold text-gray-900">
        {title}
      </h2>
      {empty && <p className="text-sm text-gray-700">Ni arrivée, ni départ, ni transfert.</p>}
      <Group title="Transferts depuis l’aéroport" count={day.pickups.length}>
        {day.pickups.map((p) => (
          <li key={p.orderId} className="rounded-md border border-gray-200 bg-white p-3 text-sm">
            <span className="font-semibold text-gray-900">{p.arrivesAt.slice(11, 16)}</span> · {p.airport} ·{' '}
            {p.flightNumber ? `vol ${p.flightNumber}` : 'vol non indiqué'} · <span className="wrap-anywhere">{p.name}</span> ({p.reference})
          </li>
        ))}
      </Group>
      <Group title="Arrivées" count={day.arrivals.length}>
        {day.arrivals.map((s) => (
          <StayCard key={s.orderId} stay={s} rooms={rooms} kind="arrival" />
        ))}
      </Group>
      <Group title="Départs" count={day.departures.length}>
        {day.departures.map((s) => (
          <StayCard key={s.orderId} stay={s} rooms={rooms} kind="departure" />
        ))}
      </Group>
      <Group title="Clients sur place" count={day.staying.length}>
        {day.staying.map((s) => (
          <StayCard key={s.orderId} stay={s} rooms={rooms} kind="staying" />
        ))}
      </Group>
    </section>
  );
}

function Group({ title, count, children }: { title: string; count: number; children: React.ReactNode }) {
  if (!count) return null;
  return (
    <div className="mb-4">
      <h3 className="mb-2 text-sm font-semibold text-gray-800">
        {title} ({count})
      </h3>
      <ul className="grid gap-2" aria-label={title}>
        {children}
      </ul>
    </div>
  );
}
