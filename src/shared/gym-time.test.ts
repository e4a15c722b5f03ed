import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMinutesToTime,
  formatUtcOffset,
  instantToZoned,
  isIsoDate,
  isoWeekday,
  isWallTime,
  todayInZone,
  zoneLabel,
  zonedToInstant,
} from './gym-time';

const iso = (d: Date) => d.toISOString();

describe('zonedToInstant (wall clock in a zone → instant)', () => {
  it('Asia/Bangkok is UTC+7 all year', () => {
    expect(iso(zonedToInstant('2025-01-15', '08:00', 'Asia/Bangkok'))).toBe('2025-01-15T01:00:00.000Z');
    expect(iso(zonedToInstant('2025-07-15', '08:00', 'Asia/Bangkok'))).toBe('2025-07-15T01:00:00.000Z');
    // Early morning gym time is the previous UTC day.
    expect(iso(zonedToInstant('2025-03-01', '05:30', 'Asia/Bangkok'))).toBe('2025-02-28T22:30:00.000Z');
  });

  it('Europe/Berlin: winter +1, summer +2', () => {
    expect(iso(zonedToInstant('2025-01-15', '14:00', 'Europe/Berlin'))).toBe('2025-01-15T13:00:00.000Z');
    expect(iso(zonedToInstant('2025-07-15', '14:00', 'Europe/Berlin'))).toBe('2025-07-15T12:00:00.000Z');
  });

  it('Europe/Berlin spring forward (2025-03-30, 02:00 → 03:00): around and inside the gap', () => {
    expect(iso(zonedToInstant('2025-03-30', '01:59', 'Europe/Berlin'))).toBe('2025-03-30T00:59:00.000Z');
    expect(iso(zonedToInstant('2025-03-30', '03:00', 'Europe/Berlin'))).toBe('2025-03-30T01:00:00.000Z');
    // 02:30 does not exist that night: read with the offset before the change (= 03:30 CEST).
    expect(iso(zonedToInstant('2025-03-30', '02:30', 'Europe/Berlin'))).toBe('2025-03-30T01:30:00.000Z');
    expect(instantToZoned(zonedToInstant('2025-03-30', '02:30', 'Europe/Berlin'), 'Europe/Berlin').time).toBe('03:30');
    // The day is 23 hours long.
    const day = zonedToInstant('2025-03-31', '00:00', 'Europe/Berlin').getTime() - zonedToInstant('2025-03-30', '00:00', 'Europe/Berlin').getTime();
    expect(day).toBe(23 * 3_600_000);
  });

  it('Europe/Berlin fall back (2025-10-26, 03:00 → 02:00): a repeated time is its first occurrence', () => {
    expect(iso(zonedToInstant('2025-10-26', '01:30', 'Europe/Berlin'))).toBe('2025-10-25T23:30:00.000Z');
    expect(iso(zonedToInstant('2025-10-26', '02:30', 'Europe/Berlin'))).toBe('2025-10-26T00:30:00.000Z');
    expect(iso(zonedToInstant('2025-10-26', '03:00', 'Europe/Berlin'))).toBe('2025-10-26T02:00:00.000Z');
    const day = zonedToInstant('2025-10-27', '00:00', 'Europe/Berlin').getTime() - zonedToInstant('2025-10-26', '00:00', 'Europe/Berlin').getTime();
    expect(day).toBe(25 * 3_600_000);
  });

  it('America/New_York across both changes of 2025', () => {
    expect(iso(zonedToInstant('2025-03-08', '17:00', 'America/New_York'))).toBe('2025-03-08T22:00:00.000Z'); // EST
    expect(iso(zonedToInstant('2025-03-09', '17:00', 'America/New_York'))).toBe('2025-03-09T21:00:00.000Z'); // EDT
    expect(iso(zonedToInstant('2025-03-09', '02:15', 'America/New_York'))).toBe('2025-03-09T07:15:00.000Z'); // gap → 03:15 EDT
    expect(iso(zonedToInstant('2025-11-02', '01:30', 'America/New_York'))).toBe('2025-11-02T05:30:00.000Z'); // first 01:30 (EDT)
    expect(iso(zonedToInstant('2025-11-02', '08:00', 'America/New_York'))).toBe('2025-11-02T13:00:00.000Z'); // EST
  });

  it('refuses impossible dates and times', () => {
    expect(() => zonedToInstant('2025-02-29', '08:00', 'Asia/Bangkok')).toThrow(RangeError);
    expect(() => zonedToInstant('2025-02-28', '24:00', 'Asia/Bangkok')).toThrow(RangeError);
    expect(() => zonedToInstant('2025-02-28', '8:00', 'Asia/Bangkok')).toThrow(RangeError);
  });

  it('round-trips every existing wall time (property, several zones)', () => {
    const zones = ['Asia/Bangkok', 'Europe/Berlin', 'America/New_York', 'Asia/Kolkata', 'Australia/Lord_Howe'];
    fc.assert(
      fc.property(fc.constantFrom(...zones), fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2040, 0, 1) }), (zone, t) => {
        const minute = Math.floor(t / 60_000) * 60_000;
        const z = instantToZoned(minute, zone);
        const back = zonedToInstant(z.date, z.time, zone).getTime();
        // Equal, or the earlier occurrence of a repeated wall time (which maps to the same wall time).
        expect(back <= minute).toBe(true);
        expect(instantToZoned(back, zone)).toEqual(z);
      }),
      { numRuns: 500 },
    );
  });
});

