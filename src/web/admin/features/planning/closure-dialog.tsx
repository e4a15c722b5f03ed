import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { closureCreateSchema } from '../../../../shared/schemas/timetable';
import { ErrorAlert } from '../../components/ui/alert';
import { Modal } from '../../components/ui/dialog';
import { Field, Input, fieldAria } from '../../components/ui/field';
import { gymToday } from '../../lib/format';
import { useSingleFlight } from '../../lib/single-flight';
import { useAction } from '../../lib/use-action';
import { useClosurePreview, useCreateClosure } from './api';
import { DialogActions } from './dialog-actions';
import { HeldBookings } from './held-bookings';

type ClosureIn = z.input<typeof closureCreateSchema>;
type ClosureOut = z.output<typeof closureCreateSchema>;

/** "Nouvelle fermeture": first and last day (gym dates, both included) and a reason. */
export function ClosureDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const create = useCreateClosure();
  const act = useAction();
  const adding = useSingleFlight();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    control,
    formState: { errors },
  } = useForm<ClosureIn, unknown, ClosureOut>({ resolver: zodResolver(closureCreateSchema) });
  // The bookings the closure would cancel, shown before it is confirmed.
  const preview = useClosurePreview(useWatch({ control, name: 'startDate' }) ?? '', useWatch({ control, name: 'endDate' }) ?? '', open);

  useEffect(() => {
    if (!open) return;
    setServerError(null);
    const today = gymToday();
    reset({ startDate: today, endDate: today, reason: '' });
  }, [open, reset]);

  const onSubmit = handleSubmit((data) =>
    adding.run(async () => {
      setServerError(null);
      await act(
        async () => {
          const done = await create.mutateAsync(data);
          onOpenChange(false);
          return done;
        },
        {
          success: (done) => ({ title: 'Fermeture ajoutée', description: `${done.bookingsCancelled} réservation(s) annulée(s)` }),
          failure: "Impossible d'ajouter la fermeture",
          onError: setServerError,
        },
      );
    }),
  );

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Nouvelle fermeture"
      description="La salle est fermée du premier au dernier jour inclus (dates de la salle)."
    >
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        {serverError && <ErrorAlert>{serverError}</ErrorAlert>}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="closure-start" label="Premier jour" error={errors.startDate?.message}>
            <Input type="date" {...fieldAria('closure-start', errors.startDate?.message)} {...register('startDate')} />
          </Field>
          <Field id="closure-end" label="Dernier jour" error={errors.endDate?.message}>
            <Input type="date" {...fieldAria('closure-end', errors.endDate?.message)} {...register('endDate')} />
          </Field>
        </div>
        <Field id="closure-reason" label="Motif (facultatif)" error={errors.reason?.message}>
          <Input autoComplete="off" placeholder="Songkran, travaux…" {...fieldAria('closure-reason', errors.reason?.message)} {...register('reason')} />
        </Field>
        <HeldBookings bookings={preview.data} loading={preview.isFetching} failed={preview.isError} />
        <DialogActions onCancel={() => onOpenChange(false)} busy={adding.busy} submit="Ajouter" />
      </form>
    </Modal>
  );
}
