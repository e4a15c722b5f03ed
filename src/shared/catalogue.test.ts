import { describe, expect, it } from 'vitest';
import { passesFromSettings } from './catalogue';
import { DEFAULT_SITE_SETTINGS } from './site-settings-data';

describe('the pass catalogue from the price table', () => {
  it('gives the 14 passes of SPEC.md §9, 250 to 15,000 THB, in satang', () => {
    const passes = passesFromSettings(DEFAULT_SITE_SETTINGS);
    expect(passes).toHaveLength(14);
    expect(passes.map((p) => p.priceSatang)).toEqual([
      25_000, 40_000, 60_000, 100_000, 150_000, 250_000, 350_000, 500_000, 650_000, 800_000, 1_200_000, 1_500_000, 100_000, 150_000,
    ]);
    const week = passes.find((p) => p.id === 'week-single.muay-thai');
    expect(week).toMatchObject({ kind: 'days-single', days: 7, credits: 7, sessionsPerDay: 1, covers: 'muay-thai', depositSatang: 0, hidden: false });
    expect(passes.find((p) => p.id === 'month-unlimited.mma')).toMatchObject({ credits: null, sessionsPerDay: null, days: 30 });
  });

  it('applies the deposit to private classes and passes of 7 days or more only', () => {
    const s = { ...DEFAULT_SITE_SETTINGS, payments: { ...DEFAULT_SITE_SETTINGS.payments, deposit: { mode: 'percent' as const, value: 20 } } };
    const byId = new Map(passesFromSettings(s).map((p) => [p.id, p.depositSatang]));
    expect(byId.get('single.muay-thai')).toBe(0);
    expect(byId.get('day.mma')).toBe(0);
    expect(byId.get('week-single.muay-thai')).toBe(30_000);
    expect(byId.get('private.mma')).toBe(30_000);
  });

  it('names a pass in each language from the row’s translation', () => {
    const s = structuredClone(DEFAULT_SITE_SETTINGS);
    s.prices.rows[0].translations = { ru: '1 занятие' };
    const single = passesFromSettings(s)[0];
    expect(single.name.ru).toBe('1 занятие · Muay Thai');
    expect(single.name.de).toBe('1 session · Muay Thai');
  });

  it('sells no cell of a row or column the owner has not described, and marks hidden cells', () => {
    const s = structuredClone(DEFAULT_SITE_SETTINGS);
    s.prices.covers = ['muay-thai', null];
    s.prices.rows[1].pass = undefined;
    s.prices.rows[0].pass!.hidden = [true, false];
    const passes = passesFromSettings(s);
    expect(passes).toHaveLength(6);
    expect(passes[0]).toMatchObject({ id: 'single.muay-thai', hidden: true });
  });
});
