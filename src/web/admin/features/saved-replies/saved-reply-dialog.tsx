import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { savedReplySchema } from '../../../../shared/schemas/saved-replies';
import { ListEditorDialog, type Editing } from '../../components/list-editor';
import { Field, Input, Textarea, fieldAria } from '../../components/ui/field';
import type { SavedReply } from '../../lib/types';
import { useAction } from '../../lib/use-action';
import { useSaveSavedReply } from './api';

type FormIn = z.input<typeof savedReplySchema>;
type FormOut = z.output<typeof savedReplySchema>;

export function SavedReplyDialog({ editing, onClose }: { editing: Editing<SavedReply>; onClose: () => void }) {
  const save = useSaveSavedReply();
  const run = useAction();
  const isNew = editing === 'new';
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<FormIn, unknown, FormOut>({ resolver: zodResolver(savedReplySchema), defaultValues: { title: '', content: '' } });

  useEffect(() => {
    if (editing === null) return;
    reset(editing === 'new' ? { title: '', content: '' } : { title: editing.title, content: editing.content });
  }, [editing, reset]);

  const onSubmit = handleSubmit((data) =>
    run(
      async () => {
        await save.mutateAsync({ id: editing === 'new' || editing === null ? null : editing.id, data });
        onClose();
      },
      { success: isNew ? 'Réponse ajoutée' : 'Réponse mise à jour', failure: "Impossible d'enregistrer la réponse" },
    ),
  );

  return (
    <ListEditorDialog
      open={editing !== null}
      onClose={onClose}
      title={isNew ? 'Nouvelle réponse' : 'Modifier la réponse'}
      onSubmit={onSubmit}
      submitting={isSubmitting}
      submitLabel={isNew ? 'Ajouter' : 'Enregistrer'}
    >
      <Field id="saved-reply-title" label="Titre" error={errors.title?.message}>
        <Input {...fieldAria('saved-reply-title', errors.title?.message)} {...register('title')} />
      </Field>
      <Field id="saved-reply-content" label="Texte" error={errors.content?.message}>
        <Textarea rows={8} lang="en" {...fieldAria('saved-reply-content', errors.content?.message)} {...register('content')} />
      </Field>
    </ListEditorDialog>
  );
}
