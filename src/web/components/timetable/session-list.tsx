import { Users } from 'lucide-react';
import { useState } from 'react';
import { addDays, addMinutesToTime, isoWeekday } from '../../../shared/gym-time';
import { useT, useTimetableWording } from '../../i18n/i18n';
import { useResource } from '../../lib/resource';
import { clockText, dayParts, dayText, sessionsByDay, sessionsQuery, spotsText, type SessionDto } from '../../lib/timetable';

/**
 * The coming sessions (GET /api/sessions, 14 days), one day at a time: a two-week calendar of
 * day buttons, then that day's sessions with their free places. Choosing
 * one hands it to the page (which fills the form); a full session is shown, marked "Full",
 * and cannot be chosen.
 */
export function SessionList({
  chosenId,
  onPick,
  only,
}: {
  chosenId: string | null;
  onPick: (s: SessionDto) => void;
  /** Which sessions to offer (a pass's days); every one when absent. */
  only?: (s: SessionDto) => boolean;
}) {
  const t = useT();
  const w = useTimetableWording();
  const { data, isPending, isError, refetch, isFetching } = useResource(sessionsQuery());
  const days = data ? sessionsByDay(only ? data.sessions.filter(only) : data.sessions) : [];
  const [picked, setPicked] = useState<string | null>(null);
  const day = days.find((d) => d.date === picked) ?? days[0];
  // Every open day of the period (Monday to Saturday), with or without sessions left.
  const calendar = data ? Array.from({ length: data.days }, (_, i) => addDays(data.from, i)).filter((d) => isoWeekday(d) !== 7) : [];

  if (isPending) {
    return (
      <p role="status" className="text-ink-300">
        {t('timetable.loading')}
      </p>
    );
  }
  if (isError) {
    return (
      <div role="alert" className="text-ink-300">
        <p>{t('timetable.failed')}</p>
        <button type="button" onClick={() => void refetch()} disabled={isFetching} className="mt-2 font-semibold text-bone-50 underline underline-offset-4">
          {t('timetable.retry')}
        </button>
      </div>
    );
  }
  if (!day) return <p className="text-ink-300">{t('timetable.none')}</p>;

  return (
    <div data-testid="session-list">
      {/* A two-week calendar, Monday to Saturday (the gym is closed on Sundays): no sideways
          scrolling at 320 px, and each week reads as a row. */}
      <ul className="grid max-w-2xl grid-cols-6 gap-1.5 sm:gap-2" aria-label={t('timetable.days')}>
        {calendar.map((d, i) => {
          const sessionsOf = days.find((x) => x.date === d)?.sessions ?? [];
          const open = sessionsOf.filter((s) => !s.full).length;
          const current = d === day.date;
          const { weekday, day: dom, month } = dayParts(d, w);
          return (
            <li key={d} style={i === 0 ? { gridColumnStart: isoWeekday(d) } : undefined}>
              <button
                type="button"
                aria-pressed={current}
                disabled={sessionsOf.length === 0}
                onClick={() => setPicked(d)}
                data-date={d}
                className={`flex min-h-14 w-full flex-col items-center justify-center rounded-lg border px-1 py-1.5 text-center leading-tight transition-colors disabled:cursor-not-allowed disabled:opacity-40 ${
                  current ? 'border-gold-400 bg-gold-400 text-ink-950' : 'border-ink-600 bg-ink-900 text-bone-100 hover:border-ink-400'
                }`}
              >
                {/* The name read out starts with the visible text (WCAG 2.5.3), then says what the day holds. */}
                <span className="text-xs">{weekday}</span> <span className="font-display-tight text-xl tabular-nums">{dom}</span>{' '}
                <span className={`text-[0.7rem] ${current ? 'text-ink-900' : open === 0 && sessionsOf.length > 0 ? 'text-danger-400' : 'text-ink-300'}`}>
                  {open === 0 && sessionsOf.length > 0 ? t('timetable.full') : month}
                </span>
                <span className="sr-only">{sessionsOf.length === 0 ? ', no sessions' : open === 0 ? '' : `, ${open} open`}</span>
              </button>
            </li>
          );
        })}
      </ul>

      <h3 className="mt-4 mb-3 font-display-tight text-2xl" aria-live="polite">
        {dayText(day.date, 'long', w)}
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
                    {clockText(s.time, w)} – {clockText(addMinutesToTime(s.time, s.durationMinutes), w)}
                  </span>
                  <span
                    className={`inline-flex items-center gap-1 rounded-pill px-2.5 py-0.5 text-xs font-bold whitespace-nowrap ${
                      s.full ? 'bg-danger-400/15 text-danger-400' : 'bg-ink-700 text-bone-100'
                    }`}
                  >
                    <Users aria-hidden className="size-3.5" />
                    {spotsText(s, w)}
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
