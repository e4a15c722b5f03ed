import { describe, expect, it } from 'vitest';
import { RESERVATION_STATUSES } from '../../shared/constants';
import { nextStatusOnOpen } from './reservations.service';

describe('nextStatusOnOpen', () => {
  it('reads an unread booking and leaves every other status as it is', () => {
    expect(nextStatusOnOpen('unread')).toBe('read');
    for (const s of RESERVATION_STATUSES.filter((s) => s !== 'unread')) expect(nextStatusOnOpen(s)).toBe(s);
  });
});
