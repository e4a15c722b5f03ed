import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { DESK_BOOKING_SOURCES as DESK_SOURCES, deskBookingSchema } from '../../../../shared/schemas/desk';
import { ErrorAlert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Modal } from '../../components/ui/dialog';
import { Field, Input, Textarea, fieldAria } from '../../components/ui/field';
import { Select } from '../../components/ui/select';
import { formatGymDate, gymZoneName } from '../../lib/format';
import { useSingleFlight } from '../../lib/single-flight';
import { useAction } from '../../lib/use-action';
import { useDeskBooking, type DeskSession } from './api';
import { SOURCE_LABELS } from '../../lib/reservation-source';
import { DeskPassPicker } from './desk-pass-picker';

type DeskSource = (typeof DESK_SOURCES)[number];
const sourceOptions = DESK_SOURCES.map((s) => ({ value: s, label: SOURCE_LABELS[s] }));

type BookingIn = z.input<typeof deskBookingSchema>;
type BookingOut = z.output<typeof deskBookingSchema>;

export function DeskBookingDialog({ session, date, onClose }: { session: DeskSession | null; date: string; onClose: () => void }) {
  const book = useDeskBooking();
  const run = useAction();
  const flight = useSingleFlight();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<BookingIn, unknown, BookingOut>({ resolver: zodResolver(deskBookingSchema) });

  useEffect(() => {
    if (!session) return;
    setServerError(null);
    reset({ sessionId: session.id, name: '', phone: '', email: '', source: 'walk_in' satisfies DeskSource, message: '' });
  }, [session, reset]);

  // The picker searches by the e-mail typed, else by the name.
  const typedEmail = useWatch({ control, name: 'email' }) ?? '';
  const typedName = useWatch({ control, name: 'name' }) ?? '';
  const search = typedEmail.trim().length >= 2 ? typedEmail : typedName;

  const onSubmit = handleSubmit((data) =>
    flight.run(async () => {
      if (!session) return;
      setServerError(null);
      await run(
        async () => {
          await book.mutateAsync(data);
          onClose();
        },
        {
          success: { title: 'Réservation ajoutée', description: `${data.name} — ${session.course} ${session.time}` },
          failure: "Impossible d'ajouter la réservation",
          onError: setServerError,
        },
      );
    }),
  );

  return (
    <Modal
      open={session !== null}
      onOpenChange={(o) => !o && onClose()}
      title="Ajouter une réservation"
      description={session ? `${session.course}, ${formatGymDate(date)} à ${session.time} (${gymZoneName()})` : undefined}
    >
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        {serverError && <ErrorAlert>{serverError}</ErrorAlert>}
        <Field id="desk-name" label="Nom" error={errors.name?.message}>
          <Input autoComplete="off" {...fieldAria('desk-name', errors.name?.message)} {...register('name')} />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="desk-phone" label="Téléphone (facultatif)" error={errors.phone?.message}>
            <Input type="tel" autoComplete="off" placeholder="+66 …" {...fieldAria('desk-phone', errors.phone?.message)} {...register('phone')} />
          </Field>
          <Field id="desk-email" label="E-mail (facultatif)" error={errors.email?.message}>
            <Input type="email" autoComplete="off" {...fieldAria('desk-email', errors.email?.message)} {...register('email')} />
          </Field>
        </div>
        {session && (
          <Controller
            control={control}
            name="orderId"
            render={({ field }) => <DeskPassPicker sessionId={session.id} search={search} value={field.value} onChange={field.onChange} />}
          />
        )}
        <Controller
          control={control}
          name="source"
          render={({ field }) => (
            <Field id="desk-source" label="Origine" error={errors.source?.message}>
              <Select id="desk-source" value={field.value} onValueChange={field.onChange} options={sourceOptions} />
            </Field>
          )}
        />
        <Field id="desk-message" label="Message (facultatif)" error={errors.message?.message}>
          <Textarea rows={3} {...fieldAria('desk-message', errors.message?.message)} {...register('message')} />
        </Field>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose}>
            Annuler
          </Button>
          <Button type="submit" pending={flight.busy}>
            Ajouter
          </Button>
        </div>
      </form>
    </Modal>
  );
}
