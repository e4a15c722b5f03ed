import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setGymTimeZone } from '../../lib/gym-zone';
import { formatDate, formatDateTime, formatGymDate, formatShortDateTime, gymClockTime, gymToday, gymZoneName, todayStamp, truncate } from './format';

// A gym west of UTC: there, 2030-03-04T00:00Z is still 3 March, which is exactly the shift a
// calendar date must not suffer. The browser runs elsewhere (Tokyo): times follow the gym's
// zone, never the browser's. Node applies a TZ change at once.
const previousTz = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'Asia/Tokyo';
  setGymTimeZone('America/New_York');
});
afterAll(() => {
  setGymTimeZone(null);
  if (previousTz === undefined) delete process.env.TZ;
  else process.env.TZ = previousTz;
});

const MIDNIGHT = '2030-03-04T00:00:00.000Z';
const AFTERNOON = '2030-03-04T14:30:00.000Z'; // 09:30 in New York

describe('dates: fr-FR in the back office, en-US on the conversation screens', () => {
  it('the browser of this test is really east of UTC', () => {
    expect(new Date(MIDNIGHT).getHours()).toBe(9);
  });

  it("shows a date and time in French by default, in the gym's time zone", () => {
    expect(formatDateTime(AFTERNOON)).toBe('4 mars 2030, 09:30');
    expect(formatDate(AFTERNOON)).toBe('4 mars 2030');
    expect(formatShortDateTime(AFTERNOON)).toBe('04/03/2030 09:30');
  });

  it('shows a date and time in English for the conversation screens', () => {
    expect(formatDateTime(AFTERNOON, 'en-US')).toMatch(/^Mar 4, 2030, 9:30\sAM$/);
    expect(formatDate(AFTERNOON, 'en-US')).toBe('March 4, 2030');
  });

  it('shows a UTC-midnight value as its date alone, without shifting a day', () => {
    expect(formatDateTime(MIDNIGHT)).toBe('4 mars 2030');
    expect(formatDate(MIDNIGHT)).toBe('4 mars 2030');
    expect(formatShortDateTime(MIDNIGHT)).toBe('04/03/2030');
    expect(formatDateTime(MIDNIGHT, 'en-US')).toBe('March 4, 2030');
    expect(formatShortDateTime(MIDNIGHT, 'en-US')).toBe('3/4/30');
  });

  it('keeps the time one millisecond after midnight', () => {
    expect(formatDateTime('2030-03-04T00:00:00.001Z')).toBe('3 mars 2030, 19:00');
  });

  it('follows the zone the server gave (GYM_TIMEZONE=Europe/Paris)', () => {
    setGymTimeZone('Europe/Paris');
    try {
      expect(formatDateTime(AFTERNOON)).toBe('4 mars 2030, 15:30');
      expect(formatShortDateTime('2030-03-04T23:30:00.000Z')).toBe('05/03/2030 00:30');
      expect(formatDate('2030-03-04T23:30:00.000Z')).toBe('5 mars 2030');
      expect(formatDateTime(MIDNIGHT)).toBe('4 mars 2030');
    } finally {
      setGymTimeZone('America/New_York');
    }
  });

  it('gives an empty text for a missing or invalid value', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatShortDateTime('not a date')).toBe('');
  });
});

describe('truncate and todayStamp', () => {
  it('cuts at n characters with an ellipsis, only when longer', () => {
    expect(truncate('A long message that is clearly longer', 30)).toBe('A long message that is clearly…');
    expect(truncate('short', 30)).toBe('short');
    expect(truncate(null, 30)).toBe('');
  });

  it('stamps today as YYYY-MM-DD in local time', () => {
    expect(todayStamp(new Date(2030, 0, 5, 23, 59))).toBe('2030-01-05');
  });
});

describe('gym time helpers of the desk and the planning', () => {
  it('names the gym zone in French with the offset in force', () => {
    expect(gymZoneName(new Date('2030-01-15T12:00:00Z'))).toBe('heure de New York (UTC-5)');
    expect(gymZoneName(new Date('2030-07-15T12:00:00Z'))).toBe('heure de New York (UTC-4)');
    setGymTimeZone('Asia/Bangkok');
    expect(gymZoneName()).toBe('heure de Krabi (UTC+7)');
    setGymTimeZone('UTC');
    expect(gymZoneName()).toBe('UTC');
    setGymTimeZone('America/New_York');
  });

  it('reads the clock time and today on the gym’s clock, not the browser’s (Tokyo)', () => {
    expect(gymClockTime(AFTERNOON)).toBe('09:30');
    // 02:00 UTC on 5 March: already the 5th in Tokyo, still the 4th in New York.
    expect(gymToday(new Date('2030-03-05T02:00:00Z'))).toBe('2030-03-04');
  });

  it('writes a gym date in words without shifting it', () => {
    expect(formatGymDate('2030-03-04')).toBe('lundi 4 mars 2030');
    expect(formatGymDate('2030-03-04', { year: false })).toBe('lundi 4 mars');
  });
});
