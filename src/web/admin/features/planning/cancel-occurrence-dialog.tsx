import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { sessionCancellationSchema, type WeeklySessionDto } from '../../../../shared/schemas/timetable';
import { ErrorAlert } from '../../components/ui/alert';
import { Modal } from '../../components/ui/dialog';
import { Field, Input, fieldAria } from '../../components/ui/field';
import { formatGymDate, gymToday, gymZoneName } from '../../lib/format';
import { useSingleFlight } from '../../lib/single-flight';
import { useAction } from '../../lib/use-action';
import { useCancelOccurrence, useOccurrenceBookings } from './api';
import { DialogActions } from './dialog-actions';
import { HeldBookings } from './held-bookings';
import { WaitlistList } from '../../components/waitlist-list';
import { isIsoDate } from '../../../../shared/gym-time';
import { WEEKDAY_LABELS, nextDateOn } from './labels';

type CancelIn = z.input<typeof sessionCancellationSchema>;
type CancelOut = z.output<typeof sessionCancellationSchema>;

/** Cancels one date of a weekly session (the next one on that weekday, unless changed). */
export function CancelOccurrenceDialog({ session, onClose }: { session: WeeklySessionDto | null; onClose: () => void }) {
  const cancel = useCancelOccurrence();
  const act = useAction();
  const flight = useSingleFlight();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    control,
    formState: { errors },
  } = useForm<CancelIn, unknown, CancelOut>({ resolver: zodResolver(sessionCancellationSchema) });
  const date = useWatch({ control, name: 'date' });
  // Who is booked that day, shown before the cancel is confirmed.
  const booked = useOccurrenceBookings(session?.id ?? null, date ?? '');

  useEffect(() => {
    if (!session) return;
    setServerError(null);
    reset({ date: nextDateOn(session.weekday), reason: '' });
  }, [session, reset]);

  const onSubmit = handleSubmit((data) =>
    flight.run(async () => {
      if (!session) return;
      setServerError(null);
      await act(
        async () => {
          const done = await cancel.mutateAsync({ weeklySessionId: session.id, data });
          onClose();
          return done;
        },
        {
          success: (done) => ({
            title: 'Séance annulée',
            description: `${session.className}, ${formatGymDate(data.date)} à ${session.startTime} — ${done.bookingsCancelled} réservation(s) annulée(s)`,
          }),
          failure: "Impossible d'annuler la séance",
          onError: setServerError,
        },
      );
    }),
  );

  return (
    <Modal
      open={session !== null}
      onOpenChange={(o) => !o && onClose()}
      title="Annuler une séance"
      description={session ? `${session.className}, le ${WEEKDAY_LABELS[session.weekday].toLowerCase()} à ${session.startTime} (${gymZoneName()})` : undefined}
    >
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        {serverError && <ErrorAlert>{serverError}</ErrorAlert>}
        <Field
          id="cancel-date"
          label="Date"
          error={errors.date?.message}
          hint={session ? `Un ${WEEKDAY_LABELS[session.weekday].toLowerCase()} (date de la salle)` : undefined}
        >
          <Input type="date" min={gymToday()} {...fieldAria('cancel-date', errors.date?.message)} {...register('date')} />
        </Field>
        <Field id="cancel-reason" label="Motif (facultatif)" error={errors.reason?.message}>
          <Input autoComplete="off" {...fieldAria('cancel-reason', errors.reason?.message)} {...register('reason')} />
        </Field>
        <HeldBookings bookings={booked.data} loading={booked.isFetching} failed={booked.isError} />
        {session && typeof date === 'string' && isIsoDate(date) && <WaitlistList weeklySessionId={session.id} date={date} />}
        <DialogActions onCancel={onClose} busy={flight.busy} submit="Annuler la séance" />
      </form>
    </Modal>
  );
}
