import { QrCode, Store } from 'lucide-react';
import { useEffect, useState } from 'react';
import { dateTimeFormat, zoneLabel, zoneOffsetMs } from '../../../shared/gym-time';
import { formatThb } from '../../../shared/money';
import { gymTimeZone } from '../../lib/gym-zone';
import { useSiteSettings } from '../../lib/site-settings';
import { useIntlLocale, useT, useZoneLabel } from '../../i18n/i18n';
import { CardPay } from './card-pay';
import { SlipUploadLater } from './slip-upload-later';
import { promptpayAmountSatang } from './pass-text';
import { promptpayImageUrl, type OrderDto } from './pass-queries';

/** How to pay an order that waits for its money: the QR, the card link or the desk. */
export function OrderPayment({ order, token }: { order: OrderDto; token: string }) {
  const t = useT();
  const locale = useIntlLocale();
  const site = useSiteSettings();
  const price = (s: number) => formatThb(s, locale);
  // Online, the deposit holds the pass when there is one; the QR's own amount wins (it is what the bank reads).
  const dueOnline = order.depositSatang > 0 ? Math.min(order.depositSatang, order.owedSatang) : order.owedSatang;
  const qrAmount = order.promptpay ? (promptpayAmountSatang(order.promptpay.payload) ?? dueOnline) : dueOnline;

  return (
    <section className="mt-6 border-t border-ink-700 pt-6" aria-labelledby="pay-title" data-testid="order-payment">
      <h2 id="pay-title" className="font-display-tight text-3xl">
        {t('order.payTitle')}
      </h2>
      {order.expiresAt && <Expiry at={order.expiresAt} />}
      {order.method === 'promptpay' && order.promptpay && (
        <div className="mt-4">
          <p className="flex items-start gap-2 text-lg font-semibold text-bone-50" data-testid="promptpay-instructions">
            <QrCode aria-hidden className="mt-1 size-5 shrink-0 text-gold-400" />
            <span>
              {site.payments.promptpayId
                ? t('order.promptpayTo', { amount: price(qrAmount), id: site.payments.promptpayId, reference: order.reference })
                : t('order.promptpay', { amount: price(qrAmount), reference: order.reference })}
            </span>
          </p>
          <img
            src={promptpayImageUrl(token)}
            alt={t('order.qrAlt', { amount: price(qrAmount) })}
            width={256}
            height={256}
            className="mt-4 w-full max-w-64 rounded-card bg-white p-3"
            data-testid="promptpay-qr"
          />
          <p className="mt-2 text-sm text-ink-300">{t('order.qrHint')}</p>
          <SlipUploadLater token={token} />
        </div>
      )}
      {order.method === 'card' && (
        <div className="mt-4">
          <p className="text-lg">{t('order.cardText', { amount: price(dueOnline) })}</p>
          <CardPay order={order} token={token} />
        </div>
      )}
      {order.method === 'desk' && (
        <p className="mt-4 flex items-start gap-2 text-lg">
          <Store aria-hidden className="mt-1 size-5 shrink-0 text-gold-400" />
          {t('order.deskText', { amount: price(order.owedSatang), reference: order.reference })}
        </p>
      )}
    </section>
  );
}

const EXPIRY_FORMAT: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/** "Pay before 27 Nov, 14:00 Krabi time (UTC+7) — 08:00 your time": the visitor's only after hydration. */
function Expiry({ at }: { at: string }) {
  const t = useT();
  const locale = useIntlLocale();
  const zoneIn = useZoneLabel();
  const gymZone = gymTimeZone();
  const gym = dateTimeFormat(locale, { ...EXPIRY_FORMAT, timeZone: gymZone }).format(new Date(at));
  const [local, setLocal] = useState<string | null>(null);
  useEffect(() => {
    const instant = new Date(at);
    const own = Intl.DateTimeFormat().resolvedOptions().timeZone;
    // Same offset as the gym: one time says it all.
    if (zoneOffsetMs(instant, own) === zoneOffsetMs(instant, gymZone)) return setLocal(null);
    setLocal(dateTimeFormat(locale, EXPIRY_FORMAT).format(instant));
  }, [at, locale, gymZone]);
  return (
    <p className="mt-2 text-ink-300" data-testid="order-expiry">
      {t('order.expires', { time: gym, zone: zoneIn(zoneLabel(gymZone, new Date(at))) })}
      {local && <span data-testid="order-expiry-local"> {t('order.expiresLocal', { time: local })}</span>}
    </p>
  );
}