describe('instantToZoned (instant → gym date, time, weekday)', () => {
  it('gives date, time and ISO weekday in the zone', () => {
    // 2025-06-01 is a Sunday in UTC at 18:00, Monday 01:00 in Bangkok.
    expect(instantToZoned('2025-06-01T18:00:00Z', 'Asia/Bangkok')).toEqual({ date: '2025-06-02', time: '01:00', weekday: 1 });
    expect(instantToZoned('2025-06-01T18:00:00Z', 'America/New_York')).toEqual({ date: '2025-06-01', time: '14:00', weekday: 7 });
    expect(instantToZoned(new Date('2025-10-26T00:30:00Z'), 'Europe/Berlin')).toEqual({ date: '2025-10-26', time: '02:30', weekday: 7 });
    expect(instantToZoned(new Date('2025-10-26T01:30:00Z'), 'Europe/Berlin')).toEqual({ date: '2025-10-26', time: '02:30', weekday: 7 });
  });

  it('midnight is 00:00, never 24:00', () => {
    expect(instantToZoned('2025-06-01T17:00:00Z', 'Asia/Bangkok')).toEqual({ date: '2025-06-02', time: '00:00', weekday: 1 });
  });
});

describe('calendar helpers', () => {
  it('todayInZone uses the zone, not the machine', () => {
    const now = new Date('2025-06-01T20:00:00Z');
    expect(todayInZone('Asia/Bangkok', now)).toBe('2025-06-02');
    expect(todayInZone('America/New_York', now)).toBe('2025-06-01');
  });

  it('addDays crosses months, years and leap days', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-02-28', 1)).toBe('2025-03-01');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('2025-01-01', -1)).toBe('2024-12-31');
    expect(addDays('2025-03-29', 2)).toBe('2025-03-31'); // a DST weekend changes nothing
  });

  it('isoWeekday: Monday 1 … Sunday 7', () => {
    expect(isoWeekday('2025-06-02')).toBe(1);
    expect(isoWeekday('2025-06-07')).toBe(6);
    expect(isoWeekday('2025-06-08')).toBe(7);
  });

  it('checks dates and times', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2025-02-29')).toBe(false);
    expect(isIsoDate('2025-13-01')).toBe(false);
    expect(isIsoDate('2025-1-01')).toBe(false);
    expect(isWallTime('08:00')).toBe(true);
    expect(isWallTime('23:59')).toBe(true);
    expect(isWallTime('24:00')).toBe(false);
    expect(isWallTime('8:00')).toBe(false);
    expect(addMinutesToTime('17:00', 60)).toBe('18:00');
    expect(addMinutesToTime('23:30', 60)).toBe('00:30');
  });
});

describe('zoneLabel', () => {
  it('names the town and the offset in force at the instant', () => {
    expect(zoneLabel('Asia/Bangkok', new Date('2025-01-15T00:00:00Z'))).toBe('Krabi time (UTC+7)');
    expect(zoneLabel('Asia/Bangkok', new Date('2025-07-15T00:00:00Z'))).toBe('Krabi time (UTC+7)');
    expect(zoneLabel('Europe/Berlin', new Date('2025-01-15T00:00:00Z'))).toBe('Berlin time (UTC+1)');
    expect(zoneLabel('Europe/Berlin', new Date('2025-07-15T00:00:00Z'))).toBe('Berlin time (UTC+2)');
    expect(zoneLabel('America/New_York', new Date('2025-01-15T00:00:00Z'))).toBe('New York time (UTC-5)');
    expect(zoneLabel('Asia/Kolkata', new Date('2025-01-15T00:00:00Z'))).toBe('India time (UTC+5:30)');
    expect(zoneLabel('UTC')).toBe('UTC');
  });

  it('formats offsets', () => {
    expect(formatUtcOffset(0)).toBe('UTC');
    expect(formatUtcOffset(7 * 3_600_000)).toBe('UTC+7');
    expect(formatUtcOffset(-(3 * 60 + 30) * 60_000)).toBe('UTC-3:30');
  });
});
