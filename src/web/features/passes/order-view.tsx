import { CalendarRange, ReceiptText, Ticket } from 'lucide-react';
import { Suspense, lazy } from 'react';
import { formatThb } from '../../../shared/money';
import { buttonClass } from '../../components/ui/button';
import { OrderPayment } from './order-payment';
import { PassBooking } from './pass-booking';
import { STATUS_KEYS, passSummary } from './pass-text';
import { orderQuery, type OrderDto } from './pass-queries';
import { useResource } from '../../lib/resource';
import { isErased } from '../../lib/link-read';
import { ErasedNotice } from '../../components/ui/erased-notice';
import { dateTimeFormat } from '../../../shared/gym-time';
import { useIntlLocale, useLocalePath, useT } from '../../i18n/i18n';
import { wordFit } from '../../lib/word-fit';
import { holdsPass } from '../../../shared/ledger';
import { SlipUploadLater } from './slip-upload-later';

// Its documents' links go without icons: every order page stays within the JavaScript budget.
// The visa letter's request and download: only a programme's order shows them, so only such a
// page downloads their code (the page-weight budget of every other order page).
const VisaLetter = lazy(() => import('./visa-letter-form').then((m) => ({ default: m.VisaLetter })));
// The receipt's and the attendance statement's links: a paid order's, in a chunk of their own.
const OrderDocuments = lazy(() => import('./order-documents'));

// The order of a pass on /booking/order/:token (issue 21 §3), an island hydrated at once. The
// server renders it from its own read of the order (loading when that read failed, for the
// browser to try again). While the order waits for its money the page asks again every few seconds (not while the tab
// is hidden). Booking with the pass is part of the island, not a lazy part of it: a part that
// hydrated after the rest would take over fields typed into before it without React knowing
// their values.

const POLL_MS = 5000;
const STATUS_TONE: Record<OrderDto['status'], string> = {
  'awaiting-payment': 'bg-gold-400 text-ink-950',
  'deposit-paid': 'bg-success-900 text-success-400',
  paid: 'bg-success-900 text-success-400',
  refunded: 'bg-ink-700 text-bone-100',
  expired: 'bg-ink-700 text-bone-100',
  cancelled: 'bg-ink-700 text-bone-100',
  'partly-refunded': 'bg-success-900 text-success-400',
  overpaid: 'bg-success-900 text-success-400',
  disputed: 'bg-ink-700 text-bone-100',
};

/** A gym date 'YYYY-MM-DD' as "26 November 2026" (no weekday: "from … to …" reads in every language). */
const gymDay = (date: string, locale: string) =>
  dateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));

function Shell({ children }: { children: React.ReactNode }) {
  return (
    <div className="container-site py-12 md:py-16">
      <div className="mx-auto max-w-3xl">{children}</div>
    </div>
  );
}

