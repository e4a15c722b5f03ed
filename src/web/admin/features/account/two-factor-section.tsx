import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import type { TwoFactorSetupDto } from '../../../../shared/api-types';
import { twoFactorDisableSchema, type TwoFactorDisableInput } from '../../../../shared/schemas/account';
import { ErrorAlert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Field, Input, fieldAria } from '../../components/ui/field';
import { Spinner } from '../../components/ui/spinner';
import { useSession } from '../../lib/session';
import { useAction } from '../../lib/use-action';
import { useDisableTwoFactor, useEnableTwoFactor, useStartTwoFactor, useTwoFactorStatus } from './api';
import { Section } from './section';

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
  const run = useAction();
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
            pending={start.isPending}
            onClick={() => {
              setError(null);
              void run(async () => setSetup(await start.mutateAsync()), { failure: 'Une erreur est survenue', onError: setError });
            }}
          >
            Activer la double authentification
          </Button>
        </div>
      </div>
    );
  }

  const confirm = (e: FormEvent) => {
    e.preventDefault();
    if (!code.trim()) {
      setError('Le code est requis');
      return;
    }
    setError(null);
    void run(async () => onEnabled((await enable.mutateAsync(code)).recoveryCodes), { failure: 'Une erreur est survenue', onError: setError });
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
          <Button type="submit" pending={enable.isPending}>
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
  const run = useAction();
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<TwoFactorDisableInput>({ resolver: zodResolver(twoFactorDisableSchema), defaultValues: { password: '', code: '' } });

  const onSubmit = handleSubmit((values) => {
    setError(null);
    void run(
      async () => {
        await disable.mutateAsync(values);
        reset();
        void refresh();
      },
      { success: 'Double authentification désactivée', failure: 'Une erreur est survenue', onError: setError },
    );
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
        <Button type="submit" variant="outline" pending={disable.isPending}>
          Désactiver la double authentification
        </Button>
      </div>
    </form>
  );
}

export function TwoFactorSection() {
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
