import { useQuery } from '@tanstack/react-query';
import { Users } from 'lucide-react';
import { useState } from 'react';
import { addMinutesToTime } from '../../../shared/gym-time';
import { clockText, dayText, sessionsByDay, sessionsQuery, spotsText, type SessionDto } from '../../lib/timetable';

/**
 * The coming sessions (GET /api/sessions, 14 days), one day at a time: a row of day buttons
 * that scrolls sideways on a phone, then that day's sessions with their free places. Choosing
 * one hands it to the page (which fills the form); a full session is shown, marked "Full",
 * and cannot be chosen.
 */
export function SessionList({ chosenId, onPick }: { chosenId: string | null; onPick: (s: SessionDto) => void }) {
  const { data, isPending, isError, refetch, isFetching } = useQuery(sessionsQuery());
  const days = data ? sessionsByDay(data.sessions) : [];
  const [picked, setPicked] = useState<string | null>(null);
  const day = days.find((d) => d.date === picked) ?? days[0];

  if (isPending) {
    return (
      <p role="status" className="text-ink-300">
        Loading the timetable...
      </p>
    );
  }
  if (isError) {
    return (
      <div role="alert" className="text-ink-300">
        <p>The timetable could not be loaded.</p>
        <button type="button" onClick={() => void refetch()} disabled={isFetching} className="mt-2 font-semibold text-bone-50 underline underline-offset-4">
          Try again
        </button>
      </div>
    );
  }
  if (!day) return <p className="text-ink-300">No sessions are open for booking in the next two weeks.</p>;

  return (
    <div data-testid="session-list">
      <div className="-mx-4 overflow-x-auto px-4 pb-2 sm:mx-0 sm:px-0" role="group" aria-label="Day">
        <ul className="flex w-max gap-2 lg:w-auto lg:flex-wrap">
          {days.map((d) => {
            const current = d.date === day.date;
            const open = d.sessions.filter((s) => !s.full).length;
            return (
              <li key={d.date}>
                <button
                  type="button"
                  aria-pressed={current}
                  onClick={() => setPicked(d.date)}
                  data-date={d.date}
                  className={`flex min-h-12 flex-col items-center rounded-lg border px-3 py-2 text-sm whitespace-nowrap transition-colors ${
                    current ? 'border-gold-400 bg-gold-400 text-ink-950' : 'border-ink-600 bg-ink-900 text-bone-100 hover:border-ink-400'
                  }`}
                >
                  <span className="font-bold">{dayText(d.date)}</span>
                  <span className={`text-xs ${current ? 'text-ink-900' : 'text-ink-300'}`}>{open === 0 ? 'Full' : `${open} open`}</span>
                </button>
              </li>
            );
          })}
        </ul>
      </div>

      <h3 className="mt-4 mb-3 font-display-tight text-2xl" aria-live="polite">
        {dayText(day.date, 'long')}
      </h3>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {day.sessions.map((s) => {
          const chosen = s.id === chosenId;
          return (
            <li key={s.id}>
              <button
                type="button"
                disabled={s.full}
                aria-pressed={s.full ? undefined : chosen}
                onClick={() => onPick(s)}
                data-testid="session"
                data-session-id={s.id}
                data-full={s.full ? 'true' : undefined}
                className={`flex w-full flex-col rounded-card border p-4 text-left transition-colors ${
                  s.full
                    ? 'cursor-not-allowed border-ink-800 bg-ink-950 text-ink-400'
                    : chosen
                      ? 'border-gold-400 bg-ink-850'
                      : 'border-ink-700 bg-ink-900 hover:border-blood-500 hover:bg-ink-850'
                }`}
              >
                <span className="flex w-full flex-wrap items-center justify-between gap-2">
                  <span className={`font-bold tabular-nums ${s.full ? '' : 'text-gold-400'}`}>
                    {clockText(s.time)} – {clockText(addMinutesToTime(s.time, s.durationMinutes))}
                  </span>
                  <span
                    className={`inline-flex items-center gap-1 rounded-pill px-2.5 py-0.5 text-xs font-bold whitespace-nowrap ${
                      s.full ? 'bg-danger-400/15 text-danger-400' : 'bg-ink-700 text-bone-100'
                    }`}
                  >
                    <Users aria-hidden className="size-3.5" />
                    {spotsText(s)}
                  </span>
                </span>
                <span className={`mt-1 font-display-tight text-xl ${s.full ? 'line-through decoration-1' : 'text-bone-50'}`}>{s.course}</span>
                <span className="text-sm text-ink-300">
                  {s.level}
                  {s.coach ? ` · Coach ${s.coach}` : ''}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
