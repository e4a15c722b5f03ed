import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { TwoFactorSetupDto } from '../../../shared/api-types';
import { passwordChangeFormSchema, twoFactorDisableSchema, type PasswordChangeFormInput, type TwoFactorDisableInput } from '../../../shared/schemas/account';
import { errorText } from '../../lib/api-client';
import { roleLabel } from '../components/layout/admin-shell';
import { ErrorAlert } from '../components/ui/alert';
import { Badge } from '../components/ui/badge';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { Field, Input, fieldAria } from '../components/ui/field';
import { PageHeader } from '../components/ui/page-header';
import { Spinner } from '../components/ui/spinner';
import { Switch } from '../components/ui/switch';
import { useToast } from '../components/ui/toast';
import {
  changePassword,
  useDisableTwoFactor,
  useEnableTwoFactor,
  useSecuritySettings,
  useSetSecuritySettings,
  useStartTwoFactor,
  useTwoFactorStatus,
} from '../features/account/api';
import { useSession } from '../lib/session';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card className="p-4 sm:p-6">
      <h2 className="mb-4 text-lg font-semibold text-gray-900">{title}</h2>
      {children}
    </Card>
  );
}

function PasswordSection() {
  const { adoptSession } = useSession();
  const toast = useToast();
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

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    setError(null);
    try {
      const { token, user } = await changePassword({ currentPassword, newPassword });
      // Every session ended on the server, this one too: keep the new one it handed back.
      await adoptSession(token, user);
      reset();
      toast({ title: 'Mot de passe modifié', description: 'Vos autres sessions ont été fermées.' });
    } catch (err) {
      setError(errorText(err, 'Impossible de modifier le mot de passe'));
    }
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
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting && <Loader2 className="h-4 w-4 animate-spin" aria-hidden />}
            Changer le mot de passe
          </Button>
        </div>
      </form>
    </Section>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className="grid gap-4">
      <div role="status" className="rounded-md border border-green-300 bg-green-50 p-3 text-sm text-green-900">
        La double authentification est activée. Notez ces codes de récupération et gardez-les en lieu sûr : chacun permet de se connecter une fois sans
        l'application. Ils ne seront plus affichés.
      </div>
      <ul aria-label="Codes de récupération" className="grid grid-cols-2 gap-2 font-mono text-sm sm:max-w-md">
        {codes.map((c) => (
          <li key={c} className="rounded bg-gray-100 px-2 py-1 text-center text-gray-900" data-testid="recovery-code">
            {c}
          </li>
        ))}
      </ul>
      <div>
        <Button onClick={onDone}>J'ai noté mes codes</Button>
      </div>
    </div>
  );
}

function Enrolment({ onEnabled }: { onEnabled: (codes: string[]) => void }) {
  const start = useStartTwoFactor();
  const enable = useEnableTwoFactor();
  const [setup, setSetup] = useState<TwoFactorSetupDto | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  if (!setup) {
    return (
      <div className="grid gap-3">
        <p className="text-sm text-gray-700">
          Protégez votre compte avec un code à 6 chiffres généré par une application d'authentification (Google Authenticator, Microsoft Authenticator,
          1Password…), demandé à chaque connexion après le mot de passe.
        </p>
        {error && <ErrorAlert>{error}</ErrorAlert>}
        <div>
          <Button
            disabled={start.isPending}
            onClick={() => {
              setError(null);
              start.mutate(undefined, { onSuccess: setSetup, onError: (err) => setError(errorText(err, 'Une erreur est survenue')) });
            }}
          >
            {start.isPending && <Loader2 className="h-4 w-4 animate-spin" aria-hidden />}
            Activer la double authentification
          </Button>
        </div>
      </div>
    );
  }

  const confirm = (e: React.FormEvent) => {
    e.preventDefault();
    if (!code.trim()) {
      setError('Le code est requis');
      return;
    }
    setError(null);
    enable.mutate(code, {
      onSuccess: (data) => onEnabled(data.recoveryCodes),
      onError: (err) => setError(errorText(err, 'Une erreur est survenue')),
    });
  };

  return (
    <div className="grid gap-4">
      <ol className="list-decimal space-y-1 pl-5 text-sm text-gray-700">
        <li>Scannez ce QR code avec votre application d'authentification.</li>
        <li>Ou saisissez la clé ci-dessous à la main.</li>
        <li>Entrez le code à 6 chiffres affiché par l'application pour confirmer.</li>
      </ol>
      <img
        src={setup.qrCode}
        alt="QR code à scanner avec votre application d'authentification"
        width={192}
        height={192}
        className="h-48 w-48 border border-gray-200 bg-white"
      />
      <p className="text-sm text-gray-700">
        Clé :{' '}
        <code className="font-mono break-all text-gray-900" data-testid="totp-secret">
          {setup.secret}
        </code>
      </p>
      <form onSubmit={confirm} noValidate className="grid max-w-xs gap-3">
        {error && <ErrorAlert>{error}</ErrorAlert>}
        <Field id="enrol-code" label="Code de l'application">
          <Input id="enrol-code" inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} />
        </Field>
        <div>
          <Button type="submit" disabled={enable.isPending}>
            {enable.isPending && <Loader2 className="h-4 w-4 animate-spin" aria-hidden />}
            Confirmer
          </Button>
        </div>
      </form>
    </div>
  );
}

