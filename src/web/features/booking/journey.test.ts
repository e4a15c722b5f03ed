import { describe, expect, it } from 'vitest';
import { journeySearch, readJourney } from './journey';

// The booking journey's address (decision 162): what it reads, what it falls back to, and the
// addresses it writes read back the same.

describe('readJourney', () => {
  it('starts at "what" with no choice, and at "when" once a kind is chosen', () => {
    expect(readJourney('')).toMatchObject({ what: null, step: 'what' });
    expect(readJourney('?what=pass')).toMatchObject({ what: 'pass', step: 'when' });
    expect(readJourney('?what=class&step=what')).toMatchObject({ what: 'class', step: 'when' });
  });

  it('falls back to the first step on values it does not know', () => {
    expect(readJourney('?what=spa&step=pay')).toMatchObject({ what: null, step: 'what' });
    expect(readJourney('?what=stay&step=later')).toMatchObject({ what: 'stay', step: 'when' });
  });

  it('keeps a stay on "when" until its dates and room are chosen; bad dates and counts are dropped', () => {
    expect(readJourney('?what=stay&step=pay&checkIn=2026-12-01&checkOut=2026-12-08')).toMatchObject({ step: 'when', room: null });
    expect(readJourney('?what=stay&step=who&checkIn=2026-12-01&checkOut=2026-12-08&guests=2&room=4')).toEqual({
      what: 'stay',
      step: 'who',
      checkIn: '2026-12-01',
      checkOut: '2026-12-08',
      guests: 2,
      room: 4,
    });
    expect(readJourney('?what=stay&checkIn=1%2F12&guests=0&room=-3')).toMatchObject({ checkIn: '', guests: 1, room: null });
  });
});

describe('journeySearch', () => {
  it('writes an address that reads back the same journey', () => {
    const j = readJourney('?what=stay&step=who&checkIn=2026-12-01&checkOut=2026-12-08&guests=2&room=4');
    expect(journeySearch(j, { step: 'pay' })).toBe('?what=stay&step=pay&checkIn=2026-12-01&checkOut=2026-12-08&guests=2&room=4');
    expect(readJourney(journeySearch(j, { step: 'pay' }))).toEqual({ ...j, step: 'pay' });
  });

  it('writes no stay fields for other kinds, and nothing for the first step', () => {
    expect(journeySearch({ what: 'pass', step: 'when', checkIn: '2026-12-01' })).toBe('?what=pass&step=when');
    expect(journeySearch({ what: null, step: 'what' })).toBe('');
  });
});
