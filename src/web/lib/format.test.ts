import { afterEach, describe, expect, it } from 'vitest';
import { formatDate } from './format';
import { GYM_ZONE_ATTRIBUTE, gymTimeZone, setGymTimeZone } from './gym-zone';

// 23:30 UTC on 4 March: already 5 March in Paris, still 4 March in New York.
const LATE = '2030-03-04T23:30:00.000Z';

afterEach(() => {
  setGymTimeZone(null);
  delete (globalThis as { document?: unknown }).document;
});

describe("public dates follow the gym's time zone from the server", () => {
  it('prints the day in the zone given (GYM_TIMEZONE=Europe/Paris)', () => {
    setGymTimeZone('Europe/Paris');
    expect(formatDate(LATE)).toBe('March 5, 2030');
  });

  it('prints another day for a gym west of UTC', () => {
    setGymTimeZone('America/New_York');
    expect(formatDate(LATE)).toBe('March 4, 2030');
  });

  it("reads the zone from the page's <html> attribute in the browser", () => {
    const html = new Map([[GYM_ZONE_ATTRIBUTE, 'Europe/Paris']]);
    (globalThis as { document?: unknown }).document = { documentElement: { getAttribute: (name: string) => html.get(name) ?? null } };
    expect(gymTimeZone()).toBe('Europe/Paris');
    html.set(GYM_ZONE_ATTRIBUTE, 'America/New_York');
    expect(formatDate(LATE)).toBe('March 4, 2030');
  });

  it('falls back to UTC without a zone, or with one Intl does not know', () => {
    expect(gymTimeZone()).toBe('UTC');
    setGymTimeZone('Mars/Olympus_Mons');
    expect(gymTimeZone()).toBe('UTC');
    expect(formatDate(LATE)).toBe('March 4, 2030');
  });

  it('gives an empty text for a missing or invalid value', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});
