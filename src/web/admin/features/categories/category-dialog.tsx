import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { blogCategorySchema } from '../../../../shared/schemas/blog';
import { slugify } from '../../../../shared/schemas/common';
import { ListEditorDialog, type Editing } from '../../components/list-editor';
import { Field, Input, Textarea, fieldAria } from '../../components/ui/field';
import type { BlogCategory } from '../../lib/types';
import { useAction } from '../../lib/use-action';
import { CATEGORIES_KEY, useSaveCategory } from './api';

type FormIn = z.input<typeof blogCategorySchema>;
type FormOut = z.output<typeof blogCategorySchema>;

export function CategoryDialog({ editing, onClose }: { editing: Editing<BlogCategory>; onClose: () => void }) {
  const save = useSaveCategory();
  const run = useAction();
  const qc = useQueryClient();
  const [stale, setStale] = useState<string | null>(null);
  const isNew = editing === 'new';
  const slugTouched = useRef(false);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<FormIn, unknown, FormOut>({ resolver: zodResolver(blogCategorySchema), defaultValues: { name: '', slug: '', description: '' } });

  useEffect(() => {
    if (editing === null) return;
    slugTouched.current = false;
    setStale(null);
    reset(editing === 'new' ? { name: '', slug: '', description: '' } : { name: editing.name, slug: editing.slug, description: editing.description ?? '' });
  }, [editing, reset]);

  const name = useWatch({ control, name: 'name' });
  // SPEC.md §4: create mode fills the slug from the name; edit mode leaves it alone.
  useEffect(() => {
    if (isNew && !slugTouched.current) setValue('slug', slugify(name ?? ''));
  }, [name, isNew, setValue]);

  const onSubmit = handleSubmit((data) => {
    const current = editing === 'new' || editing === null ? null : editing;
    return run(
      async () => {
        // The version the dialog opened with: someone else's save in between is refused (409).
        await save.mutateAsync({ id: current?.id ?? null, data: { ...data, version: current?.version } });
        onClose();
      },
      { success: isNew ? 'Catégorie créée' : 'Catégorie mise à jour', failure: "Impossible d'enregistrer la catégorie", onStale: setStale },
    );
  });

  return (
    <ListEditorDialog
      open={editing !== null}
      onClose={onClose}
      title={isNew ? 'Nouvelle catégorie' : 'Modifier la catégorie'}
      onSubmit={onSubmit}
      submitting={isSubmitting}
      submitLabel={isNew ? 'Créer' : 'Enregistrer'}
      stale={{
        message: stale,
        onReload: () => {
          void qc.invalidateQueries({ queryKey: CATEGORIES_KEY });
          onClose();
        },
      }}
    >
      <Field id="category-name" label="Nom" error={errors.name?.message}>
        <Input {...fieldAria('category-name', errors.name?.message)} {...register('name')} />
      </Field>
      <Field id="category-slug" label="Slug" error={errors.slug?.message}>
        <Input
          {...fieldAria('category-slug', errors.slug?.message)}
          {...register('slug', {
            onChange: () => {
              slugTouched.current = true;
            },
          })}
        />
      </Field>
      <Field id="category-description" label="Description" error={errors.description?.message}>
        <Textarea rows={3} {...fieldAria('category-description', errors.description?.message)} {...register('description')} />
      </Field>
    </ListEditorDialog>
  );
}
