import { CreditCard } from 'lucide-react';
import { useState } from 'react';
import { buttonClass } from '../../components/ui/button';
import { useAction } from '../../lib/use-action';
import { useT } from '../../i18n/i18n';
import { passErrorText } from './pass-errors';
import { openCheckout, type OrderDto } from './pass-queries';

/**
 * "Pay by card": the order's checkout address when the answer carries one, else a fresh checkout
 * asked for on the press (a checkout session expires; the order page may be opened days later).
 */
export function CardPay({ order, token }: { order: OrderDto; token: string }) {
  const t = useT();
  const [failure, setFailure] = useState<unknown>(null);
  const open = useAction(
    () => {
      setFailure(null);
      return openCheckout(token);
    },
    {
      onSuccess: (next) => {
        if (next.checkoutUrl) window.location.assign(next.checkoutUrl);
      },
      onError: setFailure,
    },
  );
  if (order.checkoutUrl) {
    return (
      <a href={order.checkoutUrl} rel="noreferrer" className={buttonClass('primary', 'lg', 'mt-4')} data-testid="card-pay">
        <CreditCard aria-hidden className="size-5" />
        {t('order.payByCard')}
      </a>
    );
  }
  return (
    <>
      <button type="button" className={buttonClass('primary', 'lg', 'mt-4')} disabled={open.pending} onClick={() => open.run(undefined)} data-testid="card-pay">
        <CreditCard aria-hidden className="size-5" />
        {t('order.payByCard')}
      </button>
      {failure !== null && (
        <p role="alert" className="mt-3 font-semibold text-danger-400">
          {passErrorText(failure, t, 'order.cardFailed')}
        </p>
      )}
    </>
  );
}
