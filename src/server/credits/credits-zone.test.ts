import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingPayload } from '../../../tests/helpers/factories';
import { addSessions, createTestOrder } from '../../../tests/helpers/pass-orders';
import { backends, createTestApp, type TestApp } from '../../../tests/helpers/test-app';

// Days are gym days: a 7-day pass starting Monday covers Monday to Sunday in Krabi whatever the
// process's zone (this file runs in Berlin's). A 06:00 session in Krabi is 23:00 UTC the day before.
const previousTz = process.env.TZ;

describe.each(backends)('a 7-day pass in gym days on %s (process in Berlin)', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    process.env.TZ = 'Europe/Berlin';
    t = await createTestApp(backend);
  });
  afterAll(async () => {
    await t?.close();
    if (previousTz === undefined) delete process.env.TZ;
    else process.env.TZ = previousTz;
  });

  it('covers Monday 06:00 to Saturday in Krabi, and not the next Monday 06:00', async () => {
    expect(new Date('2028-06-11T23:00:00.000Z').getDate()).toBe(12);
    const [mon, sat] = await addSessions(t.app.ctx.db, 'MMA Training', ['2028-06-12', '2028-06-17'], ['06:00'], t.config.timezone);
    const nextMon = { startsAt: '2028-06-18T23:00:00.000Z' };
    expect(mon.startsAt).toBe('2028-06-11T23:00:00.000Z');
    const o = await createTestOrder(t.app.ctx.db, {
      kind: 'days-unlimited',
      covers: 'mma',
      days: 7,
      credits: null,
      startDate: '2028-06-12',
      endDate: '2028-06-18',
    });
    const book = (dateTime: string) =>
      t.inject({ method: 'POST', url: '/api/reservations', payload: { ...bookingPayload({ course: 'MMA Training', dateTime }), passToken: o.token } });
    expect((await book(mon.startsAt)).statusCode).toBe(201);
    expect((await book(sat.startsAt)).statusCode).toBe(201);
    const after = await book(nextMon.startsAt);
    expect(after.statusCode).toBe(409);
    expect(after.json().code).toBe('pass_out_of_dates');
    const uses = await t.app.ctx.db.selectFrom('pass_uses').select(['session_date', 'slot_key']).where('order_id', '=', o.id).orderBy('id').execute();
    expect(uses).toEqual([
      { session_date: '2028-06-12', slot_key: '2028-06-12T06:00' },
      { session_date: '2028-06-17', slot_key: '2028-06-17T06:00' },
    ]);
  });
});
