import { zodResolver } from '@hookform/resolvers/zod';
import { Check, ChevronLeft, ChevronRight, Loader2, Mail, Phone, UserPlus, UserX } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { Attendance, ReservationSource } from '../../../shared/constants';
import { addDays, addMinutesToTime, isIsoDate } from '../../../shared/gym-time';
import { ErrorAlert } from '../components/ui/alert';
import { LanguageBadge } from '../components/language-badge';
import { Badge, type BadgeTone } from '../components/ui/badge';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { Modal } from '../components/ui/dialog';
import { Field, Input, Textarea, fieldAria } from '../components/ui/field';
import { EmptyState } from '../components/ui/page-header';
import { Select } from '../components/ui/select';
import { Spinner } from '../components/ui/spinner';
import { useToast } from '../components/ui/toast';
import { useDeskBooking, useDeskDay, useSetAttendance, type DeskSession } from '../features/desk/api';
import { DESK_BOOKING_SOURCES as DESK_SOURCES, deskBookingSchema } from '../../../shared/schemas/desk';

type DeskSource = (typeof DESK_SOURCES)[number];
import { errorText } from '../../lib/api-client';
import { cn } from '../lib/cn';
import { formatGymDate, gymToday, gymZoneName } from '../lib/format';
import { useSingleFlight } from '../lib/single-flight';
import type { Reservation } from '../lib/types';
import { IconButton } from '../components/ui/icon-button';

export const SOURCE_LABELS: Record<ReservationSource, string> = { web: 'Site', walk_in: 'Sur place', whatsapp: 'WhatsApp' };
const SOURCE_TONES: Record<ReservationSource, BadgeTone> = { web: 'gray', walk_in: 'blue', whatsapp: 'green' };
const sourceOptions = DESK_SOURCES.map((s) => ({ value: s, label: SOURCE_LABELS[s] }));

/**
 * The desk's day: each session of a gym date with its seats and roster; one tap marks a person
 * present or absent (a second tap on the same mark removes it); "Ajouter" books a walk-in or a
 * WhatsApp customer into the session. The date is the page's (?date=), today in gym time by default.
 */
export function DayView({ date, onDateChange }: { date: string; onDateChange: (date: string) => void }) {
  const { data, isLoading, isError, error } = useDeskDay(date);
  const [adding, setAdding] = useState<DeskSession | null>(null);
  const today = gymToday();

  return (
    <div data-testid="day-view">
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 className="text-lg font-semibold text-gray-900 first-letter:uppercase" data-testid="day-title">
            {formatGymDate(date)}
          </h2>
          <p className="text-sm text-gray-700">Heures : {gymZoneName()}</p>
        </div>
        <div className="flex flex-wrap items-end gap-2">
          <IconButton variant="outline" className="h-11 w-11" label="Jour précédent" onClick={() => onDateChange(addDays(date, -1))}>
            <ChevronLeft className="h-5 w-5" aria-hidden />
          </IconButton>
          <div className="grid min-w-0 flex-1 gap-1 sm:flex-none">
            <label htmlFor="day-date" className="sr-only">
              Date
            </label>
            <Input
              id="day-date"
              type="date"
              className="h-11 w-full sm:w-40"
              value={date}
              onChange={(e) => {
                if (isIsoDate(e.target.value)) onDateChange(e.target.value);
              }}
            />
          </div>
          <IconButton variant="outline" className="h-11 w-11" label="Jour suivant" onClick={() => onDateChange(addDays(date, 1))}>
            <ChevronRight className="h-5 w-5" aria-hidden />
          </IconButton>
          {date !== today && (
            <Button variant="ghost" className="h-11" onClick={() => onDateChange(today)}>
              Aujourd'hui
            </Button>
          )}
        </div>
      </div>

      {isLoading && <Spinner />}
      {isError && <ErrorAlert>{errorText(error, 'Impossible de charger les séances du jour')}</ErrorAlert>}
      {data?.closed && (
        <div role="status" className="mb-4 rounded-md border border-yellow-300 bg-yellow-50 p-3 text-sm text-yellow-900">
          La salle est fermée ce jour-là.
        </div>
      )}
      {data && data.sessions.length === 0 && <EmptyState title="Aucune séance ce jour-là" />}
      {data && data.sessions.length > 0 && (
        <ul className="grid grid-cols-1 gap-4 xl:grid-cols-2" aria-label="Séances du jour">
          {data.sessions.map((s) => (
            <li key={s.id}>
              <SessionCard session={s} date={date} closed={data.closed} onAdd={() => setAdding(s)} />
            </li>
          ))}
        </ul>
      )}
      <DeskBookingDialog session={adding} date={date} onClose={() => setAdding(null)} />
    </div>
  );
}

