import { Plus } from 'lucide-react';
import { useState } from 'react';
import { NO_SELF_DEACTIVATE, NO_SELF_DELETE } from '../../../shared/messages';
import { Button } from '../components/ui/button';
import { ConfirmDialog } from '../components/ui/dialog';
import { EmptyState, PageHeader } from '../components/ui/page-header';
import { Spinner } from '../components/ui/spinner';
import { useToast } from '../components/ui/toast';
import { useDeleteUser, useUpdateUser, useUsers } from '../features/users/api';
import { CreateUserDialog } from '../features/users/create-user-dialog';
import { EditUserDialog } from '../features/users/edit-user-dialog';
import { UserCard } from '../features/users/user-card';
import { useSession } from '../lib/session';
import type { User } from '../lib/types';
import { useAction } from '../lib/use-action';

export function UsersPage() {
  const { user: me } = useSession();
  const { data: users, isLoading } = useUsers();
  const update = useUpdateUser();
  const del = useDeleteUser();
  const toast = useToast();
  const run = useAction();
  const [createOpen, setCreateOpen] = useState(false);
  const [editing, setEditing] = useState<User | null>(null);
  const [toDelete, setToDelete] = useState<User | null>(null);

  function toggleActive(u: User) {
    if (u.id === me?.id && u.isActive) return toast({ title: 'Erreur', description: NO_SELF_DEACTIVATE, variant: 'destructive' });
    void run(() => update.mutateAsync({ id: u.id, data: { isActive: !u.isActive, version: u.version } }), {
      success: 'Statut utilisateur mis à jour',
      failure: 'Impossible de mettre à jour le statut',
    });
  }

  function confirmDelete() {
    if (!toDelete) return;
    if (toDelete.id === me?.id) {
      toast({ title: 'Erreur', description: NO_SELF_DELETE, variant: 'destructive' });
      return setToDelete(null);
    }
    void run(() => del.mutateAsync(toDelete.id), {
      success: 'Utilisateur supprimé',
      failure: 'Erreur lors de la suppression',
      onSettled: () => setToDelete(null),
    });
  }

  return (
    <>
      <PageHeader
        title="Utilisateurs"
        subtitle="Gérez les comptes du back office"
        actions={
          <Button onClick={() => setCreateOpen(true)}>
            <Plus className="h-4 w-4" aria-hidden />
            Nouvel utilisateur
          </Button>
        }
      />
      {isLoading && <Spinner />}
      {users && users.length === 0 && <EmptyState title="Aucun utilisateur" />}
      {users && users.length > 0 && (
        <ul className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label="Utilisateurs">
          {users.map((u) => (
            <li key={u.id}>
              <UserCard
                u={u}
                isMe={u.id === me?.id}
                onEdit={() => setEditing(u)}
                onToggleActive={() => toggleActive(u)}
                toggling={update.isPending}
                onDelete={() => setToDelete(u)}
              />
            </li>
          ))}
        </ul>
      )}
      <CreateUserDialog open={createOpen} onOpenChange={setCreateOpen} />
      <EditUserDialog user={editing} isMe={editing?.id === me?.id} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(o) => !o && setToDelete(null)}
        title="Supprimer l'utilisateur"
        description={toDelete ? `Êtes-vous sûr de vouloir supprimer l'utilisateur ${toDelete.name} ?` : ''}
        onConfirm={confirmDelete}
        busy={del.isPending}
      />
    </>
  );
}
