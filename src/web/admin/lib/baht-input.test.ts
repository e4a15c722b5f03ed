import { describe, expect, it } from 'vitest';
import { formatThb } from '../../../shared/money';
import { bahtInputText, parseBahtInput } from './baht-input';

describe('parseBahtInput (what staff type in baht, to satang)', () => {
  it.each([
    ['1500', 150_000],
    ['1 500', 150_000],
    ['1\u00A0500', 150_000],
    ['1\u202F500', 150_000],
    ['1,500', 150_000],
    ['15 000', 1_500_000],
    ['1 500 000', 150_000_000],
    ['1500.50', 150_050],
    ['1500,50', 150_050],
    ['1 500,50', 150_050],
    ['1,500.50', 150_050],
    ['1500.5', 150_050],
    ['1,5', 150],
    ['0.01', 1],
    ['0', 0],
    ['  250  ', 25_000],
    ['฿1,500', 150_000],
    ['1500 THB', 150_000],
    ['1500 baht', 150_000],
    ['007', 700],
  ])('%j is %i satang', (text, satang) => {
    expect(parseBahtInput(text)).toBe(satang);
  });

  it('keeps satang exact where float arithmetic would not (1500.10, 0.29, 1.15)', () => {
    // 1500.1 * 100 = 150010.00000000003 and 0.29 * 100 = 28.999999999999996 in floating point.
    expect(parseBahtInput('1500.10')).toBe(150_010);
    expect(parseBahtInput('0.29')).toBe(29);
    expect(parseBahtInput('1.15')).toBe(115);
    expect(parseBahtInput('4.35')).toBe(435);
  });

  it.each([
    '',
    '   ',
    'abc',
    '-100',
    '+100',
    '1500.505',
    '1.500',
    '1500.',
    '.50',
    '15 00',
    '1,50,000',
    '1,500,50',
    '1 500,000',
    '1e3',
    '0x10',
    'Infinity',
    '1 500 baht extra',
    '1234567890123',
  ])('%j is not an amount', (text) => {
    expect(parseBahtInput(text)).toBeNull();
  });

  it('stays a safe integer at the largest accepted size', () => {
    const v = parseBahtInput('999999999999.99');
    expect(v).toBe(99_999_999_999_999);
    expect(Number.isSafeInteger(v)).toBe(true);
  });

  it('reads back what formatThb writes in French and in English', () => {
    for (const satang of [25_000, 150_000, 150_050, 1_500_000]) {
      expect(parseBahtInput(formatThb(satang, 'fr'))).toBe(satang);
      expect(parseBahtInput(formatThb(satang, 'en'))).toBe(satang);
    }
  });
});

describe('bahtInputText', () => {
  it('writes whole baht without decimals and keeps satang otherwise, and parses back', () => {
    expect(bahtInputText(150_000)).toBe('1500');
    expect(bahtInputText(150_050)).toBe('1500.50');
    expect(bahtInputText(5)).toBe('0.05');
    for (const satang of [0, 1, 99, 100, 150_050, 1_500_000]) expect(parseBahtInput(bahtInputText(satang))).toBe(satang);
  });
});