function SessionCard({ session: s, date, closed, onAdd }: { session: DeskSession; date: string; closed: boolean; onAdd: () => void }) {
  const title = `${s.course} ${s.time}`;
  const pct = s.capacity > 0 ? Math.min(100, Math.round((s.taken / s.capacity) * 100)) : 0;
  const bookable = !s.cancelled && !closed && s.spotsLeft > 0;
  return (
    <Card className={cn('p-4', s.cancelled && 'bg-gray-50')} data-testid="desk-session">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-xl font-bold text-gray-900 tabular-nums">
            <span data-testid="desk-session-time">{s.time}</span>
            <span className="text-base font-normal text-gray-700"> – {addMinutesToTime(s.time, s.durationMinutes)}</span>
          </p>
          <h3 className="font-semibold wrap-anywhere text-gray-900">{s.course}</h3>
          {s.coach && <p className="text-sm text-gray-700">Coach : {s.coach}</p>}
        </div>
        <div className="shrink-0 text-right">
          {s.cancelled ? (
            <Badge tone="yellow">Séance annulée</Badge>
          ) : (
            <p className="text-sm text-gray-700">
              <span className="text-lg font-semibold text-gray-900" data-testid="desk-session-seats">
                {s.taken}/{s.capacity}
              </span>{' '}
              places
            </p>
          )}
        </div>
      </div>
      {!s.cancelled && (
        <div
          className="mt-2 h-2 overflow-hidden rounded-full bg-gray-200"
          role="meter"
          aria-label={`Places prises, ${title}`}
          aria-valuemin={0}
          aria-valuemax={s.capacity}
          aria-valuenow={s.taken}
          aria-valuetext={`${s.taken} sur ${s.capacity}`}
        >
          <div className={cn('h-full', s.spotsLeft === 0 ? 'bg-red-700' : 'bg-green-600')} style={{ width: `${pct}%` }} />
        </div>
      )}

      {s.roster.length === 0 ? (
        <p className="mt-3 text-sm text-gray-700">Aucune réservation.</p>
      ) : (
        <ul className="mt-3 divide-y divide-gray-100" aria-label={`Inscrits, ${title}`}>
          {s.roster.map((r) => (
            <RosterRow key={r.id} r={r} date={date} />
          ))}
        </ul>
      )}

      <div className="mt-3 flex items-center justify-between gap-2 border-t border-gray-100 pt-3">
        <p className="text-xs text-gray-700">
          {s.cancelled ? '' : s.spotsLeft === 0 ? 'Complet' : `${s.spotsLeft} place${s.spotsLeft > 1 ? 's' : ''} libre${s.spotsLeft > 1 ? 's' : ''}`}
        </p>
        <Button variant="outline" className="h-11" onClick={onAdd} disabled={!bookable} aria-label={`Ajouter une réservation, ${title}`}>
          <UserPlus className="h-4 w-4" aria-hidden />
          Ajouter
        </Button>
      </div>
    </Card>
  );
}

