import { zodResolver } from '@hookform/resolvers/zod';
import { CalendarOff, CalendarX2, Loader2, Pencil, Plus, Power, RotateCcw, Trash2 } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch, type UseFormRegister } from 'react-hook-form';
import type { z } from 'zod';
import { addDays, isoWeekday } from '../../../shared/gym-time';
import { LANGUAGE_NAMES_FR, LANGUAGE_TAGS, TRANSLATED_LANGUAGES, type TranslatedLanguage } from '../../../shared/i18n/languages';
import {
  CLASS_LEVELS,
  OPEN_WEEKDAYS,
  classCreateSchema,
  closureCreateSchema,
  sessionCancellationSchema,
  weeklySessionCreateSchema,
  type ClassDto,
  type ClassLevel,
  type WeeklySessionDto,
} from '../../../shared/schemas/timetable';
import { ErrorAlert } from '../components/ui/alert';
import { Badge } from '../components/ui/badge';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { ConfirmDialog, Modal } from '../components/ui/dialog';
import { Field, Input, Textarea, fieldAria } from '../components/ui/field';
import { IconButton } from '../components/ui/icon-button';
import { EmptyState, PageHeader } from '../components/ui/page-header';
import { Select } from '../components/ui/select';
import { Spinner } from '../components/ui/spinner';
import { Switch } from '../components/ui/switch';
import { useToast } from '../components/ui/toast';
import {
  useCancellations,
  useCancelOccurrence,
  useClasses,
  useClosures,
  useCreateClass,
  useCreateClosure,
  useCreateWeeklySession,
  useDeleteClosure,
  useDeleteWeeklySession,
  useRestoreOccurrence,
  useUpdateClass,
  useUpdateWeeklySession,
  useWeeklySessions,
} from '../features/planning/api';
import { errorText } from '../../lib/api-client';
import { formatGymDate, gymToday, gymZoneName } from '../lib/format';
import { useSingleFlight } from '../lib/single-flight';

export const WEEKDAY_LABELS: Record<number, string> = { 1: 'Lundi', 2: 'Mardi', 3: 'Mercredi', 4: 'Jeudi', 5: 'Vendredi', 6: 'Samedi', 7: 'Dimanche' };
const LEVEL_LABELS: Record<ClassLevel, string> = { Beginner: 'Débutants', 'All Levels': 'Tous niveaux' };
const levelOptions = CLASS_LEVELS.map((l) => ({ value: l, label: LEVEL_LABELS[l] }));
const weekdayOptions = OPEN_WEEKDAYS.map((d) => ({ value: String(d), label: WEEKDAY_LABELS[d] }));

const tabClass =
  'flex flex-1 items-center justify-center gap-2 rounded-md px-3 py-2 text-sm font-medium text-gray-700 data-[state=active]:bg-white data-[state=active]:text-gray-900 data-[state=active]:shadow focus-visible:ring-2 focus-visible:ring-red-600 focus-visible:outline-none sm:flex-none';

/** The next date (from today, gym time) falling on an ISO weekday. */
export function nextDateOn(weekday: number, today = gymToday()): string {
  return addDays(today, (weekday - isoWeekday(today) + 7) % 7);
}

function SubmitButton({ busy, children }: { busy: boolean; children: string }) {
  return (
    <Button type="submit" disabled={busy}>
      {busy && <Loader2 className="h-4 w-4 animate-spin" aria-hidden />}
      {children}
    </Button>
  );
}

function DialogActions({ onCancel, busy, submit }: { onCancel: () => void; busy: boolean; submit: string }) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Button variant="outline" onClick={onCancel}>
        Annuler
      </Button>
      <SubmitButton busy={busy}>{submit}</SubmitButton>
    </div>
  );
}

