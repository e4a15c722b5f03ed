import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { galleryMetaSchema } from '../../../../shared/schemas/gallery';
import { StaleEditAlert } from '../../components/stale-edit';
import { Button } from '../../components/ui/button';
import { Modal } from '../../components/ui/dialog';
import { Field, Input, Textarea, fieldAria } from '../../components/ui/field';
import type { GalleryItem } from '../../lib/types';
import { useAction } from '../../lib/use-action';
import { GALLERY_KEY, useUpdateImage } from './api';
import { CategoryInput } from './category-input';

type MetaIn = z.input<typeof galleryMetaSchema>;
type MetaOut = z.output<typeof galleryMetaSchema>;

/** "Modifier l'image": title, description, category; refused (with a reload) when someone saved it meanwhile. */
export function EditImageDialog({ item, onClose, categories }: { item: GalleryItem | null; onClose: () => void; categories: string[] }) {
  const update = useUpdateImage();
  const act = useAction();
  const qc = useQueryClient();
  const [stale, setStale] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<MetaIn, unknown, MetaOut>({ resolver: zodResolver(galleryMetaSchema) });

  useEffect(() => {
    if (item) reset({ title: item.title, description: item.description ?? '', category: item.category });
    setStale(null);
  }, [item, reset]);

  const onSubmit = handleSubmit(async (data) => {
    if (!item) return;
    await act(
      async () => {
        // The version the dialog opened with: someone else's save in between is refused (409).
        await update.mutateAsync({ id: item.id, data: { ...data, version: item.version } });
        onClose();
      },
      { success: { title: 'Succès', description: 'Image mise à jour' }, failure: "Impossible de mettre à jour l'image", onStale: setStale },
    );
  });

  return (
    <Modal open={item !== null} onOpenChange={(o) => !o && onClose()} title="Modifier l'image">
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <Field id="edit-image-title" label="Titre" error={errors.title?.message}>
          <Input {...fieldAria('edit-image-title', errors.title?.message)} {...register('title')} />
        </Field>
        <Field id="edit-image-description" label="Description">
          <Textarea id="edit-image-description" rows={2} {...register('description')} />
        </Field>
        <Field id="edit-image-category" label="Catégorie">
          <CategoryInput id="edit-image-category" categories={categories} {...register('category')} />
        </Field>
        {stale && (
          <StaleEditAlert
            message={stale}
            onReload={() => {
              void qc.invalidateQueries({ queryKey: GALLERY_KEY });
              onClose();
            }}
          />
        )}
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            Annuler
          </Button>
          <Button type="submit" pending={isSubmitting}>
            Enregistrer
          </Button>
        </div>
      </form>
    </Modal>
  );
}
