import { Send } from 'lucide-react';
import { useRef } from 'react';
import { buttonClass } from '../../components/ui/button';
import { Field, inputClass } from '../../components/ui/field';
import { HoneypotField } from '../../components/ui/honeypot-field';
import { useToast } from '../../components/ui/toaster';
import { apiPost } from '../../lib/api-client';
import { useCheckedForm } from '../../lib/checked-form';
import { useMounted } from '../../lib/hooks';
import { useAction } from '../../lib/use-action';
import { useLanguage, useT } from '../../i18n/i18n';

// The shared zod schema (src/shared/schemas/contact.ts) is the rule; it is fetched when the
// visitor starts on the form, so the landing page does not carry zod.
const loadCheck = () => import('./contact-check').then((m) => m.checkContact);

export default function ContactForm() {
  const toast = useToast();
  const formRef = useRef<HTMLFormElement>(null);
  const t = useT();
  const language = useLanguage();
  const failed = () => toast({ title: t('toast.error'), description: t('contactForm.failed'), variant: 'error' });
  // The page's language goes with the message: the replies are written in it.
  const send = useAction((payload: object) => apiPost('/api/contact', { ...payload, language }), {
    onSuccess: () => {
      toast({ title: t('contactForm.sent'), description: t('contactForm.sentText'), variant: 'success' });
      reset(formRef.current);
    },
    onError: failed,
  });
  const { errors, reset, formProps } = useCheckedForm({ load: loadCheck, onValid: (payload) => send.run(payload), onLoadError: failed });
  const ready = useMounted();

  return (
    <form ref={formRef} {...formProps} className="grid gap-5 sm:grid-cols-2" aria-label={t('contactForm.label')} data-ready={ready || undefined}>
      <Field label={t('contactForm.firstName')} error={errors.firstName}>
        <input name="firstName" className={inputClass} autoComplete="given-name" />
      </Field>
      <Field label={t('contactForm.lastName')} error={errors.lastName}>
        <input name="lastName" className={inputClass} autoComplete="family-name" />
      </Field>
      <Field label={t('contactForm.email')} error={errors.email}>
        <input name="email" type="email" className={inputClass} autoComplete="email" />
      </Field>
      <Field label={t('contactForm.phone')} optional error={errors.phone}>
        <input name="phone" type="tel" className={inputClass} autoComplete="tel" />
      </Field>
      <Field label={t('contactForm.subject')} optional error={errors.subject} className="sm:col-span-2">
        <input name="subject" className={inputClass} />
      </Field>
      <Field label={t('contactForm.message')} error={errors.message} className="sm:col-span-2">
        <textarea name="message" rows={5} className={inputClass} />
      </Field>
      <HoneypotField />
      <div className="sm:col-span-2">
        <button type="submit" disabled={send.pending} className={buttonClass('primary', 'lg', 'w-full sm:w-auto')}>
          <Send aria-hidden className="size-5" />
          {send.pending ? t('contactForm.sending') : t('contactForm.submit')}
        </button>
      </div>
    </form>
  );
}
