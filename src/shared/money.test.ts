import { describe, expect, it } from 'vitest';
import { bahtToSatang, depositFor, formatThb, satangToDecimal } from './money';
import { orderState, owedSatang } from './ledger';
import { passCredits, passSessionsPerDay } from './catalogue';

describe('money in satang', () => {
  it('turns whole baht into satang and refuses fractions', () => {
    expect(bahtToSatang(15000)).toBe(1_500_000);
    expect(() => bahtToSatang(0.5)).toThrow(RangeError);
  });

  it('writes decimals from integers', () => {
    expect(satangToDecimal(25000)).toBe('250.00');
    expect(satangToDecimal(1)).toBe('0.01');
    expect(satangToDecimal(1_500_050)).toBe('15000.50');
    expect(() => satangToDecimal(-1)).toThrow(RangeError);
    expect(() => satangToDecimal(1.5)).toThrow(RangeError);
  });

  it('formats in the reader’s language', () => {
    expect(formatThb(150000, 'en')).toBe('฿1,500');
    expect(formatThb(150050, 'en')).toBe('฿1,500.50');
    expect(formatThb(150000, 'de')).toBe('1.500\u00a0฿');
    expect(formatThb(150000, 'th')).toBe('฿1,500');
  });

  it('rounds a deposit up to a whole baht and never above the amount', () => {
    expect(depositFor(250_000, { mode: 'percent', value: 20 })).toBe(50_000);
    expect(depositFor(25_050, { mode: 'percent', value: 33 })).toBe(8_300);
    expect(depositFor(50_000, { mode: 'fixed', value: 100_000 })).toBe(50_000);
    expect(depositFor(50_000, { mode: 'none', value: 10 })).toBe(0);
  });
});

describe('passes and order states', () => {
  it('derives credits and sessions a day from the kind', () => {
    expect(passCredits('single', 1)).toBe(1);
    expect(passCredits('days-single', 7)).toBe(7);
    expect(passCredits('days-unlimited', 30)).toBeNull();
    expect(passSessionsPerDay('day')).toBeNull();
    expect(passSessionsPerDay('days-single')).toBe(1);
  });

  const base = {
    amountSatang: 150_000,
    depositSatang: 0,
    paidSatang: 0,
    refundedSatang: 0,
    chargedBackSatang: 0,
    disputeOpen: false,
    expiresAt: '2026-01-02T00:00:00.000Z',
    cancelledAt: null,
  };
  const now = new Date('2026-01-01T12:00:00.000Z');
  it('follows the ledger', () => {
    expect(orderState(base, now)).toBe('awaiting-payment');
    expect(orderState(base, new Date('2026-01-02T00:00:00.000Z'))).toBe('expired');
    expect(orderState({ ...base, paidSatang: 150_000 }, now)).toBe('paid');
    expect(orderState({ ...base, depositSatang: 30_000, paidSatang: 30_000 }, now)).toBe('deposit-paid');
    expect(orderState({ ...base, paidSatang: 150_000, refundedSatang: 150_000 }, now)).toBe('refunded');
    expect(orderState({ ...base, cancelledAt: '2026-01-01T00:00:00.000Z' }, now)).toBe('cancelled');
    // A partial refund of a paid order is a gesture, not a debt: partly refunded, nothing owed.
    const partlyRefunded = { ...base, paidSatang: 150_000, refundedSatang: 50_000 };
    expect(orderState(partlyRefunded, now)).toBe('partly-refunded');
    expect(owedSatang(partlyRefunded)).toBe(0);
    // Paid twice, the second payment given back: paid again.
    expect(orderState({ ...base, paidSatang: 300_000, refundedSatang: 150_000 }, now)).toBe('paid');
    expect(orderState({ ...base, paidSatang: 300_000 }, now)).toBe('overpaid');
    // Money on a cancelled or expired order: the state follows the ledger.
    expect(orderState({ ...base, cancelledAt: '2026-01-01T00:00:00.000Z', paidSatang: 150_000 }, now)).toBe('overpaid');
    expect(orderState({ ...base, paidSatang: 150_000 }, new Date('2026-02-01T00:00:00.000Z'))).toBe('paid');
    expect(orderState({ ...base, paidSatang: 150_000, disputeOpen: true }, now)).toBe('disputed');
    expect(orderState({ ...base, paidSatang: 150_000, chargedBackSatang: 150_000 }, now)).toBe('refunded');
    expect(owedSatang({ ...base, depositSatang: 30_000, paidSatang: 30_000 })).toBe(120_000);
  });
});
