import { lazy, Suspense, useState } from 'react';
import type { MeDto } from '../../../shared/api-types';
import { buttonClass } from '../../components/ui/button';
import { inputClass } from '../../components/ui/field';
import { useLanguage, useT } from '../../i18n/i18n';
import { useResource } from '../../lib/resource';
import { useAction } from '../../lib/use-action';
import { MeShell, refusalText } from './me-parts';
import { askForLink, meQuery, signInWithCode } from './me-queries';
import { signOutDevice } from './me-push-device';
import { MePushIsland } from './me-push-island';
import { wordFit } from '../../lib/word-fit';
import MeDoorCode from './me-door-code';
import MeWaiver from './me-waiver';

// The records load only once someone is signed in: the sign-in form stays light.
const MeRecords = lazy(() => import('./me-records'));

// /me (issue 47, point 1): signed out, the e-mail form, then "check your e-mail" with the
// six-digit code's field; signed in, the person and "Sign out" (point 2 grows from here).
// The browser reads /api/me itself: the server renders the page for no one in particular.

const formValue = (form: HTMLFormElement, name: string) => {
  const v = new FormData(form).get(name);
  return typeof v === 'string' ? v.trim() : '';
};

function SignInForm({ onSignedIn }: { onSignedIn: (me: MeDto) => void }) {
  const t = useT();
  const language = useLanguage();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const ask = useAction((email: string) => askForLink(email, language), {
    onSuccess: (_, email) => {
      setFailure(null);
      setSentTo(email);
    },
    onError: (err) => setFailure(refusalText(err, t, t('me.failed'))),
  });
  const code = useAction((input: { email: string; code: string }) => signInWithCode(input.email, input.code), {
    onSuccess: onSignedIn,
    onError: (err) => setFailure(refusalText(err, t, t('me.codeFailed'))),
  });
  const alert = failure && (
    <p role="alert" className="mt-4 text-base font-semibold text-danger-400" data-testid="me-failure">
      {failure}
    </p>
  );

  if (sentTo === null) {
    return (
      <form
        data-testid="me-ask"
        onSubmit={(e) => {
          e.preventDefault();
          const email = formValue(e.currentTarget, 'email');
          if (email) ask.run(email);
        }}
      >
        <p className="text-base text-ink-300">{t('me.intro')}</p>
        <label htmlFor="me-email" className="mt-6 mb-2 block text-sm font-bold">
          {t('me.emailLabel')}
        </label>
        <input id="me-email" name="email" type="email" required autoComplete="email" inputMode="email" className={inputClass} />
        <button type="submit" disabled={ask.pending} className={buttonClass('primary', 'md', 'mt-4 w-full sm:w-auto')}>
          {ask.pending ? t('me.sending') : t('me.send')}
        </button>
        {alert}
      </form>
    );
  }
  return (
    <form
      data-testid="me-code"
      onSubmit={(e) => {
        e.preventDefault();
        const value = formValue(e.currentTarget, 'code').replace(/\s+/g, '');
        if (value) code.run({ email: sentTo, code: value });
      }}
    >
      <p role="status" className="text-base text-bone-50" data-testid="me-sent">
        {t('me.sent', { email: sentTo })}
      </p>
      <label htmlFor="me-code" className="mt-6 mb-2 block text-sm font-bold">
        {t('me.codeLabel')}
      </label>
      <input
        id="me-code"
        name="code"
        required
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9 ]{6,7}"
        maxLength={7}
        className={`${inputClass} font-mono tracking-[0.3em]`}
      />
      <p className="mt-2 text-sm text-ink-300">{t('me.codeHint')}</p>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row">
        <button type="submit" disabled={code.pending} className={buttonClass('primary', 'md', 'w-full sm:w-auto')}>
          {code.pending ? t('me.signingIn') : t('me.signIn')}
        </button>
        <button
          type="button"
          onClick={() => {
            setFailure(null);
            setSentTo(null);
          }}
          className={buttonClass('ghost', 'md', 'w-full sm:w-auto')}
        >
          {t('me.otherAddress')}
        </button>
      </div>
      {alert}
    </form>
  );
}

export default function MeView() {
  const t = useT();
  const query = useResource(meQuery());
  const me = query.data;
  // Signing out also stops this phone's pushes for the person (a shared phone).
  const out = useAction((_: void) => signOutDevice(), { onSuccess: () => query.setData(null) });
  const shell = (children: React.ReactNode) => (
    <MeShell title={t('me.title')} eyebrow={t('me.eyebrow')}>
      {children}
    </MeShell>
  );

  if (query.isPending) {
    return shell(
      <p role="status" className="py-6 text-center text-ink-300">
        {t('me.loading')}
      </p>,
    );
  }
  if (query.isError) {
    return shell(
      <div role="alert" className="py-6 text-center">
        <p className="text-lg text-ink-300">{t('me.loadFailed')}</p>
        <button type="button" onClick={() => void query.refetch()} disabled={query.isFetching} className={buttonClass('outline', 'md', 'mt-6')}>
          {t('me.retry')}
        </button>
      </div>,
    );
  }
  // A sign-in answers the person only: the page (their records) is read again.
  if (!me) return shell(<SignInForm onSignedIn={() => void query.refetch()} />);
  return shell(
    <div data-testid="me-person">
      <h2 className="font-display-tight text-display-sm-fit" style={wordFit(t('me.hello', { name: me.person.name }))}>
        {t('me.hello', { name: me.person.name })}
      </h2>
      <p className="mt-2 text-base break-words text-ink-300">{t('me.signedInAs', { email: me.person.email })}</p>
      <MeWaiver status={me.waiver} />
      <MeDoorCode code={me.checkInCode} onRenewed={() => void query.refetch()} />
      <Suspense fallback={<p className="mt-6 text-ink-300">{t('me.records.loading')}</p>}>
        <MeRecords page={me} onPage={(next) => query.setData(next)} />
      </Suspense>
      <button type="button" disabled={out.pending} onClick={() => out.run(undefined)} className={buttonClass('outline', 'md', 'mt-6 w-full sm:w-auto')}>
        {out.pending ? t('me.signingOut') : t('me.signOut')}
      </button>
      <MePushIsland />
    </div>,
  );
}
