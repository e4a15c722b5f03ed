import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import {
  passwordResetFormSchema,
  passwordResetRequestSchema,
  type PasswordResetFormInput,
  type PasswordResetRequestInput,
} from '../../../shared/schemas/account';
import { errorText } from '../../lib/api-client';
import { ErrorAlert } from '../components/ui/alert';
import { Button } from '../components/ui/button';
import { Field, Input, fieldAria } from '../components/ui/field';
import { confirmPasswordReset, requestPasswordReset } from '../features/account/api';
import { AuthCard, authLinkClass } from './login';

function Notice({ children }: { children: React.ReactNode }) {
  return (
    <div role="status" className="flex items-start gap-2 rounded-md border border-green-300 bg-green-50 p-3 text-sm text-green-900">
      <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      <div>{children}</div>
    </div>
  );
}

const BackToLogin = () => (
  <p className="text-center">
    <Link to="/admin/login" className={authLinkClass}>
      Retour à la connexion
    </Link>
  </p>
);

/** /admin/forgot-password: asks the e-mail; the answer never says whether an account exists. */
export function ForgotPasswordPage() {
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<PasswordResetRequestInput>({ resolver: zodResolver(passwordResetRequestSchema), defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    try {
      await requestPasswordReset(values.email);
      setSent(true);
    } catch (err) {
      setError(errorText(err, 'Une erreur est survenue'));
    }
  });

  return (
    <AuthCard title="Mot de passe oublié" subtitle="Recevez par e-mail un lien pour choisir un nouveau mot de passe">
      {sent ? (
        <div className="grid gap-4">
          <Notice>
            Si un compte correspond à cette adresse, un e-mail contenant un lien de réinitialisation vient d'être envoyé. Le lien est valable 30 minutes et ne
            sert qu'une fois.
          </Notice>
          <BackToLogin />
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          {error && <ErrorAlert>{error}</ErrorAlert>}
          <Field id="forgot-email" label="Email" error={errors.email?.message}>
            <Input type="email" autoComplete="username" required {...fieldAria('forgot-email', errors.email?.message)} {...register('email')} />
          </Field>
          <Button type="submit" pending={isSubmitting} className="w-full">
            Envoyer le lien
          </Button>
          <BackToLogin />
        </form>
      )}
    </AuthCard>
  );
}

/** /admin/reset-password?token=…: the e-mail's link. Loading it changes nothing; only the form's POST uses the token. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<PasswordResetFormInput>({ resolver: zodResolver(passwordResetFormSchema), defaultValues: { password: '', confirm: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    try {
      await confirmPasswordReset(token, values.password);
      setDone(true);
    } catch (err) {
      setError(errorText(err, 'Une erreur est survenue'));
    }
  });

  return (
    <AuthCard title="Nouveau mot de passe" subtitle="Choisissez le nouveau mot de passe de votre compte">
      {done ? (
        <div className="grid gap-4">
          <Notice>Votre mot de passe a été modifié. Toutes les sessions ouvertes ont été fermées : connectez-vous avec le nouveau mot de passe.</Notice>
          <BackToLogin />
        </div>
      ) : !token ? (
        <div className="grid gap-4">
          <ErrorAlert>Ce lien est incomplet. Demandez un nouveau lien de réinitialisation.</ErrorAlert>
          <p className="text-center">
            <Link to="/admin/forgot-password" className={authLinkClass}>
              Demander un nouveau lien
            </Link>
          </p>
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          {error && (
            <ErrorAlert>
              {error}{' '}
              <Link to="/admin/forgot-password" className="font-medium underline">
                Demander un nouveau lien
              </Link>
            </ErrorAlert>
          )}
          <Field id="reset-password" label="Nouveau mot de passe" error={errors.password?.message} hint="8 caractères au moins.">
            <Input type="password" autoComplete="new-password" required {...fieldAria('reset-password', errors.password?.message)} {...register('password')} />
          </Field>
          <Field id="reset-confirm" label="Confirmez le mot de passe" error={errors.confirm?.message}>
            <Input type="password" autoComplete="new-password" required {...fieldAria('reset-confirm', errors.confirm?.message)} {...register('confirm')} />
          </Field>
          <Button type="submit" pending={isSubmitting} className="w-full">
            Enregistrer le mot de passe
          </Button>
          <BackToLogin />
        </form>
      )}
    </AuthCard>
  );
}
