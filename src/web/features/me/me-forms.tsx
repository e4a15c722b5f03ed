import { useEffect, useState } from 'react';
import type { MeBookingDto, MePassDto, MeStayDto } from '../../../shared/api-types';
import { addDays } from '../../../shared/gym-time';
import { buttonClass } from '../../components/ui/button';
import { Field, inputClass } from '../../components/ui/field';
import { useT } from '../../i18n/i18n';
import { useAction } from '../../lib/use-action';
import { LessonSlots } from '../../components/lessons/lesson-slots';
import { sessionsOn, type MeAction } from './me-queries';

// My page's small forms (issue 47 point 2): each gathers what one action needs and hands it to
// the page's runner, which calls the server (the same rules as the manage link and order page).

type Run = (a: MeAction) => void;

const value = (form: HTMLFormElement, name: string) => {
  const v = new FormData(form).get(name);
  return typeof v === 'string' ? v.trim() : '';
};

function Buttons({ pending, onClose }: { pending: boolean; onClose: () => void }) {
  const t = useT();
  return (
    <div className="mt-3 flex flex-col gap-2 sm:flex-row">
      <button type="submit" disabled={pending} className={buttonClass('primary', 'sm', 'w-full sm:w-auto')}>
        {pending ? t('me.working') : t('me.save')}
      </button>
      <button type="button" onClick={onClose} className={buttonClass('ghost', 'sm', 'w-full sm:w-auto')}>
        {t('me.close')}
      </button>
    </div>
  );
}

/** Move a private lesson: a day, then one of its trainer's free slots (the lesson link's own picker). */
export function LessonMoveForm({ lesson, run, pending, onClose }: { lesson: MeBookingDto; run: Run; pending: boolean; onClose: () => void }) {
  const t = useT();
  if (!lesson.lessonMove) return null;
  return (
    <div className="mt-3 rounded-card border border-ink-700 p-3" data-testid="me-lesson-move-form">
      <LessonSlots
        lessonId={lesson.id}
        trainerId={lesson.lessonMove.trainerId}
        minutes={lesson.lessonMove.minutes}
        pending={pending}
        onPick={(s) => run({ kind: 'lesson-move', id: lesson.id, startsAt: s.startsAt })}
        testId="me-lesson-move-date"
      />
      <button type="button" onClick={onClose} className={buttonClass('ghost', 'sm', 'mt-3 w-full sm:w-auto')}>
        {t('me.close')}
      </button>
    </div>
  );
}

/** Move a class booking: a gym day, then one of that day's sessions of the same class. */
export function MoveForm({ booking, today, run, pending, onClose }: { booking: MeBookingDto; today: string; run: Run; pending: boolean; onClose: () => void }) {
  const t = useT();
  const [day, setDay] = useState(booking.gymDate);
  const [options, setOptions] = useState<{ id: string; time: string }[] | null>(null);
  const look = useAction((date: string) => sessionsOn(date), {
    // The same class that day, with a free place, other than where it is now.
    onSuccess: (res, date) =>
      setOptions(
        res.sessions
          .filter((s) => s.course === booking.course && s.spotsLeft > 0 && !(date === booking.gymDate && s.time === booking.gymTime))
          .map((s) => ({ id: s.id, time: s.time })),
      ),
    onError: () => setOptions([]),
  });
  const lookUp = look.run;
  useEffect(() => lookUp(booking.gymDate), [lookUp, booking.gymDate]);
  return (
    <div className="mt-3 rounded-card border border-ink-700 p-3" data-testid="me-move-form">
      <Field label={t('me.bookings.moveDay')}>
        <input
          type="date"
          min={today}
          value={day}
          onChange={(e) => {
            setDay(e.target.value);
            if (e.target.value) look.run(e.target.value);
          }}
          className={inputClass}
        />
      </Field>
      {options && options.length === 0 && <p className="mt-2 text-sm text-ink-300">{t('me.bookings.noSession')}</p>}
      <div className="mt-2 flex flex-wrap gap-2">
        {options?.map((o) => (
          <button
            key={o.id}
            type="button"
            disabled={pending}
            onClick={() => run({ kind: 'move', id: booking.id, sessionId: o.id })}
            className={buttonClass('outline', 'sm')}
          >
            {t('me.bookings.moveHere')} · {o.time}
          </button>
        ))}
      </div>
      <button type="button" onClick={onClose} className={buttonClass('ghost', 'sm', 'mt-2')}>
        {t('me.close')}
      </button>
    </div>
  );
}

