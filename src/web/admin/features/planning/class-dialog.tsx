import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch, type UseFormRegister } from 'react-hook-form';
import type { z } from 'zod';
import { LANGUAGE_NAMES_FR, LANGUAGE_TAGS, TRANSLATED_LANGUAGES, type TranslatedLanguage } from '../../../../shared/i18n/languages';
import { classCreateSchema, type ClassDto } from '../../../../shared/schemas/timetable';
import { ErrorAlert } from '../../components/ui/alert';
import { Modal } from '../../components/ui/dialog';
import { Field, Input, Textarea, fieldAria } from '../../components/ui/field';
import { Select } from '../../components/ui/select';
import { useSingleFlight } from '../../lib/single-flight';
import { useAction } from '../../lib/use-action';
import { useCreateClass, useUpdateClass } from './api';
import { DialogActions } from './dialog-actions';
import { levelOptions } from './labels';

type ClassIn = z.input<typeof classCreateSchema>;
type ClassOut = z.output<typeof classCreateSchema>;
const CLASS_DEFAULTS: ClassIn = { name: '', description: '', descriptionTranslations: {}, level: 'All Levels', durationMinutes: 60 };

/** Creates a class, or edits one (`state.cls`); closed while `state` is null. */
export function ClassDialog({ state, onClose }: { state: { cls: ClassDto | null } | null; onClose: () => void }) {
  const create = useCreateClass();
  const update = useUpdateClass();
  const act = useAction();
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
      await act(
        async () => {
          if (editing) await update.mutateAsync({ id: editing.id, data: fields });
          else await create.mutateAsync({ ...fields, byAppointment: false, active: true });
          onClose();
        },
        {
          success: editing ? 'Cours mis à jour' : 'Cours créé',
          failure: editing ? 'Impossible de mettre à jour le cours' : 'Impossible de créer le cours',
          onError: setServerError,
        },
      );
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