function DisableForm() {
  const disable = useDisableTwoFactor();
  const { refresh } = useSession();
  const toast = useToast();
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<TwoFactorDisableInput>({ resolver: zodResolver(twoFactorDisableSchema), defaultValues: { password: '', code: '' } });

  const onSubmit = handleSubmit((values) => {
    setError(null);
    disable.mutate(values, {
      onSuccess: () => {
        reset();
        void refresh();
        toast({ title: 'Double authentification désactivée' });
      },
      onError: (err) => setError(errorText(err, 'Une erreur est survenue')),
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid max-w-md gap-3 border-t border-gray-200 pt-4">
      <h3 className="text-sm font-semibold text-gray-900">Désactiver</h3>
      {error && <ErrorAlert>{error}</ErrorAlert>}
      <Field id="disable-password" label="Mot de passe" error={errors.password?.message}>
        <Input type="password" autoComplete="current-password" {...fieldAria('disable-password', errors.password?.message)} {...register('password')} />
      </Field>
      <Field id="disable-code" label="Code de l'application ou de récupération" error={errors.code?.message}>
        <Input autoComplete="one-time-code" {...fieldAria('disable-code', errors.code?.message)} {...register('code')} />
      </Field>
      <div>
        <Button type="submit" variant="outline" disabled={disable.isPending}>
          Désactiver la double authentification
        </Button>
      </div>
    </form>
  );
}

function TwoFactorSection() {
  const { data, isPending, isError } = useTwoFactorStatus();
  const { refresh } = useSession();
  // Kept here: the status turns to "enabled" as the codes arrive, and they must stay on screen.
  const [codes, setCodes] = useState<string[] | null>(null);
  return (
    <Section title="Double authentification">
      {codes ? (
        <RecoveryCodes codes={codes} onDone={() => void refresh().then(() => setCodes(null))} />
      ) : isPending ? (
        <Spinner />
      ) : isError || !data ? (
        <ErrorAlert>Impossible de charger l'état de la double authentification.</ErrorAlert>
      ) : data.enabled ? (
        <div className="grid gap-4">
          <p className="flex flex-wrap items-center gap-2 text-sm text-gray-700">
            <Badge tone="green">Activée</Badge>
            Codes de récupération restants : <strong className="text-gray-900">{data.recoveryCodesLeft}</strong>
          </p>
          {data.required ? (
            <p className="text-sm text-gray-700">Un administrateur l'exige pour tous les comptes : la désactiver vous demandera de l'activer à nouveau.</p>
          ) : null}
          <DisableForm />
        </div>
      ) : (
        <Enrolment onEnabled={setCodes} />
      )}
    </Section>
  );
}

function RequirementSection() {
  const { data, isPending } = useSecuritySettings(true);
  const save = useSetSecuritySettings();
  const toast = useToast();
  return (
    <Section title="Sécurité des comptes">
      <div className="flex items-start justify-between gap-4">
        <div>
          <label htmlFor="require-two-factor" className="text-sm font-medium text-gray-900">
            Exiger la double authentification pour tous les comptes
          </label>
          <p id="require-two-factor-hint" className="mt-1 text-sm text-gray-700">
            Un compte sans double authentification devra l'activer juste après sa connexion, avant tout autre écran.
          </p>
        </div>
        <Switch
          id="require-two-factor"
          aria-describedby="require-two-factor-hint"
          checked={data?.requireTwoFactor ?? false}
          disabled={isPending || save.isPending}
          onCheckedChange={(on) =>
            save.mutate(
              { requireTwoFactor: on },
              {
                onSuccess: () => toast({ title: on ? 'Double authentification exigée' : 'Double authentification facultative' }),
                onError: (err) => toast({ title: 'Erreur', description: errorText(err, 'Impossible de modifier ce réglage'), variant: 'destructive' }),
              },
            )
          }
        />
      </div>
    </Section>
  );
}

/** "Mon compte": one's password, two-factor, and for admins the two-factor requirement. */
export function AccountPage() {
  const { user } = useSession();
  if (!user) return null;
  const mustEnrol = Boolean(user.twoFactorSetupRequired);
  return (
    <div className="grid gap-6">
      <PageHeader title="Mon compte" subtitle={`${user.name} · ${user.email} · ${roleLabel(user.role)}`} />
      {mustEnrol && (
        <div role="alert" className="flex items-start gap-2 rounded-md border border-yellow-300 bg-yellow-50 p-3 text-sm text-yellow-900">
          <ShieldCheck className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          <p>Un administrateur exige la double authentification : activez-la ci-dessous pour accéder au back office.</p>
        </div>
      )}
      <TwoFactorSection />
      {!mustEnrol && <PasswordSection />}
      {!mustEnrol && user.role === 'admin' && <RequirementSection />}
    </div>
  );
}
