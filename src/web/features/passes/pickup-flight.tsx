import { PlaneLanding } from 'lucide-react';
import { useState } from 'react';
import type { PickupDto } from '../../../shared/api-types/arrivals';
import type { PickupFlightInput } from '../../../shared/schemas/arrivals';
import { FLIGHT_NUMBER } from '../../../shared/flight-number';
import { dateTimeFormat } from '../../../shared/gym-time';
import { buttonClass } from '../../components/ui/button';
import { Field, inputClass } from '../../components/ui/field';
import { useIntlLocale, useT } from '../../i18n/i18n';
import { ApiError, apiRequest } from '../../lib/api-client';
import { refreshResource } from '../../lib/resource';
import { useAction } from '../../lib/use-action';
import { orderQuery } from './pass-queries';

// The airport pickup on the order page (issue 36 §5): the flight as the gym has it, and a form to
// give or change it. Only an order with a pickup shows it, so only such a page downloads it.

const flightUrl = (token: string) => `/api/orders/by-token/${encodeURIComponent(token)}/flight`;

export default function PickupFlight({ token, pickup }: { token: string; pickup: PickupDto }) {
  const t = useT();
  const locale = useIntlLocale();
  const [open, setOpen] = useState(!pickup.flightNumber);
  const [flight, setFlight] = useState(pickup.flightNumber ?? '');
  const [date, setDate] = useState(pickup.arrivesAt.slice(0, 10));
  const [time, setTime] = useState(pickup.arrivesAt.slice(11, 16));
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const send = useAction((body: PickupFlightInput) => apiRequest<PickupDto>('PUT', flightUrl(token), body), {
    onSuccess: () => {
      setSaved(true);
      setOpen(false);
      refreshResource(orderQuery(token));
    },
    onError: (err) => setProblem(err instanceof ApiError && err.status === 400 ? t('pickup.invalid') : t('pickup.failed')),
  });
  const landing = dateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'short', timeZone: 'UTC', hourCycle: 'h23' }).format(
    new Date(`${pickup.arrivesAt}:00Z`),
  );

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    setProblem(null);
    setSaved(false);
    const number = flight.trim().toUpperCase();
    if (!FLIGHT_NUMBER.test(number) || !date || !time) return setProblem(t('pickup.invalid'));
    send.run({ flightNumber: number, arrivesAt: `${date}T${time}` });
  };

  return (
    <section className="mt-8 rounded-card border border-ink-700 bg-ink-900 p-5 sm:p-8" aria-labelledby="pickup-title" data-testid="pickup">
      <h2 id="pickup-title" className="flex items-center gap-2 font-display-tight text-2xl break-words sm:text-3xl">
        <PlaneLanding aria-hidden className="size-6 shrink-0 text-gold-400" />
        {t('pickup.title')}
      </h2>
      <dl className="mt-5 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-3 text-base sm:gap-x-6">
        <dt className="text-ink-300">{t('pickup.airport')}</dt>
        <dd>{pickup.airport}</dd>
        <dt className="text-ink-300">{t('pickup.flight')}</dt>
        <dd data-testid="pickup-flight">{pickup.flightNumber ?? t('pickup.noFlight')}</dd>
        <dt className="text-ink-300">{t('pickup.lands')}</dt>
        <dd className="min-w-0">{landing}</dd>
      </dl>
      <div aria-live="polite">
        {saved && (
          <p className="mt-4 font-semibold text-success-400" data-testid="pickup-saved">
            {t('pickup.saved')}
          </p>
        )}
      </div>
      {!pickup.flightNumber && !saved && <p className="mt-4 text-ink-300">{t('pickup.ask')}</p>}
      {!open && (
        <button type="button" className={buttonClass('outline', 'md', 'mt-4')} onClick={() => setOpen(true)}>
          {pickup.flightNumber ? t('pickup.change') : t('pickup.give')}
        </button>
      )}
      {open && (
        <form className="mt-4 grid gap-4 sm:grid-cols-3" onSubmit={onSubmit} noValidate data-testid="pickup-form">
          <Field label={t('pickup.flightNumber')} hint={t('pickup.flightHint')}>
            <input
              name="flightNumber"
              className={`${inputClass} uppercase`}
              autoComplete="off"
              required
              value={flight}
              onChange={(e) => setFlight(e.target.value)}
            />
          </Field>
          <Field label={t('pickup.date')}>
            <input name="date" type="date" className={inputClass} required value={date} onChange={(e) => setDate(e.target.value)} />
          </Field>
          <Field label={t('pickup.time')}>
            <input name="time" type="time" className={inputClass} required value={time} onChange={(e) => setTime(e.target.value)} />
          </Field>
          {problem && (
            <p role="alert" className="font-medium text-danger-400 sm:col-span-3">
              {problem}
            </p>
          )}
          <button type="submit" className={buttonClass('primary', 'md', 'sm:col-span-3 sm:justify-self-start')} disabled={send.pending}>
            {t('pickup.save')}
          </button>
        </form>
      )}
    </section>
  );
}
