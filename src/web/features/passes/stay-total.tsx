import { formatThb } from '../../../shared/money';
import { useIntlLocale, useT, useTimetableWording } from '../../i18n/i18n';
import { dayText } from '../../lib/timetable';
import { useResource } from '../../lib/resource';
import { passErrorText } from './pass-errors';
import { quoteQuery, type stayLines } from './stay-queries';

// The pay step's sum (issue 36 §3): the whole order (training + room + pickup), what is paid
// now and the balance with when it is due, as the server prices the same lines
// (POST /api/orders/quote). Each line's own price is shown once, above.

export function StayTotal({ lines }: { lines: ReturnType<typeof stayLines> & { code?: string } }) {
  const t = useT();
  const locale = useIntlLocale();
  const w = useTimetableWording();
  const quote = useResource(quoteQuery(lines));
  const q = quote.data;
  if (quote.isError) {
    return (
      <p role="alert" className="font-semibold text-danger-400" data-testid="stay-total-failed">
        {passErrorText(quote.error, t, 'stay.quoteFailed')}
      </p>
    );
  }
  if (!q) {
    return (
      <p role="status" className="text-ink-300">
        {t('stay.totalLoading')}
      </p>
    );
  }
  const row = 'flex items-baseline justify-between gap-4';
  return (
    <div className="grid gap-2 border-t border-ink-700 pt-4" data-testid="stay-total">
      <dl className="grid gap-2">
        {q.discountSatang > 0 && (
          <div className={`${row} text-success-400`}>
            <dt>{t('stay.discount')}</dt>
            <dd data-testid="stay-discount">−{formatThb(q.discountSatang, locale)}</dd>
          </div>
        )}
        <div className={`${row} text-lg font-semibold text-bone-50`}>
          <dt>{t('stay.total')}</dt>
          <dd data-testid="stay-total-amount">{formatThb(q.totalSatang, locale)}</dd>
        </div>
        <div className={`${row} text-bone-100`}>
          <dt>{t('stay.dueNow')}</dt>
          <dd className="font-semibold" data-testid="stay-due-now">
            {formatThb(q.dueNowSatang, locale)}
          </dd>
        </div>
        {q.balanceSatang > 0 && (
          <div className={`${row} text-bone-100`}>
            <dt>{t('stay.balance')}</dt>
            <dd data-testid="stay-balance">{formatThb(q.balanceSatang, locale)}</dd>
          </div>
        )}
      </dl>
      {q.balanceSatang > 0 && (
        <p className="text-sm text-ink-300" data-testid="stay-balance-when">
          {q.balanceDueDate ? t('orderStay.balanceDue', { date: dayText(q.balanceDueDate, 'long', w) }) : t('orderStay.balanceOnArrival')}
        </p>
      )}
    </div>
  );
}
