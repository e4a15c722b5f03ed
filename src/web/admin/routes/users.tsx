import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2, Pencil, Plus, Power, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ROLES } from '../../../shared/constants';
import { userCreateSchema, userUpdateSchema } from '../../../shared/schemas/auth';
import { roleLabel } from '../components/layout/admin-shell';
import { ErrorAlert } from '../components/ui/alert';
import { Badge } from '../components/ui/badge';
import { StaleEditAlert, staleEditMessage } from '../components/stale-edit';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { ConfirmDialog, Modal } from '../components/ui/dialog';
import { Field, Input, fieldAria } from '../components/ui/field';
import { IconButton } from '../components/ui/icon-button';
import { EmptyState, PageHeader } from '../components/ui/page-header';
import { Select } from '../components/ui/select';
import { Spinner } from '../components/ui/spinner';
import { Switch } from '../components/ui/switch';
import { useToast } from '../components/ui/toast';
import { useCreateUser, useDeleteUser, useUpdateUser, useUsers } from '../features/users/api';
import { errorText } from '../../lib/api-client';
import { formatDate } from '../lib/format';
import { useSession } from '../lib/session';
import type { User } from '../lib/types';
import { NO_SELF_DEACTIVATE, NO_SELF_DELETE, NO_SELF_ROLE } from '../../../shared/messages';

const roleOptions = ROLES.map((r) => ({ value: r, label: roleLabel(r) }));

export function UsersPage() {
  const { user: me } = useSession();
  const { data: users, isLoading } = useUsers();
  const update = useUpdateUser();
  const del = useDeleteUser();
  const toast = useToast();
  const [createOpen, setCreateOpen] = useState(false);
  const [editing, setEditing] = useState<User | null>(null);
  const [toDelete, setToDelete] = useState<User | null>(null);

  async function toggleActive(u: User) {
    if (u.id === me?.id && u.isActive) {
      toast({ title: 'Erreur', description: NO_SELF_DEACTIVATE, variant: 'destructive' });
      return;
    }
    try {
      await update.mutateAsync({ id: u.id, data: { isActive: !u.isActive, version: u.version } });
      toast({ title: 'Statut utilisateur mis à jour' });
    } catch (err) {
      toast({ title: 'Erreur', description: errorText(err, 'Impossible de mettre à jour le statut'), variant: 'destructive' });
    }
  }

  async function confirmDelete() {
    if (!toDelete) return;
    if (toDelete.id === me?.id) {
      toast({ title: 'Erreur', description: NO_SELF_DELETE, variant: 'destructive' });
      setToDelete(null);
      return;
    }
    try {
      await del.mutateAsync(toDelete.id);
      toast({ title: 'Utilisateur supprimé' });
    } catch (err) {
      toast({ title: 'Erreur', description: errorText(err, 'Erreur lors de la suppression'), variant: 'destructive' });
    } finally {
      setToDelete(null);
    }
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
          {users.map((u) => {
            const isMe = u.id === me?.id;
            return (
              <li key={u.id}>
                <Card className="flex h-full flex-col p-4" data-testid="user-card">
                  <div className="flex items-start justify-between gap-2">
                    <div className="min-w-0">
                      <h2 className="font-semibold wrap-anywhere text-gray-900">
                        {u.name} {isMe && <span className="font-normal text-gray-700">(Vous)</span>}
                      </h2>
                      <p className="text-sm wrap-anywhere text-gray-700">{u.email}</p>
                    </div>
                  </div>
                  <div className="mt-3 flex flex-wrap gap-2">
                    <Badge tone={u.role === 'admin' ? 'purple' : 'blue'}>{roleLabel(u.role)}</Badge>
                    <Badge tone={u.isActive ? 'green' : 'gray'}>{u.isActive ? 'Actif' : 'Inactif'}</Badge>
                  </div>
                  <p className="mt-3 text-xs text-gray-700">Créé le {formatDate(u.createdAt)}</p>
                  {isMe && (
                    <p id={`self-note-${u.id}`} className="mt-2 text-xs text-gray-700">
                      {NO_SELF_DEACTIVATE}
                    </p>
                  )}
                  <div className="mt-auto flex justify-end gap-1 pt-3">
                    <IconButton label={`Modifier ${u.name}`} onClick={() => setEditing(u)}>
                      <Pencil className="h-4 w-4" aria-hidden />
                    </IconButton>
                    {/* One's own account: disabled, as deleting it is unavailable; the note below says why. */}
                    <IconButton
                      label={u.isActive ? `Désactiver ${u.name}` : `Activer ${u.name}`}
                      onClick={() => toggleActive(u)}
                      disabled={update.isPending || isMe}
                      aria-describedby={isMe ? `self-note-${u.id}` : undefined}
                    >
                      <Power className={u.isActive ? 'h-4 w-4 text-green-700' : 'h-4 w-4'} aria-hidden />
                    </IconButton>
                    {!isMe && (
                      <IconButton label={`Supprimer ${u.name}`} onClick={() => setToDelete(u)} className="text-red-700 hover:bg-red-50">
                        <Trash2 className="h-4 w-4" aria-hidden />
                      </IconButton>
                    )}
                  </div>
                </Card>
              </li>
            );
          })}
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

type CreateIn = z.input<typeof userCreateSchema>;
type CreateOut = z.output<typeof userCreateSchema>;

const CREATE_DEFAULTS: CreateIn = { email: '', name: '', password: '', role: 'staff', isActive: true };

function CreateUserDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const create = useCreateUser();
  const toast = useToast();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<CreateIn, unknown, CreateOut>({ resolver: zodResolver(userCreateSchema), defaultValues: CREATE_DEFAULTS });

  useEffect(() => {
    if (open) {
      reset(CREATE_DEFAULTS);
      setServerError(null);
    }
  }, [open, reset]);

  const onSubmit = handleSubmit(async (data) => {
    setServerError(null);
    try {
      await create.mutateAsync(data);
      toast({ title: 'Utilisateur créé avec succès' });
      onOpenChange(false);
    } catch (err) {
      setServerError(errorText(err, "Impossible de créer l'utilisateur"));
    }
  });

  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Nouvel utilisateur">
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        {serverError && <ErrorAlert>{serverError}</ErrorAlert>}
        <Field id="new-user-name" label="Nom" error={errors.name?.message}>
          <Input autoComplete="off" {...fieldAria('new-user-name', errors.name?.message)} {...register('name')} />
        </Field>
        <Field id="new-user-email" label="Email" error={errors.email?.message}>
          <Input type="email" autoComplete="off" {...fieldAria('new-user-email', errors.email?.message)} {...register('email')} />
        </Field>
        <Field id="new-user-password" label="Mot de passe" error={errors.password?.message}>
          <Input type="password" autoComplete="new-password" {...fieldAria('new-user-password', errors.password?.message)} {...register('password')} />
        </Field>
        <Controller
          control={control}
          name="role"
          render={({ field }) => (
            <Field id="new-user-role" label="Rôle">
              <Select id="new-user-role" value={field.value ?? 'staff'} onValueChange={field.onChange} options={roleOptions} />
            </Field>
          )}
        />
        <Controller
          control={control}
          name="isActive"
          render={({ field }) => (
            <div className="flex items-center justify-between gap-3">
              <label htmlFor="new-user-active" className="text-sm font-medium text-gray-900">
                Compte actif
              </label>
              <Switch id="new-user-active" checked={field.value ?? true} onCheckedChange={field.onChange} />
            </div>
          )}
        />
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Annuler
          </Button>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting && <Loader2 className="h-4 w-4 animate-spin" aria-hidden />}
            Créer
          </Button>
        </div>
      </form>
    </Modal>
  );
}

