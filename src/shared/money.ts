// Money is an integer number of satang (THB × 100) from the database to the API; it becomes
// text only at the edge, through Intl. No floating-point arithmetic on amounts.

/** Whole baht to satang. */
export const bahtToSatang = (baht: number): number => {
  if (!Number.isSafeInteger(baht)) throw new RangeError(`not a whole number of baht: ${baht}`);
  return baht * 100;
};

/** Whether a value is a valid amount: a non-negative safe integer of satang. */
export const isSatang = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

/** "1500.00": the decimal text of an amount, built from integers (no float rounding). */
export function satangToDecimal(satang: number): string {
  if (!isSatang(satang)) throw new RangeError(`not an amount in satang: ${String(satang)}`);
  const baht = Math.trunc(satang / 100);
  const rest = satang - baht * 100;
  return `${baht}.${String(rest).padStart(2, '0')}`;
}

const formats = new Map<string, Intl.NumberFormat>();

/** "฿1,500" or "฿1,500.50" in the reader's language (satang shown only when there are any). */
export function formatThb(satang: number, locale: string): string {
  const whole = satang % 100 === 0;
  const key = `${locale}|${whole}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: 'THB',
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: whole ? 0 : 2,
      maximumFractionDigits: whole ? 0 : 2,
    });
    formats.set(key, f);
  }
  // Intl takes a decimal string exactly (no float in between).
  return f.format(satangToDecimal(satang) as unknown as number);
}

/** A deposit rule applied to an amount, rounded up to a whole baht. */
export function depositFor(amountSatang: number, rule: { mode: 'none' | 'percent' | 'fixed'; value: number }): number {
  if (rule.mode === 'none' || rule.value <= 0) return 0;
  const raw = rule.mode === 'percent' ? Math.ceil((amountSatang * rule.value) / 100) : rule.value;
  const rounded = Math.ceil(raw / 100) * 100;
  return Math.min(amountSatang, rounded);
}