export function PlanningPage() {
  const { data: classes, isLoading } = useClasses();
  const { data: sessions } = useWeeklySessions();
  const { data: cancellations } = useCancellations();
  const { data: closures } = useClosures();
  const zone = gymZoneName();

  return (
    <>
      <PageHeader
        title="Planning"
        subtitle={
          <>
            Cours, créneaux hebdomadaires, annulations et fermetures. Toutes les heures sont en <strong data-testid="planning-zone">{zone}</strong>.
          </>
        }
      />
      <Tabs.Root defaultValue="classes">
        <Tabs.List aria-label="Planning" className="mb-6 flex rounded-lg bg-gray-200 p-1 sm:inline-flex">
          <Tabs.Trigger value="classes" className={tabClass}>
            Cours et créneaux
          </Tabs.Trigger>
          <Tabs.Trigger value="cancellations" className={tabClass}>
            Annulations ({cancellations?.length ?? 0})
          </Tabs.Trigger>
          <Tabs.Trigger value="closures" className={tabClass}>
            Fermetures ({closures?.length ?? 0})
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="classes">
          {isLoading && <Spinner />}
          {classes && <ClassesTab classes={classes} sessions={sessions ?? []} />}
        </Tabs.Content>
        <Tabs.Content value="cancellations">
          <CancellationsTab />
        </Tabs.Content>
        <Tabs.Content value="closures">
          <ClosuresTab />
        </Tabs.Content>
      </Tabs.Root>
    </>
  );
}

// ---- classes and their weekly sessions ----

