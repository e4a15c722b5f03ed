import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingFor, customer } from '../helpers/factories';
import { createTestApp, PG_URL, type TestApp } from '../helpers/test-app';

// Issue 44 point 2: past a bounded number of public writes in progress, the next ones are
// answered 503 at once (Retry-After, `{ error, code: 'overloaded' }`) instead of waiting; reads go
// on; nothing acknowledged is lost and nothing refused is stored. On PostgreSQL, where bookings
// wait on the pool: a transaction of another client holds the seat counters, so the admitted
// bookings wait on it. (SQLite runs each statement on the request's own thread, synchronously:
// writes never wait in a queue there, so there is no queue to bound.)

const MAX = 3;
const SENT = 9;

describe('load shedding on postgres', () => {
  let t: TestApp;
  let locker: pg.Client | undefined;
  beforeAll(async () => {
    t = await createTestApp('postgres', {}, { MAX_PENDING_WRITES: String(MAX) });
  });
  afterAll(async () => {
    await locker?.end().catch(() => {});
    await t?.close();
  });

  it(`answers 503 overloaded at once past ${MAX} public writes in progress, serves reads, and loses nothing acknowledged`, async () => {
    expect(t.config.maxPendingWrites).toBe(MAX);
    locker = new pg.Client({ connectionString: PG_URL, options: `-c search_path=${t.config.databaseSchema}` });
    await locker.connect();
    await locker.query('begin');
    await locker.query('lock table seats in exclusive mode');

    const people = Array.from({ length: SENT }, () => customer());
    const sent = people.map((p) => t.inject({ method: 'POST', url: '/api/reservations', payload: bookingFor(p) }));
    // The refused ones answer while the admitted ones still wait on the lock.
    const settled = sent.map((p) => p.then((r) => ({ r, early: true })));
    const refusedEarly = await Promise.race([
      Promise.all(settled.slice(MAX)),
      new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 30_000)),
    ]);
    expect(refusedEarly, 'the writes past the bound answered without waiting for the lock').not.toBe('timeout');
    for (const { r } of refusedEarly as { r: Awaited<(typeof sent)[number]> }[]) {
      expect(r.statusCode, r.body).toBe(503);
      expect(r.headers['retry-after']).toBe('2');
      expect(r.json()).toEqual({ error: expect.stringMatching(/nothing was saved/), code: 'overloaded' });
    }

    // Reads are served meanwhile: a page and an API read.
    expect((await t.inject({ method: 'GET', url: '/api/sessions' })).statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: '/api/blog-posts' })).statusCode).toBe(200);

    await locker.query('rollback');
    const admitted = await Promise.all(sent.slice(0, MAX));
    for (const r of admitted) expect(r.statusCode, r.body).toBe(201);

    // Acknowledged bookings are stored; refused ones left nothing.
    const stored = await t.app.ctx.db.selectFrom('reservations').select('email').execute();
    const emails = new Set(stored.map((s) => s.email?.toLowerCase()));
    people.forEach((p, i) => expect(emails.has(p.email.toLowerCase()), `${i}`).toBe(i < MAX));

    // The queue is short again: the next booking goes through.
    const next = await t.inject({ method: 'POST', url: '/api/reservations', payload: bookingFor(customer()) });
    expect(next.statusCode, next.body).toBe(201);
  }, 60_000);
});
