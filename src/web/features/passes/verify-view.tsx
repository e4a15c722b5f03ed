import { BadgeCheck, CircleX, Clock } from 'lucide-react';
import { dateTimeFormat } from '../../../shared/gym-time';
import type { VisaVerdict } from '../../../shared/visa-letters';
import { buttonClass } from '../../components/ui/button';
import { useIntlLocale, useT } from '../../i18n/i18n';
import { useResource } from '../../lib/resource';
import { verifyQuery } from './visa-letter-queries';

// /verify/:code (issue 35 §4): what an embassy officer sees after scanning the letter's QR code:
// valid, revoked or expired, the gym, the holder's name, the programme and its dates. The server
// renders it with its data; never the passport number nor the date of birth (the API has neither).

const TONE: Record<VisaVerdict, string> = {
  valid: 'bg-success-900 text-success-400',
  revoked: 'bg-danger-900 text-danger-400',
  expired: 'bg-ink-700 text-bone-100',
};
const ICON = { valid: BadgeCheck, revoked: CircleX, expired: Clock };

const day = (date: string, locale: string) =>
  dateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));

export default function VerifyView({ code }: { code: string }) {
  const t = useT();
  const locale = useIntlLocale();
  const query = useResource(verifyQuery(code));
  const v = query.data;

  let body: React.ReactNode;
  if (query.isPending) body = <p role="status">{t('layout.loading')}</p>;
  else if (query.isError && v === undefined)
    body = (
      <div role="alert">
        <p>{t('verify.loadFailed')}</p>
        <button type="button" onClick={() => void query.refetch()} className={buttonClass('outline', 'md', 'mt-4')}>
          {t('manage.retry')}
        </button>
      </div>
    );
  else if (!v)
    body = (
      <p className="text-lg" data-testid="verify-unknown">
        {t('verify.notFound')}
      </p>
    );
  else {
    const Icon = ICON[v.status];
    body = (
      <article data-testid="verify" data-status={v.status}>
        <p className={`inline-flex items-center gap-2 rounded-pill px-4 py-2 text-xl font-bold ${TONE[v.status]}`} role="status">
          <Icon aria-hidden className="size-6" />
          {t(`verify.${v.status}`)}
        </p>
        <p className="mt-4 text-lg">
          {v.status === 'valid' ? t('verify.validText', { gym: v.gym }) : t(v.status === 'revoked' ? 'verify.revokedText' : 'verify.expiredText')}
        </p>
        <dl className="mt-6 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-3 text-base">
          <dt className="text-ink-300">{t('verify.reference')}</dt>
          <dd className="font-mono font-semibold">{v.reference}</dd>
          <dt className="text-ink-300">{t('verify.gym')}</dt>
          <dd className="break-words">{v.gym}</dd>
          <dt className="text-ink-300">{t('verify.holder')}</dt>
          <dd className="break-words font-semibold">{v.holderName ?? t('verify.erased')}</dd>
          <dt className="text-ink-300">{t('verify.programme')}</dt>
          <dd className="break-words">{v.programme}</dd>
          <dt className="text-ink-300">{t('verify.dates')}</dt>
          <dd>{t('order.dateRange', { from: day(v.startDate, locale), to: day(v.endDate, locale) })}</dd>
          <dt className="text-ink-300">{t('verify.issued')}</dt>
          <dd>{day(v.issueDate, locale)}</dd>
        </dl>
      </article>
    );
  }
  return (
    <div className="container-site py-12 md:py-16">
      <div className="mx-auto max-w-2xl rounded-card border border-ink-700 bg-ink-900 p-5 sm:p-8">
        <h1 className="mb-6 font-display-tight text-display-sm-fit">{t('verify.title')}</h1>
        {body}
      </div>
    </div>
  );
}
