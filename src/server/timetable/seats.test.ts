import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { findSessionAt, listSessions, releaseSeat, takeSeat } from './timetable.service';

const MONDAY = '2030-06-03';
const ZONE = 'Asia/Bangkok';

describe.each(backends)('seats and the booking flow entry points on %s', (backend) => {
  let t: TestApp;
  const db = () => t.app.ctx.db;
  const sessionId = async (course: string, weekday: number, time: string) =>
    (
      await db()
        .selectFrom('weekly_sessions as ws')
        .innerJoin('classes as c', 'c.id', 'ws.class_id')
        .select('ws.id')
        .where('c.name', '=', course)
        .where('ws.weekday', '=', weekday)
        .where('ws.start_time', '=', time)
        .executeTakeFirstOrThrow()
    ).id;
  const taken = async (id: number, date: string) =>
    Number(
      (await db().selectFrom('seats').select('taken').where('weekly_session_id', '=', id).where('session_date', '=', date).executeTakeFirst())?.taken ?? 0,
    );

  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('never gives one seat too many: capacity + 25 concurrent transactions, exactly capacity succeed', async () => {
    const capacity = 10;
    const id = await sessionId('MMA Training', 1, '17:00');
    const attempts = Array.from({ length: capacity + 25 }, () =>
      db()
        .transaction()
        .execute(async (trx) => {
          const ok = await takeSeat(trx, id, MONDAY, capacity);
          // Hold the transaction open a moment so the others overlap with it (PostgreSQL pool).
          if (backend === 'postgres') await sql`select pg_sleep(0.01)`.execute(trx);
          return ok;
        }),
    );
    const results = await Promise.all(attempts);
    expect(results.filter(Boolean)).toHaveLength(capacity);
    expect(await taken(id, MONDAY)).toBe(capacity);
    // Full stays full; another date of the same session is its own counter.
    expect(
      await db()
        .transaction()
        .execute((trx) => takeSeat(trx, id, MONDAY, capacity)),
    ).toBe(false);
    expect(
      await db()
        .transaction()
        .execute((trx) => takeSeat(trx, id, '2030-06-10', capacity)),
    ).toBe(true);
  });

  it('a seat taken in a transaction that rolls back is not taken', async () => {
    const id = await sessionId('Wrestling', 2, '10:00');
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          expect(await takeSeat(trx, id, '2030-06-04', 5)).toBe(true);
          throw new Error('booking failed later');
        }),
    ).rejects.toThrow('booking failed later');
    expect(await taken(id, '2030-06-04')).toBe(0);
  });

  it('releaseSeat gives a seat back and never goes below zero', async () => {
    const id = await sessionId('Luta Livre', 3, '16:00');
    const date = '2030-06-05';
    expect(await releaseSeat(db(), id, date)).toBe(false); // no counter yet
    await db()
      .transaction()
      .execute((trx) => takeSeat(trx, id, date, 1));
    expect(
      await db()
        .transaction()
        .execute((trx) => takeSeat(trx, id, date, 1)),
    ).toBe(false);
    expect(await releaseSeat(db(), id, date)).toBe(true);
    expect(await releaseSeat(db(), id, date)).toBe(false);
    expect(await taken(id, date)).toBe(0);
    expect(
      await db()
        .transaction()
        .execute((trx) => takeSeat(trx, id, date, 1)),
    ).toBe(true);
  });

  it('concurrent takes and releases keep the count exact', async () => {
    const id = await sessionId('Muay Thai All Levels', 4, '14:00');
    const date = '2030-06-06';
    await Promise.all(
      Array.from({ length: 8 }, () =>
        db()
          .transaction()
          .execute((trx) => takeSeat(trx, id, date, 100)),
      ),
    );
    await Promise.all([
      ...Array.from({ length: 5 }, () =>
        db()
          .transaction()
          .execute((trx) => releaseSeat(trx, id, date)),
      ),
      ...Array.from({ length: 5 }, () =>
        db()
          .transaction()
          .execute((trx) => takeSeat(trx, id, date, 100)),
      ),
    ]);
    expect(await taken(id, date)).toBe(8);
  });

  it('findSessionAt: the occurrence whose class and start match, in gym time', async () => {
    const id = await sessionId('Muay Thai Beginner', 1, '08:00');
    const found = await findSessionAt(db(), 'Muay Thai Beginner', '2030-06-03T01:00:00.000Z', ZONE);
    expect(found).toMatchObject({
      kind: 'session',
      weeklySessionId: id,
      date: MONDAY,
      time: '08:00',
      capacity: 20,
      course: 'Muay Thai Beginner',
      cancelled: false,
      closed: false,
    });
    if (found?.kind !== 'session') throw new Error('expected a session');
    expect(found.startsAt.toISOString()).toBe('2030-06-03T01:00:00.000Z');
    // The same instant written with the gym's offset.
    expect(await findSessionAt(db(), 'Muay Thai Beginner', new Date('2030-06-03T08:00:00+07:00'), ZONE)).toMatchObject({ weeklySessionId: id });

    // A minute off, another class at that time, a Sunday, an unknown course: nothing.
    expect(await findSessionAt(db(), 'Muay Thai Beginner', '2030-06-03T01:01:00.000Z', ZONE)).toBeNull();
    expect(await findSessionAt(db(), 'Muay Thai Beginner', '2030-06-03T01:00:30.000Z', ZONE)).toBeNull();
    expect(await findSessionAt(db(), 'Wrestling', '2030-06-03T01:00:00.000Z', ZONE)).toBeNull();
    expect(await findSessionAt(db(), 'Muay Thai Beginner', '2030-06-09T01:00:00.000Z', ZONE)).toBeNull();
    expect(await findSessionAt(db(), 'Boxing', '2030-06-03T01:00:00.000Z', ZONE)).toBeNull();
    expect(await findSessionAt(db(), 'Muay Thai Beginner', 'not a date', ZONE)).toBeNull();
    // The zone decides: 08:00 in Berlin (summer, UTC+2) is 06:00 UTC.
    expect(await findSessionAt(db(), 'Muay Thai Beginner', '2030-06-03T06:00:00.000Z', 'Europe/Berlin')).toMatchObject({ weeklySessionId: id, date: MONDAY });

    // By appointment: the class, whatever the time.
    expect(await findSessionAt(db(), 'Private Training', '2030-06-09T03:17:00.000Z', ZONE)).toMatchObject({ kind: 'appointment', course: 'Private Training' });

    // Cancelled and closed occurrences are found, and say so.
    await db()
      .insertInto('session_cancellations')
      .values({ weekly_session_id: id, session_date: MONDAY, reason: null, created_at: new Date().toISOString() })
      .execute();
    await db()
      .insertInto('closures')
      .values({ start_date: '2030-06-10', end_date: '2030-06-10', reason: null, created_at: new Date().toISOString() })
      .execute();
    expect(await findSessionAt(db(), 'Muay Thai Beginner', '2030-06-03T01:00:00.000Z', ZONE)).toMatchObject({ cancelled: true, closed: false });
    expect(await findSessionAt(db(), 'Muay Thai Beginner', '2030-06-10T01:00:00.000Z', ZONE)).toMatchObject({ cancelled: false, closed: true });
    // Taken seats come along.
    await db()
      .transaction()
      .execute((trx) => takeSeat(trx, id, '2030-06-17', 20));
    expect(await findSessionAt(db(), 'Muay Thai Beginner', '2030-06-17T01:00:00.000Z', ZONE)).toMatchObject({ taken: 1 });

    // An inactive class or session is not bookable.
    await db().updateTable('weekly_sessions').set({ active: 0 }).where('id', '=', id).execute();
    expect(await findSessionAt(db(), 'Muay Thai Beginner', '2030-06-24T01:00:00.000Z', ZONE)).toBeNull();
    await db().updateTable('weekly_sessions').set({ active: 1 }).where('id', '=', id).execute();
    await db().updateTable('classes').set({ active: 0 }).where('name', '=', 'Private Training').execute();
    expect(await findSessionAt(db(), 'Private Training', '2030-06-09T03:17:00.000Z', ZONE)).toBeNull();
    await db().updateTable('classes').set({ active: 1 }).where('name', '=', 'Private Training').execute();
  });

  it('listSessions leaves out what already started, the start instant included', async () => {
    const day = '2030-07-01'; // a Monday
    // 09:00 gym time exactly: the 08:00 and 09:00 classes have started.
    const atNine = await listSessions(t.app.ctx, { from: day, days: 1 }, new Date('2030-07-01T02:00:00.000Z'));
    expect(atNine.occurrences.map((o) => o.time)).toEqual(['10:00', '14:00', '15:00', '16:00', '17:00']);
    const late = await listSessions(t.app.ctx, { from: day, days: 1 }, new Date('2030-07-01T10:00:01.000Z'));
    expect(late.occurrences).toEqual([]);
    // The default start is the gym's today, not the machine's: 23:30 UTC on Sunday is Monday in Krabi.
    const sundayNightUtc = await listSessions(t.app.ctx, {}, new Date('2030-06-30T23:30:00.000Z'));
    expect(sundayNightUtc.from).toBe(day);
    expect(sundayNightUtc.occurrences[0]).toMatchObject({ date: day, time: '08:00' });
  });
});
