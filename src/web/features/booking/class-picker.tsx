import { Clock, Timer } from 'lucide-react';
import { useLocalePath, useT, useTimetableWording } from '../../i18n/i18n';
import { durationText, scheduleText, type PublicClassDto } from '../../lib/timetable';
import { chooseForBooking } from './booking-store';
import { journeySearch } from './journey';

/**
 * The class catalogue of /booking, an island woken by the first tap: a card hands its course to
 * the booking form (booking-store.ts), which comes into view after 100 ms (SPEC.md §9).
 */
export default function ClassPicker({ classes }: { classes: PublicClassDto[] }) {
  const t = useT();
  const wording = useTimetableWording();
  const lp = useLocalePath();
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {classes.map((c) => (
        <li key={c.id}>
          <button
            type="button"
            onClick={() => {
              // Private Training is the journey's private step: a trainer's free slot (issue 37),
              // or the booking by appointment while the gym shows no trainer.
              if (c.byAppointment) return window.location.assign(lp('/booking') + journeySearch({ what: 'private', step: 'when' }));
              void import('./booking-resolver');
              chooseForBooking({ course: c.name });
            }}
            className="flex h-full w-full flex-col rounded-card border border-ink-700 bg-ink-900 p-5 text-left transition-colors hover:border-blood-500 hover:bg-ink-850"
            data-testid="class-card"
          >
            <span className="mb-2 flex w-full flex-wrap items-center justify-between gap-2 text-sm">
              <span className="inline-flex items-center gap-1.5 font-bold text-gold-400">
                <Clock aria-hidden className="size-4 shrink-0" />
                {scheduleText(c, wording)}
              </span>
              <span className="rounded-pill bg-ink-700 px-2.5 py-0.5 text-xs font-bold whitespace-nowrap uppercase">
                {t(c.level === 'Beginner' ? 'level.beginner' : 'level.allLevels')}
              </span>
            </span>
            <span className="font-display-tight text-2xl">{c.name}</span>
            <span className="mt-2 flex-1 text-sm text-ink-300">{c.description}</span>
            <span className="mt-3 inline-flex items-center gap-1.5 text-sm text-ink-300">
              <Timer aria-hidden className="size-4" />
              {durationText(c.durationMinutes, wording)}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
