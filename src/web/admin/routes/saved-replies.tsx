import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { ListEditor } from '../components/list-editor';
import { useDeleteSavedReply, useSavedReplies } from '../features/saved-replies/api';
import { SavedReplyDialog } from '../features/saved-replies/saved-reply-dialog';
import type { SavedReply } from '../lib/types';

/** The desk's shared answers, inserted from a conversation's reply box (reached from Messages). */
export function SavedRepliesPage() {
  const { data: replies, isLoading } = useSavedReplies();
  const del = useDeleteSavedReply();
  return (
    <ListEditor<SavedReply>
      items={replies}
      isLoading={isLoading}
      before={
        <Link
          to="/admin/messages"
          className="mb-4 inline-flex items-center gap-1 text-sm font-medium text-gray-800 hover:underline focus-visible:ring-2 focus-visible:ring-red-600 focus-visible:outline-none"
        >
          <ArrowLeft className="h-4 w-4" aria-hidden />
          Retour aux messages
        </Link>
      }
      texts={{
        title: 'Réponses enregistrées',
        subtitle: 'Textes prêts à insérer dans une réponse (en anglais, comme les échanges)',
        create: 'Nouvelle réponse',
        empty: 'Aucune réponse enregistrée',
        list: 'Réponses enregistrées',
        item: 'la réponse',
        deleteTitle: 'Supprimer la réponse',
        deleteDescription: (r) => `Êtes-vous sûr de vouloir supprimer la réponse "${r.title}" ?`,
        deleted: 'Réponse supprimée',
      }}
      name={(r) => r.title}
      heading={(r) => <h2 className="min-w-0 flex-1 text-lg font-semibold wrap-anywhere text-gray-900">{r.title}</h2>}
      body={(r) => (
        <p lang="en" className="mt-2 text-sm wrap-anywhere whitespace-pre-wrap text-gray-700">
          {r.content}
        </p>
      )}
      gridClassName="grid grid-cols-1 gap-4 md:grid-cols-2"
      cardTestId="saved-reply-card"
      onDelete={(id) => del.mutateAsync(id)}
      deleting={del.isPending}
      dialog={(editing, close) => <SavedReplyDialog editing={editing} onClose={close} />}
    />
  );
}