function ClassesTab({ classes, sessions }: { classes: ClassDto[]; sessions: WeeklySessionDto[] }) {
  const update = useUpdateClass();
  const toast = useToast();
  const toggle = useSingleFlight();
  const del = useDeleteWeeklySession();
  const deleting = useSingleFlight();
  const [classDialog, setClassDialog] = useState<{ cls: ClassDto | null } | null>(null);
  const [sessionDialog, setSessionDialog] = useState<{ cls: ClassDto; session: WeeklySessionDto | null } | null>(null);
  const [toCancel, setToCancel] = useState<WeeklySessionDto | null>(null);
  const [toDelete, setToDelete] = useState<WeeklySessionDto | null>(null);

  const toggleActive = (c: ClassDto) =>
    toggle.run(async () => {
      try {
        await update.mutateAsync({ id: c.id, data: { active: !c.active } });
        toast({ title: c.active ? 'Cours désactivé' : 'Cours réactivé' });
      } catch (err) {
        toast({ title: 'Erreur', description: errorText(err, 'Impossible de mettre à jour le cours'), variant: 'destructive' });
      }
    });

  const confirmDelete = () =>
    deleting.run(async () => {
      if (!toDelete) return;
      try {
        await del.mutateAsync(toDelete.id);
        toast({ title: 'Créneau supprimé' });
      } catch (err) {
        toast({ title: 'Erreur', description: errorText(err, 'Erreur lors de la suppression'), variant: 'destructive' });
      } finally {
        setToDelete(null);
      }
    });

  return (
    <>
      <div className="mb-4 flex justify-end">
        <Button onClick={() => setClassDialog({ cls: null })}>
          <Plus className="h-4 w-4" aria-hidden />
          Nouveau cours
        </Button>
      </div>
      {classes.length === 0 && <EmptyState title="Aucun cours" />}
      <ul className="grid grid-cols-1 gap-4 xl:grid-cols-2" aria-label="Cours">
        {classes.map((c) => {
          const own = sessions.filter((s) => s.classId === c.id).sort((a, b) => a.weekday - b.weekday || a.startTime.localeCompare(b.startTime));
          return (
            <li key={c.id}>
              <Card className="flex h-full flex-col p-4" data-testid="class-card">
                <div className="flex items-start justify-between gap-2">
                  <div className="min-w-0">
                    <h2 className="font-semibold wrap-anywhere text-gray-900">{c.name}</h2>
                    <div className="mt-1 flex flex-wrap gap-2">
                      <Badge tone="blue">{LEVEL_LABELS[c.level]}</Badge>
                      <Badge tone="gray">{`${c.durationMinutes} min`}</Badge>
                      {c.byAppointment && <Badge tone="purple">Sur rendez-vous</Badge>}
                      <Badge tone={c.active ? 'green' : 'gray'}>{c.active ? 'Actif' : 'Inactif'}</Badge>
                    </div>
                  </div>
                  <div className="flex shrink-0 gap-1">
                    <IconButton label={`Modifier le cours ${c.name}`} onClick={() => setClassDialog({ cls: c })}>
                      <Pencil className="h-4 w-4" aria-hidden />
                    </IconButton>
                    <IconButton
                      label={c.active ? `Désactiver le cours ${c.name}` : `Réactiver le cours ${c.name}`}
                      onClick={() => toggleActive(c)}
                      disabled={toggle.busy}
                    >
                      <Power className={c.active ? 'h-4 w-4 text-green-700' : 'h-4 w-4'} aria-hidden />
                    </IconButton>
                  </div>
                </div>
                {c.description && <p className="mt-2 text-sm wrap-anywhere text-gray-700">{c.description}</p>}
                <TranslatedIn translations={c.descriptionTranslations} />
                {!c.byAppointment && (
                  <>
                    <h3 className="mt-4 mb-2 text-sm font-semibold text-gray-900">Créneaux hebdomadaires</h3>
                    {own.length === 0 ? (
                      <p className="text-sm text-gray-700">Aucun créneau.</p>
                    ) : (
                      <ul className="divide-y divide-gray-100 rounded-md border border-gray-200" aria-label={`Créneaux de ${c.name}`}>
                        {own.map((s) => {
                          const label = `${WEEKDAY_LABELS[s.weekday]} ${s.startTime}`;
                          return (
                            <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2" data-testid="weekly-session-row">
                              <div className="min-w-0 text-sm">
                                <span className="font-medium text-gray-900">{label}</span>
                                <span className="text-gray-700">
                                  {' · '}
                                  <span data-testid="weekly-session-capacity">{s.capacity}</span> places
                                  {s.coach ? ` · ${s.coach}` : ''}
                                </span>
                                {!s.active && (
                                  <Badge tone="gray" className="ml-2">
                                    Inactif
                                  </Badge>
                                )}
                              </div>
                              <div className="flex gap-1">
                                <IconButton label={`Modifier le créneau ${c.name} ${label}`} onClick={() => setSessionDialog({ cls: c, session: s })}>
                                  <Pencil className="h-4 w-4" aria-hidden />
                                </IconButton>
                                <IconButton label={`Annuler une date du créneau ${c.name} ${label}`} onClick={() => setToCancel(s)}>
                                  <CalendarX2 className="h-4 w-4" aria-hidden />
                                </IconButton>
                                <IconButton
                                  label={`Supprimer le créneau ${c.name} ${label}`}
                                  onClick={() => setToDelete(s)}
                                  className="text-red-700 hover:bg-red-50"
                                >
                                  <Trash2 className="h-4 w-4" aria-hidden />
                                </IconButton>
                              </div>
                            </li>
                          );
                        })}
                      </ul>
                    )}
                    <div className="mt-3">
                      <Button variant="outline" size="sm" onClick={() => setSessionDialog({ cls: c, session: null })}>
                        <Plus className="h-4 w-4" aria-hidden />
                        Ajouter un créneau
                      </Button>
                    </div>
                  </>
                )}
              </Card>
            </li>
          );
        })}
      </ul>
      <ClassDialog state={classDialog} onClose={() => setClassDialog(null)} />
      <WeeklySessionDialog state={sessionDialog} onClose={() => setSessionDialog(null)} />
      <CancelOccurrenceDialog session={toCancel} onClose={() => setToCancel(null)} />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(o) => !o && setToDelete(null)}
        title="Supprimer le créneau"
        description={
          toDelete
            ? `Le créneau ${toDelete.className} du ${WEEKDAY_LABELS[toDelete.weekday].toLowerCase()} à ${toDelete.startTime} sera supprimé. Continuer ?`
            : ''
        }
        onConfirm={() => void confirmDelete()}
        busy={deleting.busy}
      />
    </>
  );
}

type ClassIn = z.input<typeof classCreateSchema>;
type ClassOut = z.output<typeof classCreateSchema>;
const CLASS_DEFAULTS: ClassIn = { name: '', description: '', descriptionTranslations: {}, level: 'All Levels', durationMinutes: 60 };

