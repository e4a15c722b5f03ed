import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { newsletterSubscribeSchema } from '../../../shared/schemas/newsletter';
import { buttonClass } from '../../components/ui/button';
import { inputClass } from '../../components/ui/field';
import { useToast } from '../../components/ui/toaster';
import { ApiError, apiPost } from '../../lib/api';
import { useMounted } from '../../lib/hooks';

// The sign-up form checks the e-mail with the server's own rule.
const formSchema = newsletterSubscribeSchema.pick({ email: true });
type Values = z.infer<typeof formSchema>;

export default function NewsletterForm() {
  const toast = useToast();
  const form = useForm<Values>({ resolver: zodResolver(formSchema), defaultValues: { email: '' } });
  const subscribe = useMutation({
    mutationFn: (v: Values) => apiPost('/api/newsletter-subscribers', { email: v.email, isActive: true }),
    onSuccess: () => {
      toast({ title: 'Subscribed!', description: 'Thank you for subscribing to our newsletter.', variant: 'success' });
      form.reset();
    },
    onError: (err) => {
      // An answer from the server carries its text; no answer at all is a network failure.
      if (err instanceof ApiError) {
        toast({ title: 'Error', description: err.serverMessage ?? 'Failed to subscribe. Please try again.', variant: 'error' });
      } else {
        toast({ title: 'Error', description: 'Network error. Please try again.', variant: 'error' });
      }
    },
  });
  const error = form.formState.errors.email?.message;
  const ready = useMounted();

  return (
    <form noValidate onSubmit={form.handleSubmit((v) => subscribe.mutate(v))} aria-labelledby="newsletter-title" data-ready={ready || undefined}>
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
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          className={inputClass}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'newsletter-email-error' : undefined}
          {...form.register('email')}
        />
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
