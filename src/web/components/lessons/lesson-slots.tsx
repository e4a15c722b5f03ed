import { useEffect, useState } from 'react';
import type { SlotDto, SlotListDto } from '../../../shared/api-types/trainers';
import { addDays, todayInZone } from '../../../shared/gym-time';
import { buttonClass } from '../ui/button';
import { Field, inputClass } from '../ui/field';
import { useT, useTimetableWording } from '../../i18n/i18n';
import { apiGet } from '../../lib/api-client';
import { gymTimeZone } from '../../lib/gym-zone';
import { clockText } from '../../lib/timetable';

/**
 * A day, then the trainer's free slots of the lesson's length that day (the lesson's own time
 * counts as free). The lesson link's move and My page's pick with it; each posts its own move.
 */
export function LessonSlots({
  lessonId,
  trainerId,
  minutes,
  pending,
  onPick,
  testId,
}: {
  lessonId: number;
  trainerId: number;
  minutes: number;
  pending: boolean;
  onPick: (slot: SlotDto) => void;
  testId?: string;
}) {
  const t = useT();
  const w = useTimetableWording();
  const today = todayInZone(gymTimeZone());
  const [date, setDate] = useState('');
  const [slots, setSlots] = useState<SlotDto[] | null>(null);

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

  return (
    <>
      <Field label={t('lesson.date')}>
        <input
          type="date"
          className={inputClass}
          min={today}
          max={addDays(today, 30)}
          value={date}
          onChange={(e) => setDate(e.target.value)}
          data-testid={testId ?? 'lesson-move-date'}
        />
      </Field>
      {date && slots?.length === 0 && <p className="mt-3 text-ink-300">{t('lesson.none')}</p>}
      {slots && slots.length > 0 && (
        <ul className="mt-3 grid grid-cols-3 gap-2 sm:grid-cols-5">
          {slots.map((s) => (
            <li key={s.startsAt}>
              <button type="button" className={buttonClass('outline', 'md', 'w-full')} disabled={pending} onClick={() => onPick(s)} data-time={s.time}>
                {clockText(s.time, w)}
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
