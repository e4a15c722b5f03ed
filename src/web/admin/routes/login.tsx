import { zodResolver } from '@hookform/resolvers/zod';
import { Lock } from 'lucide-react';
import { useCallback, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate } from 'react-router';
import { loginSchema, type LoginInput } from '../../../shared/schemas/auth';
import { ErrorAlert } from '../components/ui/alert';
import { Button } from '../components/ui/button';
import { Field, Input, fieldAria } from '../components/ui/field';
import { Spinner } from '../components/ui/spinner';
import { useSession } from '../lib/session';

/** The session's rethrown "Login failed" (SPEC.md §8: no server sentence) in French, like the screen. */
function loginErrorText(err: unknown): string {
  if (!(err instanceof Error) || !err.message) return 'Une erreur est survenue';
  return err.message === 'Login failed' ? 'La connexion a échoué' : err.message;
}

/** The centred card of the sign-in, forgot-password and reset pages. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-gray-100 p-4">
      <div className="w-full max-w-sm rounded-lg border border-gray-200 bg-white p-6 shadow-md sm:p-8">
        <div className="mb-6 text-center">
          <div className="mx-auto mb-3 flex h-12 w-12 items-center justify-center rounded-full bg-red-700 text-white">
            <Lock className="h-6 w-6" aria-hidden />
          </div>
          <h1 className="text-2xl font-bold text-gray-900">{title}</h1>
          <p className="mt-1 text-sm text-gray-700">{subtitle}</p>
        </div>
        {children}
      </div>
    </main>
  );
}

export const authLinkClass =
  'text-sm font-medium text-red-800 underline-offset-2 hover:underline focus-visible:ring-2 focus-visible:ring-red-600 focus-visible:outline-none';

/** Second step for a two-factor account: the app's code or a recovery code. */
function TwoFactorStep({ challenge, onRestart }: { challenge: string; onRestart: () => void }) {
  const { completeTwoFactor } = useSession();
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  // The password step is gone: put the caret where the next thing to type goes.
  const focusOnMount = useCallback((el: HTMLInputElement | null) => el?.focus(), []);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!code.trim()) {
      setError('Le code est requis');
      return;
    }
    setError(null);
    setPending(true);
    try {
      await completeTwoFactor(challenge, code);
      void navigate('/admin/dashboard', { replace: true });
    } catch (err) {
      setError(loginErrorText(err));
      setPending(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4">
      {error && <ErrorAlert>{error}</ErrorAlert>}
      <Field id="login-code" label="Code de vérification" hint="Le code à 6 chiffres de votre application, ou un code de récupération.">
        <Input
          id="login-code"
          ref={focusOnMount}
          inputMode="text"
          autoComplete="one-time-code"
          aria-describedby="login-code-hint"
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
      </Field>
      <Button type="submit" pending={pending} className="w-full">
        Vérifier
      </Button>
      <button type="button" onClick={onRestart} className={authLinkClass}>
        Recommencer la connexion
      </button>
    </form>
  );
}

export function LoginPage() {
  const { user, isLoading, login } = useSession();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [challenge, setChallenge] = useState<string | null>(null);
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
      const result = await login(values.email, values.password);
      if ('challenge' in result) setChallenge(result.challenge);
      else void navigate('/admin/dashboard', { replace: true });
    } catch (err) {
      setError(loginErrorText(err));
    }
  });

  if (challenge) {
    return (
      <AuthCard title="Double authentification" subtitle="Saisissez le code affiché par votre application d'authentification">
        <TwoFactorStep challenge={challenge} onRestart={() => setChallenge(null)} />
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Administration" subtitle="Connectez-vous pour accéder au back office">
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
        <Button type="submit" pending={isSubmitting} className="w-full">
          Se connecter
        </Button>
        <p className="text-center">
          <Link to="/admin/forgot-password" className={authLinkClass}>
            Mot de passe oublié ?
          </Link>
        </p>
      </form>
    </AuthCard>
  );
}
