import { useState } from 'react';
import { buttonClass } from '../../components/ui/button';
import { useLocalePath, useT } from '../../i18n/i18n';
import { useAction } from '../../lib/use-action';
import { MeShell, refusalText } from './me-parts';
import { confirmLink } from './me-queries';

// /me/sign-in?token=… (issue 47): the e-mail's link. Opening it spends nothing (mail scanners
// open links); the visitor's press on the button posts the token, then My page opens.

export default function MeConfirm() {
  const t = useT();
  const lp = useLocalePath();
  const [failure, setFailure] = useState<string | null>(null);
  const confirm = useAction((token: string) => confirmLink(token), {
    onSuccess: () => window.location.assign(lp('/me')),
    onError: (err) => setFailure(refusalText(err, t, t('me.confirmFailed'))),
  });
  // The token is read from the address when pressed: it is never written into the page.
  const press = () => confirm.run(new URLSearchParams(window.location.search).get('token') ?? '');
  return (
    <MeShell title={t('me.confirmTitle')} eyebrow={t('me.eyebrow')}>
      <p className="text-base text-ink-300">{t('me.confirmText')}</p>
      <button
        type="button"
        disabled={confirm.pending}
        onClick={press}
        className={buttonClass('primary', 'lg', 'mt-6 w-full sm:w-auto')}
        data-testid="me-confirm"
      >
        {confirm.pending ? t('me.signingIn') : t('me.confirm')}
      </button>
      {failure && (
        <div role="alert" className="mt-6" data-testid="me-failure">
          <p className="text-base font-semibold text-danger-400">{failure}</p>
          <a href={lp('/me')} className={buttonClass('outline', 'md', 'mt-4 w-full sm:w-auto')}>
            {t('me.askAgain')}
          </a>
        </div>
      )}
    </MeShell>
  );
}