function ClassDialog({ state, onClose }: { state: { cls: ClassDto | null } | null; onClose: () => void }) {
  const create = useCreateClass();
  const update = useUpdateClass();
  const toast = useToast();
  const flight = useSingleFlight();
  const [serverError, setServerError] = useState<string | null>(null);
  const editing = state?.cls ?? null;
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ClassIn, unknown, ClassOut>({ resolver: zodResolver(classCreateSchema), defaultValues: CLASS_DEFAULTS });
  const englishDescription = useWatch({ control, name: 'description' });

  useEffect(() => {
    if (!state) return;
    setServerError(null);
    reset(
      state.cls
        ? {
            name: state.cls.name,
            description: state.cls.description,
            descriptionTranslations: state.cls.descriptionTranslations,
            level: state.cls.level,
            durationMinutes: state.cls.durationMinutes,
          }
        : CLASS_DEFAULTS,
    );
  }, [state, reset]);

  const onSubmit = handleSubmit((data) =>
    flight.run(async () => {
      setServerError(null);
      const fields = {
        name: data.name,
        description: data.description,
        descriptionTranslations: data.descriptionTranslations,
        level: data.level,
        durationMinutes: data.durationMinutes,
      };
      try {
        if (editing) await update.mutateAsync({ id: editing.id, data: fields });
        else await create.mutateAsync({ ...fields, byAppointment: false, active: true });
        toast({ title: editing ? 'Cours mis à jour' : 'Cours créé' });
        onClose();
      } catch (err) {
        setServerError(errorText(err, editing ? 'Impossible de mettre à jour le cours' : 'Impossible de créer le cours'));
      }
    }),
  );

  return (
    <Modal open={state !== null} onOpenChange={(o) => !o && onClose()} title={editing ? 'Modifier le cours' : 'Nouveau cours'}>
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        {serverError && <ErrorAlert>{serverError}</ErrorAlert>}
        <Field id="class-name" label="Nom" error={errors.name?.message}>
          <Input autoComplete="off" {...fieldAria('class-name', errors.name?.message)} {...register('name')} />
        </Field>
        <Field id="class-description" label="Description" error={errors.description?.message}>
          <Textarea rows={3} lang="en" {...fieldAria('class-description', errors.description?.message)} {...register('description')} />
        </Field>
        <DescriptionTranslationsFields register={register} errors={errors.descriptionTranslations} english={englishDescription} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Controller
            control={control}
            name="level"
            render={({ field }) => (
              <Field id="class-level" label="Niveau" error={errors.level?.message}>
                <Select id="class-level" value={field.value} onValueChange={field.onChange} options={levelOptions} />
              </Field>
            )}
          />
          <Field id="class-duration" label="Durée (minutes)" error={errors.durationMinutes?.message}>
            <Input
              type="number"
              inputMode="numeric"
              min={1}
              max={600}
              {...fieldAria('class-duration', errors.durationMinutes?.message)}
              {...register('durationMinutes', { valueAsNumber: true })}
            />
          </Field>
        </div>
        <DialogActions onCancel={onClose} busy={flight.busy} submit={editing ? 'Enregistrer' : 'Créer'} />
      </form>
    </Modal>
  );
}

/** Which languages a class's description is written in besides English. */
function TranslatedIn({ translations }: { translations: ClassDto['descriptionTranslations'] }) {
  const done = TRANSLATED_LANGUAGES.filter((l) => translations[l]);
  return (
    <p className="mt-1 text-xs text-gray-700" data-testid="class-translations">
      {done.length === 0 ? 'Description en anglais seulement' : `Description traduite en ${done.map((l) => LANGUAGE_NAMES_FR[l]).join(', ')}`}
    </p>
  );
}

/**
 * The description in the public site's other languages (issue 15), folded away under the
 * English one: an empty field shows the English description on that language's pages.
 */
function DescriptionTranslationsFields({
  register,
  errors,
  english,
}: {
  register: UseFormRegister<ClassIn>;
  errors: Partial<Record<TranslatedLanguage, { message?: string }>> | undefined;
  english: string | undefined;
}) {
  const invalid = errors !== undefined && Object.keys(errors).length > 0;
  return (
    <details className="rounded-md border border-gray-200 p-3" open={invalid || undefined}>
      <summary className="cursor-pointer text-sm font-medium text-gray-900">Description dans les autres langues</summary>
      <p className="mt-2 text-sm text-gray-700">Vide : la page de cette langue montre la description anglaise.</p>
      <div className="mt-3 grid gap-3">
        {TRANSLATED_LANGUAGES.map((l) => {
          const id = `class-description-${l}`;
          const error = errors?.[l]?.message;
          return (
            <Field key={l} id={id} label={`Description (${LANGUAGE_NAMES_FR[l]})`} error={error}>
              <Textarea rows={2} lang={LANGUAGE_TAGS[l]} placeholder={english} {...fieldAria(id, error)} {...register(`descriptionTranslations.${l}`)} />
            </Field>
          );
        })}
      </div>
    </details>
  );
}

