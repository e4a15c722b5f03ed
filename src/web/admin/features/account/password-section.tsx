import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { passwordChangeFormSchema, type PasswordChangeFormInput } from '../../../../shared/schemas/account';
import { ErrorAlert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Field, Input, fieldAria } from '../../components/ui/field';
import { useSession } from '../../lib/session';
import { useAction } from '../../lib/use-action';
import { changePassword } from './api';
import { Section } from './section';

/** Changing one's password ends one's other sessions. */
export function PasswordSection() {
  const { adoptSession } = useSession();
  const run = useAction();
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<PasswordChangeFormInput>({
    resolver: zodResolver(passwordChangeFormSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirm: '' },
  });

  const onSubmit = handleSubmit(({ currentPassword, newPassword }) => {
    setError(null);
    return run(
      async () => {
        const { token, user } = await changePassword({ currentPassword, newPassword });
        // Every session ended on the server, this one too: keep the new one it handed back.
        await adoptSession(token, user);
        reset();
      },
      {
        success: { title: 'Mot de passe modifié', description: 'Vos autres sessions ont été fermées.' },
        failure: 'Impossible de modifier le mot de passe',
        onError: setError,
      },
    );
  });

  return (
    <Section title="Mot de passe">
      <form onSubmit={onSubmit} noValidate className="grid max-w-md gap-4">
        {error && <ErrorAlert>{error}</ErrorAlert>}
        <Field id="account-current" label="Mot de passe actuel" error={errors.currentPassword?.message}>
          <Input
            type="password"
            autoComplete="current-password"
            {...fieldAria('account-current', errors.currentPassword?.message)}
            {...register('currentPassword')}
          />
        </Field>
        <Field id="account-new" label="Nouveau mot de passe" error={errors.newPassword?.message} hint="8 caractères au moins.">
          <Input type="password" autoComplete="new-password" {...fieldAria('account-new', errors.newPassword?.message)} {...register('newPassword')} />
        </Field>
        <Field id="account-confirm" label="Confirmez le nouveau mot de passe" error={errors.confirm?.message}>
          <Input type="password" autoComplete="new-password" {...fieldAria('account-confirm', errors.confirm?.message)} {...register('confirm')} />
        </Field>
        <div>
          <Button type="submit" pending={isSubmitting}>
            Changer le mot de passe
          </Button>
        </div>
      </form>
    </Section>
  );
}
