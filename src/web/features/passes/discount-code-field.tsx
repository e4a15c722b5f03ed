import { useEffect, useState } from 'react';
import type { OrderQuoteDto } from '../../../shared/api-types/stay-orders';
import { formatThb } from '../../../shared/money';
import { buttonClass } from '../../components/ui/button';
import { inputClass } from '../../components/ui/field';
import { apiPost } from '../../lib/api-client';
import { useIntlLocale, useT } from '../../i18n/i18n';
import { passErrorText } from './pass-errors';

/** What the order is: the lines the quote prices (a code applies to those it covers). */
export type QuotedLines = { passId?: string; startDate?: string; stay?: unknown; pickup?: unknown; language: string };

/**
 * "Discount code" (issue 48): the code typed is checked by a quote of the same lines
 * (POST /api/orders/quote), which says the discount and the new total or, in the page's language,
 * why not. `onApplied` gets the code the order then sends (null: none). A change of the lines
 * re-quotes when `lines` changes (the key).
 */
export function DiscountCodeField({ lines, onApplied }: { lines: QuotedLines | null; onApplied: (code: string | null) => void }) {
  const t = useT();
  const locale = useIntlLocale();
  const [typed, setTyped] = useState('');
  const [quote, setQuote] = useState<{ code: string; q: OrderQuoteDto; key: string } | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const key = JSON.stringify(lines);

  const apply = async (code: string) => {
    if (!lines || code.trim() === '') return;
    setBusy(true);
    setRefusal(null);
    try {
      const q = await apiPost<OrderQuoteDto>('/api/orders/quote', { ...lines, code });
      setQuote({ code: code.trim().toUpperCase(), q, key });
      onApplied(code.trim().toUpperCase());
    } catch (err) {
      setQuote(null);
      onApplied(null);
      setRefusal(passErrorText(err, t, 'passes.failed'));
    } finally {
      setBusy(false);
    }
  };
  // The lines changed since the code was checked (another pass, another date): check it again for them.
  const stale = quote !== null && quote.key !== key ? quote.code : null;
  useEffect(() => {
    if (stale) void apply(stale);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- apply reads the current lines
  }, [stale, key]);

  return (
    <div className="grid gap-1.5 sm:col-span-2" data-testid="discount-code">
      <label htmlFor="discount-code-input" className="text-sm font-semibold text-bone-100">
        {t('discount.label')}
      </label>
      <div className="flex gap-2">
        <input
          id="discount-code-input"
          className={`${inputClass} min-w-0 flex-1 uppercase`}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={32}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void apply(typed);
            }
          }}
        />
        {quote ? (
          <button
            type="button"
            className={buttonClass('outline', 'md', 'shrink-0')}
            onClick={() => {
              setQuote(null);
              setTyped('');
              onApplied(null);
            }}
          >
            {t('discount.remove')}
          </button>
        ) : (
          <button
            type="button"
            className={buttonClass('outline', 'md', 'shrink-0')}
            disabled={busy || !lines || typed.trim() === ''}
            onClick={() => void apply(typed)}
            data-testid="discount-apply"
          >
            {t('discount.apply')}
          </button>
        )}
      </div>
      <p aria-live="polite" className="text-sm">
        {busy && <span className="text-ink-300">{t('discount.checking')}</span>}
        {!busy && quote && (
          <span className="font-semibold text-success-400" data-testid="discount-applied">
            {t('discount.applied', { code: quote.code, amount: formatThb(quote.q.discountSatang, locale) })}
            <span className="block text-bone-50">{t('discount.total', { total: formatThb(quote.q.totalSatang, locale) })}</span>
          </span>
        )}
      </p>
      {refusal && (
        <p role="alert" className="text-sm font-semibold text-danger-400" data-testid="discount-refused">
          {refusal}
        </p>
      )}
    </div>
  );
}
