import { useState } from 'react';
import type { OrderDto } from '../../../shared/api-types/payments';
import { dateTimeFormat } from '../../../shared/gym-time';
import { formatThb } from '../../../shared/money';
import { buttonClass } from '../../components/ui/button';
import { Field, inputClass } from '../../components/ui/field';
import { useIntlLocale, useT } from '../../i18n/i18n';
import { apiPost } from '../../lib/api-client';
import { setResourceData } from '../../lib/resource';
import { useAction } from '../../lib/use-action';
import { ApiError } from '../../lib/api-client';
import type { MessageKey } from '../../../shared/i18n/locales/en';
import { orderQuery } from './pass-queries';

// An order's stay and pickup on its page (issue 36 §3–4), in a chunk of its own: only an order with
// a stay or a pickup downloads it. Training, room and pickup apart with their amounts, what is
// included and not, when the balance is paid, the accepted terms, and new dates while the terms
// allow them.

type Lines = NonNullable<OrderDto['lines']>;

// The refusals of a change of dates, by code, kept in this chunk (the order page's own weighs on every order).
const REFUSALS: Record<string, MessageKey> = {
  rooms_full: 'orderStay.full',
  stay_change_closed: 'orderStay.closed',
  check_in_past: 'orderStay.checkInPast',
  stay_too_long: 'orderStay.tooLong',
};

const day = (date: string, locale: string) =>
  dateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));

export default function OrderStay({ order, token }: { order: OrderDto; token: string }) {
  const t = useT();
  const locale = useIntlLocale();
  const lines = order.lines as Lines;
  const money = (satang: number) => formatThb(satang, locale);
  const { stay, pickup } = lines;
  const row = (label: string, value: string, amount: number, testId: string) => (
    <>
      <dt className="text-ink-300">{label}</dt>
      <dd data-testid={testId}>
        <span className="min-w-0">{value}</span> <span className="tabular-nums font-semibold whitespace-nowrap">{money(amount)}</span>
      </dd>
    </>
  );
  return (
    <section className="mt-8 rounded-card border border-ink-700 bg-ink-900 p-5 sm:p-8" aria-labelledby="order-stay-title" data-testid="order-stay">
      <h2 id="order-stay-title" className="font-display-tight text-2xl sm:text-3xl">
        {t('orderStay.title')}
      </h2>
      <dl className="mt-5 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-3 text-base sm:gap-x-6">
        {lines.trainingSatang > 0 && row(t('orderStay.training'), order.passName, lines.trainingSatang, 'order-stay-training')}
        {stay &&
          row(
            t('orderStay.room'),
            `${t('orderStay.roomLine', { name: stay.roomTypeName, nights: stay.nights, guests: stay.guests })} · ${day(stay.checkIn, locale)} – ${day(stay.checkOut, locale)}`,
            stay.amountSatang,
            'order-stay-room',
          )}
        {pickup &&
          row(
            t('orderStay.pickup'),
            [
              t('orderStay.pickupLine', { airport: pickup.airportName, when: `${day(pickup.arrivesAt.slice(0, 10), locale)} ${pickup.arrivesAt.slice(11)}` }),
              pickup.flightNumber ? t('orderStay.flight', { flight: pickup.flightNumber }) : '',
            ]
              .filter(Boolean)
              .join(', '),
            pickup.amountSatang,
            'order-stay-pickup',
          )}
        <dt className="text-ink-300">{t('orderStay.included')}</dt>
        <dd className="whitespace-pre-line">{lines.included}</dd>
        <dt className="text-ink-300">{t('orderStay.notIncluded')}</dt>
        <dd className="whitespace-pre-line">{lines.notIncluded}</dd>
        {lines.meetingPoint && (
          <>
            <dt className="text-ink-300">{t('orderStay.meetingPoint')}</dt>
            <dd className="whitespace-pre-line">{lines.meetingPoint}</dd>
          </>
        )}
      </dl>
      {order.owedSatang > 0 && order.depositSatang > 0 && (
        <p className="mt-5 font-semibold" data-testid="order-stay-balance">
          {lines.balanceDueDate ? t('orderStay.balanceDue', { date: day(lines.balanceDueDate, locale) }) : t('orderStay.balanceOnArrival')}
        </p>
      )}
      {lines.termsText && (
        <details className="mt-5">
          <summary className="cursor-pointer font-semibold">{t('orderStay.terms')}</summary>
          <p className="mt-2 whitespace-pre-line text-ink-300">{lines.termsText}</p>
        </details>
      )}
      {stay && lines.changeDatesUntil && <ChangeDates token={token} stay={stay} until={lines.changeDatesUntil} />}
    </section>
  );
}

function ChangeDates({ token, stay, until }: { token: string; stay: NonNullable<Lines['stay']>; until: string }) {
  const t = useT();
  const locale = useIntlLocale();
  const [dates, setDates] = useState({ checkIn: stay.checkIn, checkOut: stay.checkOut });
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const send = useAction((body: typeof dates) => apiPost<OrderDto>(`/api/orders/by-token/${encodeURIComponent(token)}/stay-dates`, body), {
    onSuccess: (order) => {
      setResourceData(orderQuery(token), order);
      setMessage({ ok: true, text: t(order.lines?.pickup ? 'orderStay.savedPickup' : 'orderStay.saved') });
    },
    onError: (err) => setMessage({ ok: false, text: t((err instanceof ApiError && err.code && REFUSALS[err.code]) || 'orderStay.failed') }),
  });
  return (
    <form
      className="mt-6 border-t border-ink-700 pt-6"
      data-testid="order-stay-dates"
      onSubmit={(e) => {
        e.preventDefault();
        setMessage(null);
        send.run(dates);
      }}
    >
      <h3 className="font-semibold">{t('orderStay.changeDates')}</h3>
      <p className="mt-1 text-ink-300">{t('orderStay.changeUntil', { date: day(until, locale) })}</p>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <Field label={t('orderStay.checkIn')}>
          <input type="date" className={inputClass} required value={dates.checkIn} onChange={(e) => setDates((d) => ({ ...d, checkIn: e.target.value }))} />
        </Field>
        <Field label={t('orderStay.checkOut')}>
          <input type="date" className={inputClass} required value={dates.checkOut} onChange={(e) => setDates((d) => ({ ...d, checkOut: e.target.value }))} />
        </Field>
      </div>
      <button type="submit" className={buttonClass('outline', 'md', 'mt-4')} disabled={send.pending}>
        {t('orderStay.save')}
      </button>
      <p aria-live="polite" className={message?.ok ? 'mt-3 font-semibold text-success-400' : 'mt-3 font-semibold text-danger-400'}>
        {message?.text}
      </p>
    </form>
  );
}
