import type { PassCovers, PassKind } from '../../../shared/catalogue';
import type { OrderState } from '../../../shared/ledger';
import type { MessageKey } from '../../../shared/i18n/locales/en';
import type { Translate } from '../../i18n/i18n';

// The words of the shop, in the page's language: what a pass gives, which classes it covers and
// what state an order is in.

export const COVERS_KEYS: Record<PassCovers, MessageKey> = { 'muay-thai': 'passes.covers.muayThai', mma: 'passes.covers.mma' };

export const STATUS_KEYS: Record<OrderState, MessageKey> = {
  'awaiting-payment': 'order.status.awaiting',
  'deposit-paid': 'order.status.depositPaid',
  paid: 'order.status.paid',
  refunded: 'order.status.refunded',
  expired: 'order.status.expired',
  cancelled: 'order.status.cancelled',
  'partly-refunded': 'order.status.partlyRefunded',
  overpaid: 'order.status.overpaid',
  disputed: 'order.status.disputed',
};

/** "7 days, one class a day", "A day of unlimited classes", "One private class", "6 months, 5 classes a week (10 hours)". */
export function passSummary(
  p: { kind: PassKind; days: number; months?: number | null; sessionsPerWeek?: number | null; hoursPerWeek?: number | null },
  t: Translate,
): string {
  switch (p.kind) {
    case 'single':
      return t('passes.kind.single');
    case 'day':
      return t('passes.kind.day');
    case 'days-single':
      return t('passes.kind.daysSingle', { n: p.days });
    case 'days-unlimited':
      return t('passes.kind.daysUnlimited', { n: p.days });
    case 'private':
      return t('passes.kind.private');
    case 'programme':
      return t('passes.kind.programme', { months: p.months ?? 0, sessions: p.sessionsPerWeek ?? 0, hours: p.hoursPerWeek ?? 0 });
  }
}

/**
 * The amount a PromptPay payload asks for (EMVCo tag 54, e.g. "1500.00"), in satang, read from
 * the text with integers only; null when the payload carries none.
 */
export function promptpayAmountSatang(payload: string): number | null {
  let i = 0;
  while (i + 4 <= payload.length) {
    const tag = payload.slice(i, i + 2);
    const len = Number.parseInt(payload.slice(i + 2, i + 4), 10);
    if (!Number.isInteger(len) || len < 0) return null;
    const value = payload.slice(i + 4, i + 4 + len);
    if (tag === '54') {
      const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(value);
      if (!m) return null;
      return Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0'));
    }
    i += 4 + len;
  }
  return null;
}
