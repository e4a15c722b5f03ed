import { useMutation } from '@tanstack/react-query';
import { useRef } from 'react';
import { buttonClass } from '../../components/ui/button';
import { inputClass } from '../../components/ui/field';
import { HoneypotField } from '../../components/ui/honeypot-field';
import { useToast } from '../../components/ui/toaster';
import { ApiError, apiPost } from '../../lib/api-client';
import { useCheckedForm } from '../../lib/checked-form';
import { useMounted } from '../../lib/hooks';

// The sign-up form checks the e-mail with the server's own rule (the shared zod schema),
// fetched when the visitor starts on the form: every public page carries this form.
const loadCheck = () => import('./newsletter-check').then((m) => m.checkNewsletter);

export default function NewsletterForm() {
  const toast = useToast();
  const formRef = useRef<HTMLFormElement>(null);
  const networkError = () => toast({ title: 'Error', description: 'Network error. Please try again.', variant: 'error' });
  const subscribe = useMutation({
    mutationFn: (payload: { email: string; isActive: true; website?: string }) => apiPost('/api/newsletter-subscribers', payload),
    onSuccess: () => {
      toast({ title: 'Subscribed!', description: 'Thank you for subscribing to our newsletter.', variant: 'success' });
      reset(formRef.current);
    },
    onError: (err) => {
      // An answer from the server carries its text; no answer at all is a network failure.
      if (err instanceof ApiError) {
        toast({ title: 'Error', description: err.serverMessage ?? 'Failed to subscribe. Please try again.', variant: 'error' });
      } else {
        networkError();
      }
    },
  });
  const { errors, reset, formProps } = useCheckedForm({ load: loadCheck, onValid: (payload) => subscribe.mutate(payload), onLoadError: networkError });
  const error = errors.email;
  const ready = useMounted();

  return (
    <form ref={formRef} {...formProps} aria-labelledby="newsletter-title" data-ready={ready || undefined}>
      <h2 id="newsletter-title" className="font-display-tight text-2xl">
        Fight camp news
      </h2>
      <p className="mt-1 mb-4 text-sm text-ink-300">Schedule changes, fight nights and training tips. No spam.</p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <label htmlFor="newsletter-email" className="sr-only">
          Email address
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
        <button type="submit" disabled={subscribe.isPending} className={buttonClass('primary', 'md', 'shrink-0')}>
          {subscribe.isPending ? 'Subscribing...' : 'Subscribe'}
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
