import { ChevronLeft, ChevronRight, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { addDays, addMinutesToTime, isIsoDate } from '../../../../shared/gym-time';
import { errorText } from '../../../lib/api-client';
import { ErrorAlert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Input } from '../../components/ui/field';
import { IconButton } from '../../components/ui/icon-button';
import { EmptyState } from '../../components/ui/page-header';
import { Spinner } from '../../components/ui/spinner';
import { cn } from '../../lib/cn';
import { formatGymDate, gymToday, gymZoneName } from '../../lib/format';
import { useDeskDay, type DeskSession } from './api';
import { DeskBookingDialog } from './desk-booking-dialog';
import { RosterRow } from './roster-row';
import { WaitlistList } from '../../components/waitlist-list';
import { CheckInScanner } from './check-in-scanner';

/**
 * The desk's day: each session of a gym date with its seats and roster; one tap marks a person
 * present or absent (a second tap on the same mark removes it); "Ajouter" books a walk-in or a
 * WhatsApp customer into the session. The date is the page's (?date=), today in gym time by default.
 */
export function DayView({ date, onDateChange }: { date: string; onDateChange: (date: string) => void }) {
  const { data, isLoading, isError, error } = useDeskDay(date);
  const [adding, setAdding] = useState<DeskSession | null>(null);
  const today = gymToday();

  return (
    <div data-testid="day-view">
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 className="text-lg font-semibold text-gray-900 first-letter:uppercase" data-testid="day-title">
            {formatGymDate(date)}
          </h2>
          <p className="text-sm text-gray-700">Heures : {gymZoneName()}</p>
        </div>
        <div className="flex flex-wrap items-end gap-2">
          <IconButton variant="outline" className="h-11 w-11" label="Jour précédent" onClick={() => onDateChange(addDays(date, -1))}>
            <ChevronLeft className="h-5 w-5" aria-hidden />
          </IconButton>
          <div className="grid min-w-0 flex-1 gap-1 sm:flex-none">
            <label htmlFor="day-date" className="sr-only">
              Date
            </label>
            <Input
              id="day-date"
              type="date"
              className="h-11 w-full sm:w-40"
              value={date}
              onChange={(e) => {
                if (isIsoDate(e.target.value)) onDateChange(e.target.value);
              }}
            />
          </div>
          <IconButton variant="outline" className="h-11 w-11" label="Jour suivant" onClick={() => onDateChange(addDays(date, 1))}>
            <ChevronRight className="h-5 w-5" aria-hidden />
          </IconButton>
          {date !== today && (
            <Button variant="ghost" className="h-11" onClick={() => onDateChange(today)}>
              Aujourd'hui
            </Button>
          )}
          {date === today && <CheckInScanner />}
        </div>
      </div>

      {isLoading && <Spinner />}
      {isError && <ErrorAlert>{errorText(error, 'Impossible de charger les séances du jour')}</ErrorAlert>}
      {data?.closed && (
        <div role="status" className="mb-4 rounded-md border border-yellow-300 bg-yellow-50 p-3 text-sm text-yellow-900">
          La salle est fermée ce jour-là.
        </div>
      )}
      {data && data.sessions.length === 0 && <EmptyState title="Aucune séance ce jour-là" />}
      {data && data.sessions.length > 0 && (
        <ul className="grid grid-cols-1 gap-4 xl:grid-cols-2" aria-label="Séances du jour">
          {data.sessions.map((s) => (
            <li key={s.id}>
              <SessionCard session={s} date={date} closed={data.closed} onAdd={() => setAdding(s)} />
            </li>
          ))}
        </ul>
      )}
      <DeskBookingDialog session={adding} date={date} onClose={() => setAdding(null)} />
    </div>
  );
}

function SessionCard({ session: s, date, closed, onAdd }: { session: DeskSession; date: string; closed: boolean; onAdd: () => void }) {
  const title = `${s.course} ${s.time}`;
  const pct = s.capacity > 0 ? Math.min(100, Math.round((s.taken / s.capacity) * 100)) : 0;
  const bookable = !s.cancelled && !closed && s.spotsLeft > 0;
  return (
    <Card className={cn('p-4', s.cancelled && 'bg-gray-50')} data-testid="desk-session">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-xl font-bold text-gray-900 tabular-nums">
            <span data-testid="desk-session-time">{s.time}</span>
            <span className="text-base font-normal text-gray-700"> – {addMinutesToTime(s.time, s.durationMinutes)}</span>
          </p>
          <h3 className="font-semibold wrap-anywhere text-gray-900">{s.course}</h3>
          {s.coach && <p className="text-sm text-gray-700">Coach : {s.coach}</p>}
        </div>
        <div className="shrink-0 text-right">
          {s.cancelled ? (
            <Badge tone="yellow">Séance annulée</Badge>
          ) : (
            <p className="text-sm text-gray-700">
              <span className="text-lg font-semibold text-gray-900" data-testid="desk-session-seats">
                {s.taken}/{s.capacity}
              </span>{' '}
              places
            </p>
          )}
        </div>
      </div>
      {!s.cancelled && (
        <div
          className="mt-2 h-2 overflow-hidden rounded-full bg-gray-200"
          role="meter"
          aria-label={`Places prises, ${title}`}
          aria-valuemin={0}
          aria-valuemax={s.capacity}
          aria-valuenow={s.taken}
          aria-valuetext={`${s.taken} sur ${s.capacity}`}
        >
          <div className={cn('h-full', s.spotsLeft === 0 ? 'bg-red-700' : 'bg-green-600')} style={{ width: `${pct}%` }} />
        </div>
      )}

      {s.roster.length === 0 ? (
        <p className="mt-3 text-sm text-gray-700">Aucune réservation.</p>
      ) : (
        <ul className="mt-3 divide-y divide-gray-100" aria-label={`Inscrits, ${title}`}>
          {s.roster.map((r) => (
            <RosterRow key={r.id} r={r} date={date} />
          ))}
        </ul>
      )}

      {s.spotsLeft === 0 && <WaitlistList weeklySessionId={s.weeklySessionId} date={date} />}

      <div className="mt-3 flex items-center justify-between gap-2 border-t border-gray-100 pt-3">
        <p className="text-xs text-gray-700">
          {s.cancelled ? '' : s.spotsLeft === 0 ? 'Complet' : `${s.spotsLeft} place${s.spotsLeft > 1 ? 's' : ''} libre${s.spotsLeft > 1 ? 's' : ''}`}
        </p>
        <Button variant="outline" className="h-11" onClick={onAdd} disabled={!bookable} aria-label={`Ajouter une réservation, ${title}`}>
          <UserPlus className="h-4 w-4" aria-hidden />
          Ajouter
        </Button>
      </div>
    </Card>
  );
}
