import { describe, expect, it } from 'vitest';
import { stayPriceSatang } from './stay-price';

const rates = { nightlyPriceSatang: 100_000, weeklyPriceSatang: 600_000, monthlyPriceSatang: 2_000_000 };

describe('the price of a stay', () => {
  it('charges the nightly rate for stays shorter than a week', () => {
    expect(stayPriceSatang(1, rates)).toBe(100_000);
    expect(stayPriceSatang(5, rates)).toBe(500_000);
  });

  it('charges the weekly rate for a week, plus nights for what is left', () => {
    expect(stayPriceSatang(7, rates)).toBe(600_000);
    expect(stayPriceSatang(8, rates)).toBe(700_000);
    expect(stayPriceSatang(14, rates)).toBe(1_200_000);
  });

  it('charges the monthly rate for 30 nights, and combines: 37 nights = 1 month + 1 week', () => {
    expect(stayPriceSatang(30, rates)).toBe(2_000_000);
    expect(stayPriceSatang(37, rates)).toBe(2_600_000);
    expect(stayPriceSatang(38, rates)).toBe(2_700_000);
  });

  it('never makes a longer stay cheaper than a shorter one: a week or a month covers fewer nights when cheaper', () => {
    // 6 nights at 100,000 = 600,000, the weekly price: either way the same.
    expect(stayPriceSatang(6, rates)).toBe(600_000);
    // 28 nights: 4 weeks = 2,400,000, but a month (2,000,000) is cheaper.
    expect(stayPriceSatang(28, rates)).toBe(2_000_000);
    let last = 0;
    for (let n = 1; n <= 180; n++) {
      const p = stayPriceSatang(n, rates);
      expect(p).toBeGreaterThanOrEqual(last);
      last = p;
    }
  });

  it('uses only the rates the room type has', () => {
    expect(stayPriceSatang(37, { ...rates, weeklyPriceSatang: null })).toBe(2_700_000);
    expect(stayPriceSatang(37, { ...rates, monthlyPriceSatang: null })).toBe(3_200_000);
    expect(stayPriceSatang(37, { ...rates, weeklyPriceSatang: null, monthlyPriceSatang: null })).toBe(3_700_000);
  });

  it('never charges a rate above the nights it replaces', () => {
    // A weekly price higher than 7 nights is ignored.
    expect(stayPriceSatang(7, { nightlyPriceSatang: 100_000, weeklyPriceSatang: 900_000, monthlyPriceSatang: null })).toBe(700_000);
  });
});
