import { CalendarClock } from 'lucide-react';
import { useState } from 'react';
import type { PrivateLessonDto } from '../../../shared/api-types/private-lessons';
import type { SlotDto } from '../../../shared/api-types/trainers';
import { useT, useTimetableWording } from '../../i18n/i18n';
import { apiPost, errorCode } from '../../lib/api-client';
import { clockText, dayText } from '../../lib/timetable';
import { useAction } from '../../lib/use-action';
import { LessonSlots } from '../../components/lessons/lesson-slots';

/**
 * Moving a private lesson from its manage link (issue 37), until the cancel deadline: a day, then
 * one of the trainer's free slots for the same length. An island: wakes on first use.
 */
export default function LessonMove({ token, lessonId, trainerId, minutes }: { token: string; lessonId: number; trainerId: number; minutes: number }) {
  const t = useT();
  const w = useTimetableWording();
  const [moved, setMoved] = useState<PrivateLessonDto | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

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
      <LessonSlots lessonId={lessonId} trainerId={trainerId} minutes={minutes} pending={move.pending} onPick={(s) => move.run(s)} />
      {refusal && (
        <p role="alert" className="mt-3 font-semibold text-danger-400">
          {refusal}
        </p>
      )}
    </section>
  );
}
