import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, Loader2, Pencil, Plus, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { savedReplySchema } from '../../../shared/schemas/saved-replies';
import { errorText } from '../../lib/api-client';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { ConfirmDialog, Modal } from '../components/ui/dialog';
import { Field, Input, Textarea, fieldAria } from '../components/ui/field';
import { IconButton } from '../components/ui/icon-button';
import { EmptyState, PageHeader } from '../components/ui/page-header';
import { Spinner } from '../components/ui/spinner';
import { useToast } from '../components/ui/toast';
import { useDeleteSavedReply, useSavedReplies, useSaveSavedReply } from '../features/saved-replies/api';
import type { SavedReply } from '../lib/types';

type FormIn = z.input<typeof savedReplySchema>;
type FormOut = z.output<typeof savedReplySchema>;

/** The desk's shared answers, inserted from a conversation's reply box (reached from Messages). */
export function SavedRepliesPage() {
  const { data: replies, isLoading } = useSavedReplies();
  const del = useDeleteSavedReply();
  const toast = useToast();
  const [editing, setEditing] = useState<SavedReply | 'new' | null>(null);
  const [toDelete, setToDelete] = useState<SavedReply | null>(null);

  async function confirmDelete() {
    if (!toDelete) return;
    try {
      await del.mutateAsync(toDelete.id);
      toast({ title: 'Réponse supprimée' });
    } catch (err) {
      toast({ title: 'Erreur', description: errorText(err, 'Erreur lors de la suppression'), variant: 'destructive' });
    } finally {
      setToDelete(null);
    }
  }

  const createButton = (
    <Button onClick={() => setEditing('new')}>
      <Plus className="h-4 w-4" aria-hidden />
      Nouvelle réponse
    </Button>
  );

  return (
    <>
      <Link
        to="/admin/messages"
        className="mb-4 inline-flex items-center gap-1 text-sm font-medium text-gray-800 hover:underline focus-visible:ring-2 focus-visible:ring-red-600 focus-visible:outline-none"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden />
        Retour aux messages
      </Link>
      <PageHeader title="Réponses enregistrées" subtitle="Textes prêts à insérer dans une réponse (en anglais, comme les échanges)" actions={createButton} />
      {isLoading && <Spinner />}
      {replies && replies.length === 0 && <EmptyState title="Aucune réponse enregistrée">{createButton}</EmptyState>}
      {replies && replies.length > 0 && (
        <ul className="grid grid-cols-1 gap-4 md:grid-cols-2" aria-label="Réponses enregistrées">
          {replies.map((r) => (
            <li key={r.id}>
              <Card className="flex h-full flex-col p-4" data-testid="saved-reply-card">
                <div className="flex items-start justify-between gap-2">
                  <h2 className="min-w-0 flex-1 text-lg font-semibold wrap-anywhere text-gray-900">{r.title}</h2>
                  <div className="flex shrink-0 gap-1">
                    <IconButton label={`Modifier la réponse ${r.title}`} onClick={() => setEditing(r)}>
                      <Pencil className="h-4 w-4" aria-hidden />
                    </IconButton>
                    <IconButton label={`Supprimer la réponse ${r.title}`} onClick={() => setToDelete(r)} className="text-red-700 hover:bg-red-50">
                      <Trash2 className="h-4 w-4" aria-hidden />
                    </IconButton>
                  </div>
                </div>
                <p lang="en" className="mt-2 text-sm wrap-anywhere whitespace-pre-wrap text-gray-700">
                  {r.content}
                </p>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <SavedReplyDialog editing={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title="Supprimer la réponse"
        description={toDelete ? `Êtes-vous sûr de vouloir supprimer la réponse "${toDelete.title}" ?` : ''}
        onConfirm={confirmDelete}
        busy={del.isPending}
      />
    </>
  );
}

function SavedReplyDialog({ editing, onClose }: { editing: SavedReply | 'new' | null; onClose: () => void }) {
  const save = useSaveSavedReply();
  const toast = useToast();
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

  const onSubmit = handleSubmit(async (data) => {
    try {
      await save.mutateAsync({ id: editing === 'new' || editing === null ? null : editing.id, data });
      toast({ title: isNew ? 'Réponse ajoutée' : 'Réponse mise à jour' });
      onClose();
    } catch (err) {
      toast({ title: 'Erreur', description: errorText(err, "Impossible d'enregistrer la réponse"), variant: 'destructive' });
    }
  });

  return (
    <Modal open={editing !== null} onOpenChange={(open) => !open && onClose()} title={isNew ? 'Nouvelle réponse' : 'Modifier la réponse'}>
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <Field id="saved-reply-title" label="Titre" error={errors.title?.message}>
          <Input {...fieldAria('saved-reply-title', errors.title?.message)} {...register('title')} />
        </Field>
        <Field id="saved-reply-content" label="Texte" error={errors.content?.message}>
          <Textarea rows={8} lang="en" {...fieldAria('saved-reply-content', errors.content?.message)} {...register('content')} />
        </Field>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            Annuler
          </Button>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting && <Loader2 className="h-4 w-4 animate-spin" aria-hidden />}
            {isNew ? 'Ajouter' : 'Enregistrer'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
