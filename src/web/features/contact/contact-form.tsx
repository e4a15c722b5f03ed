import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { contactFormSchema, contactFormToPayload, type ContactFormValues } from '../../../shared/schemas/contact';
import { buttonClass } from '../../components/ui/button';
import { Field, inputClass } from '../../components/ui/field';
import { useToast } from '../../components/ui/toaster';
import { apiPost } from '../../lib/api';
import { useMounted } from '../../lib/hooks';

const EMPTY: ContactFormValues = { firstName: '', lastName: '', email: '', phone: '', subject: '', message: '' };

export default function ContactForm() {
  const toast = useToast();
  const form = useForm<ContactFormValues>({ resolver: zodResolver(contactFormSchema), defaultValues: EMPTY });
  const send = useMutation({
    mutationFn: (v: ContactFormValues) => apiPost('/api/contact', contactFormToPayload(v)),
    onSuccess: () => {
      toast({ title: 'Message Sent!', description: "We'll get back to you as soon as possible.", variant: 'success' });
      form.reset(EMPTY);
    },
    onError: () => toast({ title: 'Error', description: 'Failed to send message. Please try again.', variant: 'error' }),
  });
  const { errors } = form.formState;
  const ready = useMounted();

  return (
    <form noValidate onSubmit={form.handleSubmit((v) => send.mutate(v))} className="grid gap-5 sm:grid-cols-2" aria-label="Contact form" data-ready={ready || undefined}>
      <Field label="First name" error={errors.firstName?.message}>
        <input className={inputClass} autoComplete="given-name" {...form.register('firstName')} />
      </Field>
      <Field label="Last name" error={errors.lastName?.message}>
        <input className={inputClass} autoComplete="family-name" {...form.register('lastName')} />
      </Field>
      <Field label="Email" error={errors.email?.message}>
        <input type="email" className={inputClass} autoComplete="email" {...form.register('email')} />
      </Field>
      <Field label="Phone" optional error={errors.phone?.message}>
        <input type="tel" className={inputClass} autoComplete="tel" {...form.register('phone')} />
      </Field>
      <Field label="Subject" optional error={errors.subject?.message} className="sm:col-span-2">
        <input className={inputClass} {...form.register('subject')} />
      </Field>
      <Field label="Message" error={errors.message?.message} className="sm:col-span-2">
        <textarea rows={5} className={inputClass} {...form.register('message')} />
      </Field>
      <div className="sm:col-span-2">
        <button type="submit" disabled={send.isPending} className={buttonClass('primary', 'lg', 'w-full sm:w-auto')}>
          <Send aria-hidden className="size-5" />
          {send.isPending ? 'Sending...' : 'Send Message'}
        </button>
      </div>
    </form>
  );
}
