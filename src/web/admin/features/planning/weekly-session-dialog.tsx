import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { weeklySessionCreateSchema, type ClassDto, type WeeklySessionDto } from '../../../../shared/schemas/timetable';
import { errorCode } from '../../../lib/api-client';
import { ErrorAlert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Modal } from '../../components/ui/dialog';
import { Field, Input, fieldAria } from '../../components/ui/field';
import { Select } from '../../components/ui/select';
import { Switch } from '../../components/ui/switch';
import { gymZoneName } from '../../lib/format';
import { useSingleFlight } from '../../lib/single-flight';
import { useAction } from '../../lib/use-action';
import { useCreateWeeklySession, useUpdateWeeklySession } from './api';
import { DialogActions } from './dialog-actions';
import { weekdayOptions } from './labels';

type SessionIn = z.input<typeof weeklySessionCreateSchema>;
type SessionOut = z.output<typeof weeklySessionCreateSchema>;

/** Adds a weekly session to a class, or edits one (`state.session`); closed while `state` is null. */
export function WeeklySessionDialog({ state, onClose }: { state: { cls: ClassDto; session: WeeklySessionDto | null } | null; onClose: () => void }) {
  const create = useCreateWeeklySession();
  const update = useUpdateWeeklySession();
  const act = useAction();
  const flight = useSingleFlight();
  const [serverError, setServerError] = useState<string | null>(null);
  // A new day or time refused because bookings are to come: staff choose what becomes of them.
  const [asked, setAsked] = useState<{ data: SessionOut; message: string } | null>(null);
  const editing = state?.session ?? null;
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<SessionIn, unknown, SessionOut>({ resolver: zodResolver(weeklySessionCreateSchema) });

  useEffect(() => {
    if (!state) return;
    setServerError(null);
    setAsked(null);
    const s = state.session;
    reset(
      s
        ? { classId: s.classId, weekday: s.weekday, startTime: s.startTime, capacity: s.capacity, coach: s.coach ?? '', active: s.active }
        : { classId: state.cls.id, weekday: 1, startTime: '', capacity: 12, coach: '', active: true },
    );
  }, [state, reset]);

  const save = (data: SessionOut, bookings?: 'move' | 'cancel') =>
    flight.run(async () => {
      setServerError(null);
      setAsked(null);
      await act(
        async () => {
          if (editing) {
            const fields = { weekday: data.weekday, startTime: data.startTime, capacity: data.capacity, coach: data.coach, active: data.active };
            await update.mutateAsync({ id: editing.id, data: bookings ? { ...fields, bookings } : fields });
          } else {
            await create.mutateAsync(data);
          }
          onClose();
        },
        {
          success: editing ? 'Créneau mis à jour' : 'Créneau ajouté',
          failure: editing ? 'Impossible de mettre à jour le créneau' : "Impossible d'ajouter le créneau",
          onError: (message, err) => (errorCode(err) === 'session_has_bookings' ? setAsked({ data, message }) : setServerError(message)),
        },
      );
    });
  const onSubmit = handleSubmit((data) => save(data));

  return (
    <Modal
      open={state !== null}
      onOpenChange={(o) => !o && onClose()}
      title={editing ? 'Modifier le créneau' : 'Nouveau créneau'}
      description={state ? `${state.cls.name} — heure de début en ${gymZoneName()}` : undefined}
    >
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        {serverError && <ErrorAlert>{serverError}</ErrorAlert>}
        {asked && (
          <div role="alert" data-testid="session-has-bookings" className="grid gap-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-gray-900">
            <p>{asked.message}</p>
            <p>
              Déplacées : chacun reçoit l’invitation mise à jour et peut annuler sans perdre sa séance jusqu’au cours. Annulées : chacun est prévenu et retrouve
              sa séance.
            </p>
            <div className="flex flex-col gap-2 sm:flex-row">
              <Button pending={flight.busy} onClick={() => void save(asked.data, 'move')}>
                Déplacer les réservations
              </Button>
              <Button variant="outline" pending={flight.busy} onClick={() => void save(asked.data, 'cancel')}>
                Annuler les réservations
              </Button>
            </div>
          </div>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <Controller
            control={control}
            name="weekday"
            render={({ field }) => (
              <Field id="session-weekday" label="Jour" error={errors.weekday?.message}>
                <Select id="session-weekday" value={String(field.value ?? '')} onValueChange={(v) => field.onChange(Number(v))} options={weekdayOptions} />
              </Field>
            )}
          />
          <Field id="session-start" label="Heure de début" error={errors.startTime?.message}>
            <Input type="time" step={60} {...fieldAria('session-start', errors.startTime?.message)} {...register('startTime')} />
          </Field>
          <Field id="session-capacity" label="Capacité (places)" error={errors.capacity?.message}>
            <Input
              type="number"
              inputMode="numeric"
              min={1}
              max={1000}
              {...fieldAria('session-capacity', errors.capacity?.message)}
              {...register('capacity', { valueAsNumber: true })}
            />
          </Field>
          <Field id="session-coach" label="Coach (facultatif)" error={errors.coach?.message}>
            <Input autoComplete="off" {...fieldAria('session-coach', errors.coach?.message)} {...register('coach')} />
          </Field>
        </div>
        <Controller
          control={control}
          name="active"
          render={({ field }) => (
            <div className="flex items-center justify-between gap-3">
              <label htmlFor="session-active" className="text-sm font-medium text-gray-900">
                Créneau actif
              </label>
              <Switch id="session-active" checked={field.value ?? true} onCheckedChange={field.onChange} />
            </div>
          )}
        />
        <DialogActions onCancel={onClose} busy={flight.busy} submit={editing ? 'Enregistrer' : 'Ajouter'} />
      </form>
    </Modal>
  );
}