type SessionIn = z.input<typeof weeklySessionCreateSchema>;
type SessionOut = z.output<typeof weeklySessionCreateSchema>;

function WeeklySessionDialog({ state, onClose }: { state: { cls: ClassDto; session: WeeklySessionDto | null } | null; onClose: () => void }) {
  const create = useCreateWeeklySession();
  const update = useUpdateWeeklySession();
  const toast = useToast();
  const flight = useSingleFlight();
  const [serverError, setServerError] = useState<string | null>(null);
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
    const s = state.session;
    reset(
      s
        ? { classId: s.classId, weekday: s.weekday, startTime: s.startTime, capacity: s.capacity, coach: s.coach ?? '', active: s.active }
        : { classId: state.cls.id, weekday: 1, startTime: '', capacity: 12, coach: '', active: true },
    );
  }, [state, reset]);

  const onSubmit = handleSubmit((data) =>
    flight.run(async () => {
      setServerError(null);
      try {
        if (editing) {
          await update.mutateAsync({
            id: editing.id,
            data: { weekday: data.weekday, startTime: data.startTime, capacity: data.capacity, coach: data.coach, active: data.active },
          });
        } else {
          await create.mutateAsync(data);
        }
        toast({ title: editing ? 'Créneau mis à jour' : 'Créneau ajouté' });
        onClose();
      } catch (err) {
        setServerError(errorText(err, editing ? 'Impossible de mettre à jour le créneau' : "Impossible d'ajouter le créneau"));
      }
    }),
  );

  return (
    <Modal
      open={state !== null}
      onOpenChange={(o) => !o && onClose()}
      title={editing ? 'Modifier le créneau' : 'Nouveau créneau'}
      description={state ? `${state.cls.name} — heure de début en ${gymZoneName()}` : undefined}
    >
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        {serverError && <ErrorAlert>{serverError}</ErrorAlert>}
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

type CancelIn = z.input<typeof sessionCancellationSchema>;
type CancelOut = z.output<typeof sessionCancellationSchema>;

function CancelOccurrenceDialog({ session, onClose }: { session: WeeklySessionDto | null; onClose: () => void }) {
  const cancel = useCancelOccurrence();
  const toast = useToast();
  const flight = useSingleFlight();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<CancelIn, unknown, CancelOut>({ resolver: zodResolver(sessionCancellationSchema) });

  useEffect(() => {
    if (!session) return;
    setServerError(null);
    reset({ date: nextDateOn(session.weekday), reason: '' });
  }, [session, reset]);

  const onSubmit = handleSubmit((data) =>
    flight.run(async () => {
      if (!session) return;
      setServerError(null);
      try {
        await cancel.mutateAsync({ weeklySessionId: session.id, data });
        toast({ title: 'Séance annulée', description: `${session.className}, ${formatGymDate(data.date)} à ${session.startTime}` });
        onClose();
      } catch (err) {
        setServerError(errorText(err, "Impossible d'annuler la séance"));
      }
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
        <DialogActions onCancel={onClose} busy={flight.busy} submit="Annuler la séance" />
      </form>
    </Modal>
  );
}

// ---- cancellations ----

function CancellationsTab() {
  const { data: list, isLoading } = useCancellations();
  const restore = useRestoreOccurrence();
  const toast = useToast();
  const flight = useSingleFlight();

  const undo = (weeklySessionId: number, date: string) =>
    flight.run(async () => {
      try {
        await restore.mutateAsync({ weeklySessionId, date });
        toast({ title: 'Séance rétablie' });
      } catch (err) {
        toast({ title: 'Erreur', description: errorText(err, 'Impossible de rétablir la séance'), variant: 'destructive' });
      }
    });

  if (isLoading) return <Spinner />;
  if (!list || list.length === 0) return <EmptyState title="Aucune séance annulée à venir" />;
  return (
    <ul className="grid gap-3" aria-label="Séances annulées">
      {list.map((c) => (
        <li key={c.id}>
          <Card className="flex flex-wrap items-center justify-between gap-3 p-4" data-testid="cancellation-row">
            <div className="min-w-0">
              <p className="font-medium wrap-anywhere text-gray-900">
                {c.className} — {c.startTime}
              </p>
              <p className="text-sm text-gray-700">{formatGymDate(c.date)}</p>
              {c.reason && <p className="text-sm wrap-anywhere text-gray-700">Motif : {c.reason}</p>}
            </div>
            <Button variant="outline" size="sm" className="h-10" onClick={() => void undo(c.weeklySessionId, c.date)} disabled={flight.busy}>
              <RotateCcw className="h-4 w-4" aria-hidden />
              Rétablir
            </Button>
          </Card>
        </li>
      ))}
    </ul>
  );
}

// ---- closures ----

type ClosureIn = z.input<typeof closureCreateSchema>;
type ClosureOut = z.output<typeof closureCreateSchema>;

function ClosuresTab() {
  const { data: list, isLoading } = useClosures();
  const create = useCreateClosure();
  const del = useDeleteClosure();
  const toast = useToast();
  const adding = useSingleFlight();
  const deleting = useSingleFlight();
  const [open, setOpen] = useState(false);
  const [toDelete, setToDelete] = useState<{ id: number; label: string } | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ClosureIn, unknown, ClosureOut>({ resolver: zodResolver(closureCreateSchema) });

  useEffect(() => {
    if (!open) return;
    setServerError(null);
    const today = gymToday();
    reset({ startDate: today, endDate: today, reason: '' });
  }, [open, reset]);

  const onSubmit = handleSubmit((data) =>
    adding.run(async () => {
      setServerError(null);
      try {
        await create.mutateAsync(data);
        toast({ title: 'Fermeture ajoutée' });
        setOpen(false);
      } catch (err) {
        setServerError(errorText(err, "Impossible d'ajouter la fermeture"));
      }
    }),
  );

  const confirmDelete = () =>
    deleting.run(async () => {
      if (!toDelete) return;
      try {
        await del.mutateAsync(toDelete.id);
        toast({ title: 'Fermeture supprimée' });
      } catch (err) {
        toast({ title: 'Erreur', description: errorText(err, 'Erreur lors de la suppression'), variant: 'destructive' });
      } finally {
        setToDelete(null);
      }
    });

  const range = (start: string, end: string) => (start === end ? formatGymDate(start) : `du ${formatGymDate(start)} au ${formatGymDate(end)}`);

  return (
    <>
      <div className="mb-4 flex justify-end">
        <Button onClick={() => setOpen(true)}>
          <CalendarOff className="h-4 w-4" aria-hidden />
          Ajouter une fermeture
        </Button>
      </div>
      {isLoading && <Spinner />}
      {list && list.length === 0 && <EmptyState title="Aucune fermeture à venir" />}
      {list && list.length > 0 && (
        <ul className="grid gap-3" aria-label="Fermetures">
          {list.map((c) => {
            const label = range(c.startDate, c.endDate);
            return (
              <li key={c.id}>
                <Card className="flex items-center justify-between gap-3 p-4" data-testid="closure-row">
                  <div className="min-w-0">
                    <p className="font-medium text-gray-900 first-letter:uppercase">{label}</p>
                    {c.reason && <p className="text-sm wrap-anywhere text-gray-700">{c.reason}</p>}
                  </div>
                  <IconButton
                    label={`Supprimer la fermeture ${label}`}
                    onClick={() => setToDelete({ id: c.id, label })}
                    className="text-red-700 hover:bg-red-50"
                  >
                    <Trash2 className="h-4 w-4" aria-hidden />
                  </IconButton>
                </Card>
              </li>
            );
          })}
        </ul>
      )}
      <Modal
        open={open}
        onOpenChange={setOpen}
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
          <DialogActions onCancel={() => setOpen(false)} busy={adding.busy} submit="Ajouter" />
        </form>
      </Modal>
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(o) => !o && setToDelete(null)}
        title="Supprimer la fermeture"
        description={toDelete ? `La fermeture ${toDelete.label} sera supprimée : les séances de ces jours seront de nouveau réservables. Continuer ?` : ''}
        onConfirm={() => void confirmDelete()}
        busy={deleting.busy}
      />
    </>
  );
}
