import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2, Lock } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, useNavigate } from 'react-router';
import { loginSchema, type LoginInput } from '../../../shared/schemas/auth';
import { ErrorAlert } from '../components/ui/alert';
import { Button } from '../components/ui/button';
import { Field, Input, fieldAria } from '../components/ui/field';
import { Spinner } from '../components/ui/spinner';
import { useSession } from '../lib/session';

export function LoginPage() {
  const { user, isLoading, login } = useSession();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput>({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '' } });

  if (isLoading) return <Spinner className="min-h-screen" />;
  if (user) return <Navigate to="/admin/dashboard" replace />;

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    try {
      await login(values.email, values.password);
      void navigate('/admin/dashboard', { replace: true });
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : 'Une erreur est survenue');
    }
  });

  return (
    <main className="flex min-h-screen items-center justify-center bg-gray-100 p-4">
      <div className="w-full max-w-sm rounded-lg border border-gray-200 bg-white p-6 shadow-md sm:p-8">
        <div className="mb-6 text-center">
          <div className="mx-auto mb-3 flex h-12 w-12 items-center justify-center rounded-full bg-red-700 text-white">
            <Lock className="h-6 w-6" aria-hidden />
          </div>
          <h1 className="text-2xl font-bold text-gray-900">Administration</h1>
          <p className="mt-1 text-sm text-gray-700">Connectez-vous pour accéder au back office</p>
        </div>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          {error && <ErrorAlert>{error}</ErrorAlert>}
          <Field id="login-email" label="Email" error={errors.email?.message}>
            <Input type="email" autoComplete="username" required {...fieldAria('login-email', errors.email?.message)} {...register('email')} />
          </Field>
          <Field id="login-password" label="Mot de passe" error={errors.password?.message}>
            <Input
              type="password"
              autoComplete="current-password"
              required
              {...fieldAria('login-password', errors.password?.message)}
              {...register('password')}
            />
          </Field>
          <Button type="submit" disabled={isSubmitting} className="w-full">
            {isSubmitting && <Loader2 className="h-4 w-4 animate-spin" aria-hidden />}
            Se connecter
          </Button>
        </form>
      </div>
    </main>
  );
}
