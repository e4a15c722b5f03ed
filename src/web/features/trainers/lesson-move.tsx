import { CalendarClock } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { PrivateLessonDto } from '../../../shared/api-types/private-lessons';
import type { SlotDto, SlotListDto } from '../../../shared/api-types/trainers';
import { addDays, todayInZone } from '../../../shared/gym-time';
import { buttonClass } from '../../components/ui/button';
import { Field, inputClass } from '../../components/ui/field';
import { useT, useTimetableWording } from '../../i18n/i18n';
import { apiGet, apiPost, errorCode } from '../../lib/api-client';
import { gymTimeZone } from '../../lib/gym-zone';
import { clockText, dayText } from '../../lib/timetable';
import { useAction } from '../../lib/use-action';

/**
 * Moving a private lesson from its manage link (issue 37), until the cancel deadline: a day, then
 * one of the trainer's free slots for the same length. An island: wakes on first use.
 */
export default function LessonMove({ token, lessonId, trainerId, minutes }: { token: string; lessonId: number; trainerId: number; minutes: number }) {
  const t = useT();
  const w = useTimetableWording();
  const today = todayInZone(gymTimeZone());
  const [date, setDate] = useState('');
  const [slots, setSlots] = useState<SlotDto[] | null>(null);
  const [moved, setMoved] = useState<PrivateLessonDto | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  useEffect(() => {
    if (!date) return;
    let live = true;
    setSlots(null);
    apiGet<SlotListDto>(`/api/private-lessons/slots?from=${date}&days=1&minutes=${minutes}&trainerId=${trainerId}&exceptLesson=${lessonId}`).then(
      (a) => live && setSlots(a.slots),
      () => live && setSlots([]),
    );
    return () => {
      live = false;
    };
  }, [date, minutes, trainerId, lessonId]);

  const move = useAction((s: SlotDto) => apiPost<PrivateLessonDto>(`/api/private-lessons/manage/${token}/move`, { startsAt: s.startsAt }), {
    onSuccess: (l) => setMoved(l),
    onError: (err) => setRefusal(t(errorCode(err) === 'trainer_busy' ? 'lesson.busy' : 'lesson.failed')),
  });

  if (moved)
    return (
      <p role="status" className="mt-6 rounded-card border border-success-400/50 bg-success-900 p-4 font-semibold text-success-400" data-testid="lesson-moved">
        {t('lesson.moved', { date: dayText(moved.date, 'long', w), time: clockText(moved.time, w) })}
      </p>
    );
  return (
    <section className="mt-8" aria-labelledby="lesson-move-title" data-testid="lesson-move">
      <h2 id="lesson-move-title" className="mb-3 inline-flex items-center gap-2 text-xl font-semibold">
        <CalendarClock aria-hidden className="size-5" />
        {t('lesson.moveTitle')}
      </h2>
      <Field label={t('lesson.date')}>
        <input
          type="date"
          className={inputClass}
          min={today}
          max={addDays(today, 30)}
          value={date}
          onChange={(e) => setDate(e.target.value)}
          data-testid="lesson-move-date"
        />
      </Field>
      {date && slots?.length === 0 && <p className="mt-3 text-ink-300">{t('lesson.none')}</p>}
      {slots && slots.length > 0 && (
        <ul className="mt-3 grid grid-cols-3 gap-2 sm:grid-cols-5">
          {slots.map((s) => (
            <li key={s.startsAt}>
              <button type="button" className={buttonClass('outline', 'md', 'w-full')} disabled={move.pending} onClick={() => move.run(s)} data-time={s.time}>
                {clockText(s.time, w)}
              </button>
            </li>
          ))}
        </ul>
      )}
      {refusal && (
        <p role="alert" className="mt-3 font-semibold text-danger-400">
          {refusal}
        </p>
      )}
    </section>
  );
}
