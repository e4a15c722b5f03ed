import { useRef } from 'react';
import { buttonClass } from '../../components/ui/button';
import { inputClass } from '../../components/ui/field';
import { HoneypotField } from '../../components/ui/honeypot-field';
import { useToast } from '../../components/ui/toaster';
import { ApiError, apiPost } from '../../lib/api-client';
import { useCheckedForm } from '../../lib/checked-form';
import { useMounted } from '../../lib/hooks';
import { useAction } from '../../lib/use-action';
import { ERROR_KEYS } from '../../i18n/errors';
import { useLanguage, useT } from '../../i18n/i18n';

// The sign-up form checks the e-mail with the server's own rule (the shared zod schema),
// fetched when the visitor starts on the form: every public page carries this form.
const loadCheck = () => import('./newsletter-check').then((m) => m.checkNewsletter);

export default function NewsletterForm() {
  const toast = useToast();
  const formRef = useRef<HTMLFormElement>(null);
  const t = useT();
  const language = useLanguage();
  const networkError = () => toast({ title: t('toast.error'), description: t('newsletter.network'), variant: 'error' });
  // The page's language goes with the sign-up: the newsletter's e-mails are written in it.
  const subscribe = useAction(
    (payload: { email: string; isActive: true; website?: string }) => apiPost('/api/newsletter-subscribers', { ...payload, language }),
    {
      onSuccess: () => {
        toast({ title: t('newsletter.done'), description: t('newsletter.doneText'), variant: 'success' });
        reset(formRef.current);
      },
      onError: (err) => {
        // An answer from the server carries its text; no answer at all is a network failure.
        if (err instanceof ApiError) {
          toast({ title: t('toast.error'), description: err.serverMessage ?? t('newsletter.failed'), variant: 'error' });
        } else {
          networkError();
        }
      },
    },
  );
  const { errors, reset, formProps } = useCheckedForm({ load: loadCheck, onValid: (payload) => subscribe.run(payload), onLoadError: networkError });
  const errorKey = errors.email ? ERROR_KEYS[errors.email] : undefined;
  const error = errorKey ? t(errorKey) : errors.email;
  const ready = useMounted();

  return (
    <form ref={formRef} {...formProps} aria-labelledby="newsletter-title" data-ready={ready || undefined}>
      <h2 id="newsletter-title" className="font-display-tight text-2xl">
        {t('newsletter.title')}
      </h2>
      <p className="mt-1 mb-4 text-sm text-ink-300">{t('newsletter.intro')}</p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <label htmlFor="newsletter-email" className="sr-only">
          {t('newsletter.emailLabel')}
        </label>
        <input
          id="newsletter-email"
          name="email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          className={inputClass}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'newsletter-email-error' : undefined}
        />
        <HoneypotField />
        <button type="submit" disabled={subscribe.pending} className={buttonClass('primary', 'md', 'shrink-0')}>
          {subscribe.pending ? t('newsletter.subscribing') : t('newsletter.subscribe')}
        </button>
      </div>
      {error && (
        <p id="newsletter-email-error" role="alert" className="mt-2 text-sm font-medium text-danger-400">
          {error}
        </p>
      )}
    </form>
  );
}
