import { useMutation } from '@tanstack/react-query';
import { CalendarCheck } from 'lucide-react';
import { forwardRef, useEffect, useState } from 'react';
import type { Resolver, UseFormReturn } from 'react-hook-form';
import type { BookingFormValues } from '../../../shared/schemas/reservations';
import { COURSE_NAMES } from '../../../shared/site';
import { buttonClass } from '../../components/ui/button';
import { Field, inputClass } from '../../components/ui/field';
import { apiPost } from '../../lib/api-client';

export const EMPTY_BOOKING: BookingFormValues = { name: '', email: '', phone: '', course: '', preferredDate: '', message: '' };
const loadResolver = () => import('./booking-resolver');

/** The shared zod schema, loaded on first use (see booking-resolver.ts). */
export const bookingResolver: Resolver<BookingFormValues> = async (values, context, options) =>
  (await loadResolver()).bookingResolver(values, context, options);

/** Today at 00:00 in the visitor's time zone, as datetime-local wants it. */
function todayMin(): string {
  const d = new Date();
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T00:00`;
}

/**
 * The booking form (SPEC.md §5): the shared zod schema gives every message on its field.
 * The page owns the form state so the class catalogue can fill the course.
 */
export const BookingForm = forwardRef<HTMLFormElement, { form: UseFormReturn<BookingFormValues>; onBooked: () => void }>(function BookingForm(
  { form, onBooked },
  ref,
) {
  // "Today" is the visitor's, so the minimum is set in the browser only.
  const [min, setMin] = useState<string | undefined>(undefined);
  useEffect(() => setMin(todayMin()), []);
  // Fetch the validation code as soon as the visitor heads for the form.
  const warm = () => void loadResolver();

  const book = useMutation({
    mutationFn: async (v: BookingFormValues) => apiPost('/api/reservations', (await loadResolver()).bookingToPayload(v)),
    onSuccess: () => onBooked(),
    // SPEC.md §4/§8: a failure is only logged.
    onError: (err) => console.error('Failed to create reservation', err),
  });
  const { errors } = form.formState;

  return (
    <form
      ref={ref}
      id="booking-form"
      noValidate
      onFocus={warm}
      onPointerDown={warm}
      onSubmit={form.handleSubmit((v) => book.mutate(v))}
      className="grid gap-5 sm:grid-cols-2"
      aria-labelledby="booking-form-title"
    >
      <h2 id="booking-form-title" className="font-display-tight text-3xl sm:col-span-2">
        Your booking
      </h2>
      <Field label="Name" error={errors.name?.message} className="sm:col-span-2">
        <input className={inputClass} autoComplete="name" {...form.register('name')} />
      </Field>
      <Field label="Email" error={errors.email?.message} hint="Email or phone: give at least one.">
        <input type="email" className={inputClass} autoComplete="email" {...form.register('email')} />
      </Field>
      <Field label="Phone / WhatsApp" error={errors.phone?.message} hint="With country code, e.g. +33 6 12 34 56 78">
        <input type="tel" className={inputClass} autoComplete="tel" placeholder="+66" {...form.register('phone')} />
      </Field>
      <Field label="Course" error={errors.course?.message}>
        <select className={inputClass} {...form.register('course')}>
          <option value="">Select a class</option>
          {COURSE_NAMES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Preferred date and time" error={errors.preferredDate?.message}>
        <input type="datetime-local" min={min} className={`${inputClass} [color-scheme:dark]`} {...form.register('preferredDate')} />
      </Field>
      <Field label="Message" optional error={errors.message?.message} className="sm:col-span-2">
        <textarea rows={4} className={inputClass} placeholder="Experience, goals, injuries we should know about..." {...form.register('message')} />
      </Field>
      <div className="sm:col-span-2">
        <button type="submit" disabled={book.isPending} className={buttonClass('primary', 'lg', 'w-full sm:w-auto')}>
          <CalendarCheck aria-hidden className="size-5" />
          {book.isPending ? 'Confirming...' : 'Confirm Booking'}
        </button>
      </div>
    </form>
  );
});
