import { useQueryClient } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2, Pencil, Plus, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { blogCategorySchema } from '../../../shared/schemas/blog';
import { slugify } from '../../../shared/schemas/common';
import { StaleEditAlert, staleEditMessage } from '../components/stale-edit';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { ConfirmDialog, Modal } from '../components/ui/dialog';
import { Field, Input, Textarea, fieldAria } from '../components/ui/field';
import { IconButton } from '../components/ui/icon-button';
import { EmptyState, PageHeader } from '../components/ui/page-header';
import { Spinner } from '../components/ui/spinner';
import { useToast } from '../components/ui/toast';
import { useCategories, useDeleteCategory, useSaveCategory } from '../features/categories/api';
import { errorText } from '../../lib/api-client';
import { formatDate } from '../lib/format';
import type { BlogCategory } from '../lib/types';

type FormIn = z.input<typeof blogCategorySchema>;
type FormOut = z.output<typeof blogCategorySchema>;

export function CategoriesPage() {
  const { data: categories, isLoading } = useCategories();
  const del = useDeleteCategory();
  const toast = useToast();
  // null: closed; 'new': create mode; a category: edit mode.
  const [editing, setEditing] = useState<BlogCategory | 'new' | null>(null);
  const [toDelete, setToDelete] = useState<BlogCategory | null>(null);

  async function confirmDelete() {
    if (!toDelete) return;
    try {
      await del.mutateAsync(toDelete.id);
      toast({ title: 'Catégorie supprimée' });
    } catch (err) {
      toast({ title: 'Erreur', description: errorText(err, 'Erreur lors de la suppression'), variant: 'destructive' });
    } finally {
      setToDelete(null);
    }
  }

  const createButton = (
    <Button onClick={() => setEditing('new')}>
      <Plus className="h-4 w-4" aria-hidden />
      Nouvelle catégorie
    </Button>
  );

  return (
    <>
      <PageHeader title="Catégories" subtitle="Gérez les catégories du blog" actions={createButton} />
      {isLoading && <Spinner />}
      {categories && categories.length === 0 && <EmptyState title="Aucune catégorie">{createButton}</EmptyState>}
      {categories && categories.length > 0 && (
        <ul className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label="Catégories">
          {categories.map((c) => (
            <li key={c.id}>
              <Card className="flex h-full flex-col p-4" data-testid="category-card">
                <div className="flex items-start justify-between gap-2">
                  <div className="min-w-0 flex-1">
                    <h2 className="text-lg font-semibold wrap-anywhere text-gray-900">{c.name}</h2>
                    <p className="truncate font-mono text-sm text-gray-700" title={`/${c.slug}`}>
                      /{c.slug}
                    </p>
                  </div>
                  <div className="flex shrink-0 gap-1">
                    <IconButton label={`Modifier la catégorie ${c.name}`} onClick={() => setEditing(c)}>
                      <Pencil className="h-4 w-4" aria-hidden />
                    </IconButton>
                    <IconButton label={`Supprimer la catégorie ${c.name}`} onClick={() => setToDelete(c)} className="text-red-700 hover:bg-red-50">
                      <Trash2 className="h-4 w-4" aria-hidden />
                    </IconButton>
                  </div>
                </div>
                {c.description && <p className="mt-2 text-sm text-gray-700">{c.description}</p>}
                <p className="mt-auto pt-3 text-xs text-gray-700">
                  Créée le {formatDate(c.createdAt)}
                  {c.postCount !== undefined && ` · ${c.postCount} article${c.postCount > 1 ? 's' : ''}`}
                </p>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <CategoryDialog editing={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title="Supprimer la catégorie"
        description={toDelete ? `Êtes-vous sûr de vouloir supprimer la catégorie "${toDelete.name}" ?` : ''}
        onConfirm={confirmDelete}
        busy={del.isPending}
      />
    </>
  );
}

function CategoryDialog({ editing, onClose }: { editing: BlogCategory | 'new' | null; onClose: () => void }) {
  const save = useSaveCategory();
  const toast = useToast();
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

  const onSubmit = handleSubmit(async (data) => {
    try {
      const current = editing === 'new' || editing === null ? null : editing;
      // The version the dialog opened with: someone else's save in between is refused (409).
      await save.mutateAsync({ id: current?.id ?? null, data: { ...data, version: current?.version } });
      toast({ title: isNew ? 'Catégorie créée' : 'Catégorie mise à jour' });
      onClose();
    } catch (err) {
      const staleMessage = staleEditMessage(err);
      if (staleMessage) return setStale(staleMessage);
      toast({ title: 'Erreur', description: errorText(err, "Impossible d'enregistrer la catégorie"), variant: 'destructive' });
    }
  });

  return (
    <Modal open={editing !== null} onOpenChange={(open) => !open && onClose()} title={isNew ? 'Nouvelle catégorie' : 'Modifier la catégorie'}>
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
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
        {stale && (
          <StaleEditAlert
            message={stale}
            onReload={() => {
              void qc.invalidateQueries({ queryKey: ['/api/blog-categories'] });
              onClose();
            }}
          />
        )}
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            Annuler
          </Button>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting && <Loader2 className="h-4 w-4 animate-spin" aria-hidden />}
            {isNew ? 'Créer' : 'Enregistrer'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