/** Pause a pass: its first gym day (today or later) and how many days, up to what is left. */
export function PauseForm({ pass, today, run, pending, onClose }: { pass: MePassDto; today: string; run: Run; pending: boolean; onClose: () => void }) {
  const t = useT();
  return (
    <form
      className="mt-3"
      data-testid="me-pause-form"
      onSubmit={(e) => {
        e.preventDefault();
        run({ kind: 'pause', id: pass.orderId, startsOn: value(e.currentTarget, 'startsOn'), days: Number(value(e.currentTarget, 'days')) });
      }}
    >
      <div className="grid grid-cols-2 gap-3">
        <Field label={t('me.passes.pauseFrom')}>
          <input name="startsOn" type="date" required min={today} max={pass.endDate} defaultValue={today} className={inputClass} />
        </Field>
        <Field label={t('me.passes.pauseDays', { n: pass.pauseDaysLeft })}>
          <input
            name="days"
            type="number"
            required
            min={1}
            max={pass.pauseDaysLeft}
            defaultValue={Math.min(7, pass.pauseDaysLeft)}
            inputMode="numeric"
            className={inputClass}
          />
        </Field>
      </div>
      <Buttons pending={pending} onClose={onClose} />
    </form>
  );
}

/** The pickup's flight: its number and the landing in gym wall time. */
export function FlightForm({ stay, run, pending, onClose }: { stay: MeStayDto; run: Run; pending: boolean; onClose: () => void }) {
  const t = useT();
  return (
    <form
      className="mt-3"
      onSubmit={(e) => {
        e.preventDefault();
        run({ kind: 'flight', id: stay.orderId, flightNumber: value(e.currentTarget, 'flightNumber'), arrivesAt: value(e.currentTarget, 'arrivesAt') });
      }}
    >
      <Field label={t('me.stays.flightNumber')}>
        <input name="flightNumber" required maxLength={10} autoCapitalize="characters" defaultValue={stay.pickup?.flightNumber ?? ''} className={inputClass} />
      </Field>
      <Field label={t('me.stays.landing')} className="mt-3">
        <input name="arrivesAt" type="datetime-local" required defaultValue={stay.pickup?.arrivesAt ?? ''} className={inputClass} />
      </Field>
      <Buttons pending={pending} onClose={onClose} />
    </form>
  );
}

/** New dates for a stay (the order page's terms decide whether they are allowed). */
export function DatesForm({ stay, today, run, pending, onClose }: { stay: MeStayDto; today: string; run: Run; pending: boolean; onClose: () => void }) {
  const t = useT();
  return (
    <form
      className="mt-3"
      onSubmit={(e) => {
        e.preventDefault();
        run({ kind: 'dates', id: stay.orderId, checkIn: value(e.currentTarget, 'checkIn'), checkOut: value(e.currentTarget, 'checkOut') });
      }}
    >
      <div className="grid grid-cols-2 gap-3">
        <Field label={t('me.stays.checkIn')}>
          <input name="checkIn" type="date" required min={addDays(today, 1)} defaultValue={stay.checkIn} className={inputClass} />
        </Field>
        <Field label={t('me.stays.checkOut')}>
          <input name="checkOut" type="date" required min={addDays(today, 2)} defaultValue={stay.checkOut} className={inputClass} />
        </Field>
      </div>
      <Buttons pending={pending} onClose={onClose} />
    </form>
  );
}

const LETTER_FIELDS = [
  ['fullName', 'me.letters.fullName', 'text'],
  ['nationality', 'me.letters.nationality', 'text'],
  ['passportNumber', 'me.letters.passport', 'text'],
  ['dateOfBirth', 'me.letters.birth', 'date'],
  ['embassy', 'me.letters.embassy', 'text'],
] as const;

/** The visa letter's request: the passport's data, as the order page asks for it. */
export function LetterForm({ onSend, pending, onClose }: { onSend: (body: Record<string, string>) => void; pending: boolean; onClose: () => void }) {
  const t = useT();
  return (
    <form
      className="mt-3 grid gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        onSend(Object.fromEntries(LETTER_FIELDS.map(([name]) => [name, value(e.currentTarget, name)])));
      }}
    >
      {LETTER_FIELDS.map(([name, label, type]) => (
        <Field key={name} label={t(label)}>
          <input name={name} type={type} required maxLength={120} className={inputClass} />
        </Field>
      ))}
      <Buttons pending={pending} onClose={onClose} />
    </form>
  );
}
