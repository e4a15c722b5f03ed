import type { TrainerScheduleDto } from '../../../../shared/api-types/trainers';
import { addDays } from '../../../../shared/gym-time';
import { Card } from '../../components/ui/card';
import { formatGymDate } from '../../lib/format';

/** A trainer's days: each gym date with its classes and lessons in time order (the trainer's screen). */
export function ScheduleDays({ schedule, from, to }: { schedule: TrainerScheduleDto; from: string; to: string }) {
  const days: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) days.push(d);
  return (
    <ul className="grid gap-4" aria-label="Jours">
      {days.map((date) => {
        const items = [
          ...schedule.classes
            .filter((c) => c.date === date)
            .map((c) => ({ key: `c${c.time}`, time: c.time, text: `${c.className} (cours collectif, ${c.minutes} min)`, lesson: false })),
          ...schedule.lessons
            .filter((l) => l.date === date)
            .map((l) => ({
              key: `l${l.id}`,
              time: l.time,
              text: `Cours privé · ${l.name}${l.guests > 1 ? ' (+1)' : ''} · ${l.discipline}, ${l.minutes} min${l.phone ? ` · ${l.phone}` : ''}`,
              lesson: true,
            })),
        ].sort((a, b) => a.time.localeCompare(b.time));
        return (
          <li key={date}>
            <Card className="p-4" data-testid="schedule-day">
              <h2 className="text-base font-semibold text-gray-900 first-letter:uppercase">{formatGymDate(date, { weekday: true })}</h2>
              {items.length === 0 ? (
                <p className="mt-1 text-sm text-gray-600">Rien de prévu.</p>
              ) : (
                <ul className="mt-2 grid gap-1">
                  {items.map((i) => (
                    <li key={i.key} className="flex gap-3 text-sm" data-testid={i.lesson ? 'schedule-lesson' : 'schedule-class'}>
                      <span className="w-12 shrink-0 font-semibold text-gray-900 tabular-nums">{i.time}</span>
                      <span className={i.lesson ? 'font-medium text-red-800' : 'text-gray-800'}>{i.text}</span>
                    </li>
                  ))}
                </ul>
              )}
            </Card>
          </li>
        );
      })}
    </ul>
  );
}
