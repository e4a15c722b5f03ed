import { satangToDecimal } from '../../../shared/money';

// Amounts staff type in baht ("1500", "1 500", "1,500", "1500.50", "1 500,50") become satang
// with integer arithmetic only: the whole baht and the satang digits are read as separate
// integers, so no binary fraction ever stands in between (1500.10 × 100 is 150010.00000000003).

/** Spaces people and Intl put between thousands: space, no-break space, narrow no-break space. */
const SPACES = ' \u00A0\u202F';
const AMOUNT = new RegExp(`^(\\d{1,3}(?:([,${SPACES}])\\d{3})(?:\\2\\d{3})*|\\d+)(?:([.,])(\\d{1,2}))?$`);
/** Twelve digits of baht already exceed any amount the server accepts; it keeps the sum a safe integer. */
const MAX_BAHT_DIGITS = 12;

/**
 * Satang from a typed amount in baht, or null when the text is not an amount. Thousands may be
 * grouped by spaces or commas (groups of three); the satang follow a point or a comma (one or
 * two digits: "1,5" is 1.50 baht, "1,500" is 1500 baht). A leading or trailing ฿ or THB is
 * allowed. Zero is an amount (0); negative numbers and three decimals are not.
 */
export function parseBahtInput(text: string): number | null {
  const cleaned = text
    .trim()
    .replace(/^฿\s*/u, '')
    .replace(/\s*(฿|thb|baht)$/iu, '')
    .trim();
  const m = AMOUNT.exec(cleaned);
  if (!m) return null;
  const [, whole, groupSeparator, decimalSeparator, fraction] = m;
  // "1,500,50": a comma cannot both group thousands and start the satang.
  if (groupSeparator && groupSeparator === decimalSeparator) return null;
  const digits = whole.replace(/\D/g, '');
  if (digits.replace(/^0+(?=\d)/, '').length > MAX_BAHT_DIGITS) return null;
  const baht = Number.parseInt(digits, 10);
  const satang = fraction ? Number.parseInt(fraction.padEnd(2, '0'), 10) : 0;
  return baht * 100 + satang;
}

/** An amount as staff would type it back: "1500", or "1500.50" when there are satang. */
export function bahtInputText(satang: number): string {
  const text = satangToDecimal(satang);
  return text.endsWith('.00') ? text.slice(0, -3) : text;
}