export default function OrderView({ token }: { token: string }) {
  const t = useT();
  const lp = useLocalePath();
  const locale = useIntlLocale();
  const query = useResource(orderQuery(token), {
    refetchInterval: (order) => (order && !isErased(order) && order.status === 'awaiting-payment' ? POLL_MS : false),
  });
  const read = query.data;
  const order = read && !isErased(read) ? read : null;
  const price = (s: number) => formatThb(s, locale);

  if (query.isPending) {
    return (
      <Shell>
        <p role="status" className="py-12 text-center text-ink-300">
          {t('order.loading')}
        </p>
      </Shell>
    );
  }
  if (query.isError && !order) {
    return (
      <Shell>
        <div role="alert" className="py-12 text-center">
          <p className="text-lg text-ink-300">{t('order.loadFailed')}</p>
          <button type="button" onClick={() => void query.refetch()} disabled={query.isFetching} className={buttonClass('outline', 'md', 'mt-6')}>
            {t('manage.retry')}
          </button>
        </div>
      </Shell>
    );
  }
  if (isErased(read)) {
    return (
      <Shell>
        <ErasedNotice />
      </Shell>
    );
  }
  if (!order) {
    return (
      <Shell>
        <div className="py-12 text-center" data-testid="order-not-found">
          <ReceiptText aria-hidden className="mx-auto size-12 text-blood-500" />
          <h1 className="mt-4 font-display-tight text-display-sm-fit" style={wordFit(t('order.notFoundTitle'))}>
            {t('order.notFoundTitle')}
          </h1>
          <p className="mt-4 text-lg text-ink-300">{t('order.notFound')}</p>
          <a href={lp('/booking')} className={buttonClass('primary', 'md', 'mt-8')}>
            {t('order.toBooking')}
          </a>
        </div>
      </Shell>
    );
  }

  const usable = holdsPass(order.status);
  // An expired PromptPay order still takes a slip for a few days (a late transfer is welcome); the QR is gone.
  const lateSlip = order.status === 'expired' && order.slipAccepted;
  const waiting = order.status === 'awaiting-payment';
  const receipt = order.receipt;
  const attendance = order.attendance && (usable || order.attendance.attended > 0) ? order.attendance : null;

  return (
    <Shell>
      <p className="mb-3 text-eyebrow font-bold tracking-(--text-eyebrow--letter-spacing) text-blood-400 uppercase">{t('order.eyebrow')}</p>
      <h1 className="font-display-tight text-display-sm-fit" style={wordFit(t('order.title'))}>
        {t('order.title')}
      </h1>

      <article className="mt-6 rounded-card border border-ink-700 bg-ink-900 p-5 sm:p-8" data-testid="order" data-status={order.status}>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 className="flex min-w-0 items-center gap-2 font-display-tight text-2xl sm:text-3xl">
            <Ticket aria-hidden className="size-6 shrink-0 text-gold-400" />
            {/* "1 week · Muay Thai": the dot stays with the word before it, never first on a line. */}
            <span className="min-w-0 break-words">{order.passName.replace(/ · /g, '\u00a0· ')}</span>
          </h2>
          <span role="status" aria-live="polite" className={`rounded-pill px-3 py-1 text-sm font-bold ${STATUS_TONE[order.status]}`} data-testid="order-status">
            {t(STATUS_KEYS[order.status])}
          </span>
        </div>
        {/* Two columns at every width: the labels are short, and a phone reads them as a receipt. */}
        <dl className="mt-5 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-3 text-base sm:gap-x-6">
          <dt className="text-ink-300">{t('order.reference')}</dt>
          <dd className="font-mono font-semibold tracking-wide" data-testid="order-reference">
            {order.reference}
          </dd>
          <dt className="text-ink-300">{t('order.dates')}</dt>
          <dd className="flex items-center gap-2">
            <CalendarRange aria-hidden className="size-5 shrink-0 text-gold-400" />
            <span className="min-w-0">{t('order.dateRange', { from: gymDay(order.startDate, locale), to: gymDay(order.endDate, locale) })}</span>
          </dd>
          {order.programme && (
            <>
              <dt className="text-ink-300">{t('order.plan')}</dt>
              <dd data-testid="order-plan">{passSummary({ kind: 'programme', days: 0, ...order.programme }, t)}</dd>
            </>
          )}
          <dt className="text-ink-300">{t('order.price')}</dt>
          <dd className="tabular-nums">{price(order.amountSatang)}</dd>
          {order.depositSatang > 0 && (
            <>
              <dt className="text-ink-300">{t('order.deposit')}</dt>
              <dd className="tabular-nums">{price(order.depositSatang)}</dd>
            </>
          )}
          <dt className="text-ink-300">{t('order.paid')}</dt>
          <dd className="tabular-nums" data-testid="order-paid">
            {price(order.paidSatang - order.refundedSatang)}
          </dd>
          <dt className="text-ink-300">{t('order.owed')}</dt>
          <dd className="font-semibold tabular-nums" data-testid="order-owed">
            {price(order.owedSatang)}
            {order.status === 'deposit-paid' && order.owedSatang > 0 && <span className="block text-sm font-normal text-ink-300">{t('order.owedAtDesk')}</span>}
          </dd>
          {attendance && (
            <>
              <dt className="text-ink-300">{t('order.attendance')}</dt>
              <dd data-testid="order-attendance">
                <span className="min-w-0">
                  {t('order.attended', { n: attendance.attended })}
                  {attendance.sessionsPerWeek ? `\u00a0· ${t('order.planPerWeek', { n: attendance.sessionsPerWeek })}` : ''}
                </span>
              </dd>
            </>
          )}
        </dl>

        {(receipt || attendance) && (
          <Suspense fallback={null}>
            <OrderDocuments token={token} receipt={Boolean(receipt)} attendance={Boolean(attendance)} />
          </Suspense>
        )}

        {waiting && <OrderPayment order={order} token={token} />}
        {order.status === 'expired' && !lateSlip && <p className="mt-6 border-t border-ink-700 pt-6 text-lg font-semibold">{t('order.expired')}</p>}
        {lateSlip && (
          <div data-testid="late-slip">
            <p className="mt-6 border-t border-ink-700 pt-6 text-lg font-semibold">{t('order.lateSlip')}</p>
            <SlipUploadLater token={token} />
          </div>
        )}
        {(order.status === 'cancelled' || order.status === 'refunded') && (
          <p className="mt-6 border-t border-ink-700 pt-6 text-lg font-semibold">
            {t(order.status === 'cancelled' ? 'order.cancelledText' : 'order.refundedText')}
          </p>
        )}
      </article>

      {order.kind === 'programme' && (
        <Suspense fallback={null}>
          <VisaLetter token={token} />
        </Suspense>
      )}
      {usable && (
        <section className="mt-8 rounded-card border border-ink-700 bg-ink-900 p-5 sm:p-8" aria-labelledby="pass-book-title">
          <h2 id="pass-book-title" className="mb-3 font-display-tight text-3xl">
            {t('passBooking.title')}
          </h2>
          <PassBooking order={order} token={token} />
        </section>
      )}
    </Shell>
  );
}
