import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { RESERVATION_STATUSES, type ReservationStatus } from '../../shared/constants';
import { nowIso } from '../db/database';
import * as repo from './reservations.repository';
import { markRead, nextStatusOnOpen } from './booking-admin.service';

describe('nextStatusOnOpen', () => {
  it('reads an unread booking and leaves every other status as it is', () => {
    expect(nextStatusOnOpen('unread')).toBe('read');
    for (const s of RESERVATION_STATUSES.filter((s) => s !== 'unread')) expect(nextStatusOnOpen(s)).toBe(s);
  });
});

describe.each(backends)('marking a booking read on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t?.close());

  const insert = (status: ReservationStatus) =>
    t.app.ctx.db
      .insertInto('reservations')
      .values({ name: 'N', email: null, phone: '+1', course: 'MMA', date_time: nowIso(), message: null, status, created_at: nowIso() })
      .returning('id')
      .executeTakeFirstOrThrow();

  it('writes with compare-and-set: a status changed meanwhile is kept', async () => {
    const { id } = await insert('unread');
    // Another request archived the booking after this one read it as unread.
    await repo.setStatus(t.app.ctx.db, id, 'archived');
    expect(await repo.changeStatusIf(t.app.ctx.db, id, 'unread', nextStatusOnOpen('unread'))).toBeUndefined();
    expect((await repo.findReservation(t.app.ctx.db, id))!.status).toBe('archived');
    // Through the service: the row as it is now.
    expect((await markRead(t.app.ctx, id)).status).toBe('archived');
  });

  it('reads an unread booking and leaves a cancelled one cancelled', async () => {
    const unread = await insert('unread');
    expect((await markRead(t.app.ctx, unread.id)).status).toBe('read');
    const cancelled = await insert('cancelled');
    expect((await markRead(t.app.ctx, cancelled.id)).status).toBe('cancelled');
  });
});