type UpdateIn = z.input<typeof userUpdateSchema>;
type UpdateOut = z.output<typeof userUpdateSchema>;

function EditUserDialog({ user, isMe, onClose }: { user: User | null; isMe: boolean; onClose: () => void }) {
  const update = useUpdateUser();
  const session = useSession();
  const toast = useToast();
  const [serverError, setServerError] = useState<string | null>(null);
  const [stale, setStale] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<UpdateIn, unknown, UpdateOut>({ resolver: zodResolver(userUpdateSchema) });

  useEffect(() => {
    if (user) {
      reset({ name: user.name, email: user.email, role: user.role, isActive: user.isActive });
      setServerError(null);
      setStale(null);
    }
  }, [user, reset]);

  const onSubmit = handleSubmit(async (data) => {
    if (!user) return;
    // Own account: the role and the active flag are not ours to change (SPEC.md §5).
    const payload = { name: data.name, email: data.email, role: isMe ? user.role : data.role, isActive: isMe ? true : data.isActive };
    setServerError(null);
    try {
      // The version the dialog opened with: someone else's save in between is refused (409).
      await update.mutateAsync({ id: user.id, data: { ...payload, version: user.version } });
      // The side menu shows the session's copy of one's own name.
      if (isMe) await session.refresh();
      toast({ title: 'Utilisateur mis à jour' });
      onClose();
    } catch (err) {
      const staleMessage = staleEditMessage(err);
      if (staleMessage) return setStale(staleMessage);
      setServerError(errorText(err, "Impossible de mettre à jour l'utilisateur"));
    }
  });

  return (
    <Modal open={user !== null} onOpenChange={(o) => !o && onClose()} title="Modifier l'utilisateur">
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        {/* The list refetches after every save attempt: closing is the reload. */}
        {stale && <StaleEditAlert message={stale} onReload={onClose} />}
        {serverError && <ErrorAlert>{serverError}</ErrorAlert>}
        <Field id="edit-user-name" label="Nom" error={errors.name?.message}>
          <Input {...fieldAria('edit-user-name', errors.name?.message)} {...register('name')} />
        </Field>
        <Field id="edit-user-email" label="Email" error={errors.email?.message}>
          <Input type="email" {...fieldAria('edit-user-email', errors.email?.message)} {...register('email')} />
        </Field>
        <Controller
          control={control}
          name="role"
          render={({ field }) => (
            <Field id="edit-user-role" label="Rôle" hint={isMe ? NO_SELF_ROLE : undefined}>
              <Select
                id="edit-user-role"
                aria-describedby={isMe ? 'edit-user-role-hint' : undefined}
                value={field.value}
                onValueChange={field.onChange}
                options={roleOptions}
                disabled={isMe}
              />
            </Field>
          )}
        />
        <Controller
          control={control}
          name="isActive"
          render={({ field }) => (
            <div className="grid gap-1">
              <div className="flex items-center justify-between gap-3">
                <label htmlFor="edit-user-active" className="text-sm font-medium text-gray-900">
                  Compte actif
                </label>
                <Switch
                  id="edit-user-active"
                  checked={field.value ?? true}
                  onCheckedChange={field.onChange}
                  disabled={isMe}
                  aria-describedby={isMe ? 'edit-user-active-hint' : undefined}
                />
              </div>
              {isMe && (
                <p id="edit-user-active-hint" className="text-xs text-gray-700">
                  {NO_SELF_DEACTIVATE}
                </p>
              )}
            </div>
          )}
        />
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            Annuler
          </Button>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting && <Loader2 className="h-4 w-4 animate-spin" aria-hidden />}
            Enregistrer
          </Button>
        </div>
      </form>
    </Modal>
  );
}