function RosterRow({ r, date }: { r: Reservation; date: string }) {
  const setAttendance = useSetAttendance(date);
  const toast = useToast();
  const flight = useSingleFlight();
  const cancelled = r.status === 'cancelled';

  const mark = (value: Attendance) =>
    flight.run(async () => {
      const next = r.attendance === value ? null : value;
      try {
        await setAttendance.mutateAsync({ id: r.id, attendance: next });
      } catch (err) {
        toast({ title: 'Erreur', description: errorText(err, "Impossible d'enregistrer la présence"), variant: 'destructive' });
      }
    });

  const toggle = (value: Attendance, label: string, Icon: typeof Check, on: string) => {
    const pressed = r.attendance === value;
    return (
      <button
        type="button"
        aria-pressed={pressed}
        aria-label={`${label} : ${r.name}`}
        onClick={() => void mark(value)}
        className={cn(
          'inline-flex min-h-11 min-w-[5.5rem] items-center justify-center gap-1.5 rounded-md border px-3 text-sm font-medium transition-colors',
          'focus-visible:ring-2 focus-visible:ring-red-600 focus-visible:ring-offset-2 focus-visible:outline-none',
          pressed ? on : 'border-gray-300 bg-white text-gray-900 hover:bg-gray-50',
        )}
      >
        <Icon className="h-4 w-4" aria-hidden />
        {label}
      </button>
    );
  };

  return (
    <li className="flex flex-col gap-2 py-2 sm:flex-row sm:items-center sm:justify-between" data-testid="roster-row">
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className={cn('font-medium wrap-anywhere text-gray-900', cancelled && 'text-gray-600 line-through')}>{r.name}</span>
          <Badge tone={SOURCE_TONES[r.source]}>{SOURCE_LABELS[r.source]}</Badge>
          <LanguageBadge language={r.language} />
          {cancelled && <Badge tone="yellow">Annulée</Badge>}
        </div>
        <div className="mt-0.5 flex flex-wrap gap-x-3 text-sm text-gray-700">
          {r.phone && (
            <a href={`tel:${r.phone.replace(/[^\d+]/g, '')}`} className="inline-flex items-center gap-1 wrap-anywhere underline-offset-2 hover:underline">
              <Phone className="h-3.5 w-3.5" aria-hidden />
              {r.phone}
            </a>
          )}
          {r.email && (
            <a href={`mailto:${r.email}`} className="inline-flex min-w-0 items-center gap-1 wrap-anywhere underline-offset-2 hover:underline">
              <Mail className="h-3.5 w-3.5 shrink-0" aria-hidden />
              {r.email}
            </a>
          )}
        </div>
      </div>
      {!cancelled && (
        <div className="grid shrink-0 grid-cols-2 gap-2 sm:flex" role="group" aria-label={`Présence de ${r.name}`}>
          {toggle('present', 'Présent', Check, 'border-green-700 bg-green-700 text-white hover:bg-green-800')}
          {toggle('no_show', 'Absent', UserX, 'border-red-700 bg-red-700 text-white hover:bg-red-800')}
        </div>
      )}
    </li>
  );
}

type BookingIn = z.input<typeof deskBookingSchema>;
type BookingOut = z.output<typeof deskBookingSchema>;

function DeskBookingDialog({ session, date, onClose }: { session: DeskSession | null; date: string; onClose: () => void }) {
  const book = useDeskBooking();
  const toast = useToast();
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

  const onSubmit = handleSubmit((data) =>
    flight.run(async () => {
      if (!session) return;
      setServerError(null);
      try {
        await book.mutateAsync(data);
        toast({ title: 'Réservation ajoutée', description: `${data.name} — ${session.course} ${session.time}` });
        onClose();
      } catch (err) {
        setServerError(errorText(err, "Impossible d'ajouter la réservation"));
      }
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
          <Button type="submit" disabled={flight.busy}>
            {flight.busy && <Loader2 className="h-4 w-4 animate-spin" aria-hidden />}
            Ajouter
          </Button>
        </div>
      </form>
    </Modal>
  );
}
