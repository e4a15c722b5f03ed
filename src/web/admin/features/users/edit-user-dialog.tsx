import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { NO_SELF_DEACTIVATE, NO_SELF_ROLE } from '../../../../shared/messages';
import { userUpdateSchema } from '../../../../shared/schemas/auth';
import { StaleEditAlert } from '../../components/stale-edit';
import { ErrorAlert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Modal } from '../../components/ui/dialog';
import { Field, Input, fieldAria } from '../../components/ui/field';
import { Select } from '../../components/ui/select';
import { Switch } from '../../components/ui/switch';
import { useSession } from '../../lib/session';
import type { User } from '../../lib/types';
import { useAction } from '../../lib/use-action';
import { useUpdateUser } from './api';
import { roleOptions } from './role-options';

type UpdateIn = z.input<typeof userUpdateSchema>;
type UpdateOut = z.output<typeof userUpdateSchema>;

export function EditUserDialog({ user, isMe, onClose }: { user: User | null; isMe: boolean; onClose: () => void }) {
  const update = useUpdateUser();
  const session = useSession();
  const run = useAction();
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
    await run(
      async () => {
        // The version the dialog opened with: someone else's save in between is refused (409).
        await update.mutateAsync({ id: user.id, data: { ...payload, version: user.version } });
        // The side menu shows the session's copy of one's own name.
        if (isMe) await session.refresh();
        onClose();
      },
      { success: 'Utilisateur mis à jour', failure: "Impossible de mettre à jour l'utilisateur", onStale: setStale, onError: setServerError },
    );
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
          <Button type="submit" pending={isSubmitting}>
            Enregistrer
          </Button>
        </div>
      </form>
    </Modal>
  );
}
