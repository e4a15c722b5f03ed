import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { userCreateSchema } from '../../../../shared/schemas/auth';
import { ErrorAlert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Modal } from '../../components/ui/dialog';
import { Field, Input, fieldAria } from '../../components/ui/field';
import { Select } from '../../components/ui/select';
import { Switch } from '../../components/ui/switch';
import { useAction } from '../../lib/use-action';
import { useCreateUser } from './api';
import { roleOptions } from './role-options';

type CreateIn = z.input<typeof userCreateSchema>;
type CreateOut = z.output<typeof userCreateSchema>;

const CREATE_DEFAULTS: CreateIn = { email: '', name: '', password: '', role: 'staff', isActive: true };

export function CreateUserDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const create = useCreateUser();
  const run = useAction();
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

  const onSubmit = handleSubmit((data) => {
    setServerError(null);
    return run(
      async () => {
        await create.mutateAsync(data);
        onOpenChange(false);
      },
      { success: 'Utilisateur créé avec succès', failure: "Impossible de créer l'utilisateur", onError: setServerError },
    );
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
          <Button type="submit" pending={isSubmitting}>
            Créer
          </Button>
        </div>
      </form>
    </Modal>
  );
}
