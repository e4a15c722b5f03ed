import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingPayload, type BookingPayload } from '../../../tests/helpers/factories';
import { addSessions, createTestOrder, type TestOrder } from '../../../tests/helpers/pass-orders';
import { backends, createTestApp, type Backend, type TestApp } from '../../../tests/helpers/test-app';
import { HttpError } from '../errors';
import { batchStats, writeBooking } from './booking-create.service';

// Issue 34 point 7: one function (writeBooking) holds the booking rules. A SQLite batch only calls
// it for each booking in one transaction; PostgreSQL calls it in one transaction per booking.
// So the same requests sent at once (a batch on SQLite) or one by one must leave exactly the same
// rows, e-mails, pass uses, seat counters and keys, on both databases; and a refused booking in
// a batch must leave nothing of itself.

const MON = '2028-06-12';
const TUE = '2028-06-13';
const WED = '2028-06-14';

interface World {
  t: TestApp;
  pass: TestOrder;
  /** MON 06:00, MON 06:30 (one place, taken), TUE 06:00, WED 06:00. */
  at: { mon: string; monFull: string; tue: string; wed: string };
  kimId: number;
}

type Req = { payload: BookingPayload & { passToken?: string }; key?: string };

const plain = (name: string, dateTime: string): BookingPayload =>
  bookingPayload({ name, email: `${name.toLowerCase()}@example.com`, course: 'MMA Training', dateTime });

/** The same timetable, pass and earlier bookings in a fresh app: ids and counters start alike. */
async function world(backend: Backend): Promise<World> {
  const t = await createTestApp(backend);
  const db = t.app.ctx.db;
  const s = await addSessions(db, 'MMA Training', [MON, TUE, WED], ['06:00', '06:30'], t.config.timezone);
  const startsAt = (date: string, time: string) => s.find((x) => x.date === date && x.time === time)!.startsAt;
  const at = { mon: startsAt(MON, '06:00'), monFull: startsAt(MON, '06:30'), tue: startsAt(TUE, '06:00'), wed: startsAt(WED, '06:00') };
  const full = await db.selectFrom('weekly_sessions').select('id').where('weekday', '=', 1).where('start_time', '=', '06:30').executeTakeFirstOrThrow();
  await db.updateTable('weekly_sessions').set({ capacity: 1 }).where('id', '=', full.id).execute();
  // A one-a-day pass with a credit to spare (refusals then never depend on the order), used on Wednesday.
  const pass = await createTestOrder(db, {
    kind: 'days-single',
    covers: 'mma',
    days: 3,
    credits: 4,
    startDate: MON,
    endDate: WED,
    name: 'Pat Holder',
    email: 'pat@example.com',
  });
  const earlier: Req[] = [
    { payload: { ...plain('Pat', at.wed), email: pass.email, passToken: pass.token } },
    { payload: plain('First', at.monFull) },
    { payload: plain('Kim', at.mon), key: 'key-kim' },
  ];
  const answers = await sendOneByOne(t, earlier);
  for (const a of answers) expect(a.status, JSON.stringify(a)).toBe(201);
  return { t, pass, at, kimId: answers[2].id! };
}

interface Answer {
  status: number;
  code?: string;
  id?: number;
  name?: string;
  replayed: boolean;
  creditsLeft?: number | null;
}

async function send(t: TestApp, r: Req): Promise<Answer> {
  const res = await t.inject({ method: 'POST', url: '/api/reservations', headers: r.key ? { 'idempotency-key': r.key } : {}, payload: r.payload });
  const body = res.json();
  return {
    status: res.statusCode,
    code: body.code,
    id: body.id,
    name: body.name,
    replayed: res.headers['idempotent-replayed'] === 'true',
    creditsLeft: body.creditsLeft,
  };
}

async function sendOneByOne(t: TestApp, reqs: Req[]): Promise<Answer[]> {
  const out: Answer[] = [];
  for (const r of reqs) out.push(await send(t, r));
  return out;
}

/** Everything a booking writes, without ids or random tokens (the two apps' must be equal). */
async function snapshot(t: TestApp) {
  const db = t.app.ctx.db;
  const customers = new Map((await db.selectFrom('customers').select(['id', 'email']).execute()).map((c) => [c.id, c.email]));
  const rows = await db.selectFrom('reservations').selectAll().execute();
  const nameOf = new Map(rows.map((r) => [r.id, r.name]));
  const outbox = await db.selectFrom('outbox').select(['to_address', 'reservation_id']).execute();
  const uses = await db.selectFrom('pass_uses').selectAll().execute();
  const seats = await db.selectFrom('seats').selectAll().execute();
  const keys = await db.selectFrom('idempotency_keys').select(['key', 'status_code', 'request_hash']).execute();
  return {
    reservations: rows
      .map((r) => [r.name, r.course, r.date_time, r.status, r.session_date, customers.get(r.customer_id ?? -1) ?? null, r.manage_token_hash != null].join('|'))
      .sort(),
    customers: customers.size,
    outbox: outbox.map((o) => `${o.to_address}|${nameOf.get(o.reservation_id ?? -1) ?? '-'}`).sort(),
    uses: uses.map((u) => [nameOf.get(u.reservation_id), u.order_id, u.session_date, u.day_key, u.slot_key, u.returned_at].join('|')).sort(),
    seats: seats.map((s) => `${s.weekly_session_id}|${s.session_date}|${s.taken}`).sort(),
    keys: keys.map((k) => `${k.key}|${k.status_code}|${k.request_hash}`).sort(),
  };
}

describe.each(backends)('one booking writer on %s', (backend) => {
  let batched: World;
  let alone: World;
  let together: Answer[];
  let oneByOne: Answer[];
  let commits: number;
  /** The batched lot's e-mails queued through ctx.mail.enqueue (the one way), and the outbox rows it added. */
  let enqueued: number;
  let outboxAdded: number;

  /**
   * A mixed lot: a key sent twice (one booking), a pass booking, a full class with a key, a key
   * replayed from earlier and one reused for another booking, a plain booking, a pass booking
   * on a day the pass already holds, another pass booking.
   */
  const lot = (w: World): Req[] => [
    { payload: plain('Ana', w.at.mon), key: 'key-ana' },
    { payload: plain('Ana', w.at.mon), key: 'key-ana' },
    { payload: { ...plain('Pat', w.at.mon), email: w.pass.email, passToken: w.pass.token } },
    { payload: plain('Full', w.at.monFull), key: 'key-full' },
    { payload: plain('Kim', w.at.mon), key: 'key-kim' },
    { payload: plain('Kimberly', w.at.mon), key: 'key-kim' },
    { payload: plain('Bo', w.at.tue) },
    { payload: { ...plain('Pat', w.at.wed), email: w.pass.email, passToken: w.pass.token } },
    { payload: { ...plain('Pat', w.at.tue), email: w.pass.email, passToken: w.pass.token } },
  ];

  beforeAll(async () => {
    [batched, alone] = await Promise.all([world(backend), world(backend)]);
    const ctx = batched.t.app.ctx;
    const outboxRows = async () => (await ctx.db.selectFrom('outbox').select('id').execute()).length;
    const enqueue = ctx.mail.enqueue.bind(ctx.mail);
    enqueued = 0;
    ctx.mail.enqueue = (db, mail) => ((enqueued += 1), enqueue(db, mail));
    const before = batchStats(ctx).commits;
    const outboxBefore = await outboxRows();
    together = await Promise.all(lot(batched).map((r) => send(batched.t, r)));
    commits = batchStats(ctx).commits - before;
    outboxAdded = (await outboxRows()) - outboxBefore;
    ctx.mail.enqueue = enqueue;
    oneByOne = await sendOneByOne(alone.t, lot(alone));
  });
  afterAll(async () => {
    await batched?.t.close();
    await alone?.t.close();
  });

  it('answers each request as it would alone: the refusals and replays in their places', () => {
    const shape = (a: Answer[]) => a.map((x) => [x.status, x.code, x.name].filter((p) => p != null).join(' '));
    const expected = ['201 Ana', '201 Ana', '201 Pat', '409 slot_full', '201 Kim', '422 idempotency_key_reused', '201 Bo', '409 pass_day_used', '201 Pat'];
    expect(shape(oneByOne)).toEqual(expected);
    expect(shape(together)).toEqual(expected);
    for (const answers of [together, oneByOne]) {
      // The key sent twice booked once; the earlier key replays the earlier booking.
      expect(answers[0].id).toBe(answers[1].id);
      expect([answers[0].replayed, answers[1].replayed].sort()).toEqual([false, true]);
      expect(answers[4].replayed).toBe(true);
    }
    expect(together[4].id).toBe(batched.kimId);
    // Each pass booking counted the other's credit, whatever their order in the batch.
    expect([together[2].creditsLeft, together[8].creditsLeft].sort()).toEqual([1, 2]);
    if (backend === 'sqlite') expect(commits).toBeLessThanOrEqual(3);
  });

  it('queues every e-mail of the batch the one way (ctx.mail.enqueue), none written around it', () => {
    expect(outboxAdded).toBe(4);
    // SQLite: a batch with a refusal is written twice (the first try, without savepoints, rolled back).
    if (backend === 'sqlite') expect(enqueued).toBeGreaterThanOrEqual(outboxAdded);
    else expect(enqueued).toBe(outboxAdded);
  });

  it('leaves exactly the rows, e-mails, pass uses, seat counters and keys the same requests leave one by one', async () => {
    const a = await snapshot(batched.t);
    const b = await snapshot(alone.t);
    expect(a).toEqual(b);
    // And they are what the rules say: 3 earlier bookings + Ana, Pat (Monday), Bo, Pat (Tuesday).
    expect(a.reservations).toHaveLength(7);
    expect(a.uses).toHaveLength(3);
    expect(a.outbox.filter((o) => o.startsWith('full@'))).toEqual([]);
  });

  it('a refused booking of a batch leaves nothing: no row, seat, e-mail or key; its key books once a place frees', async () => {
    const db = batched.t.app.ctx.db;
    expect(await db.selectFrom('reservations').select('id').where('name', '=', 'Full').execute()).toEqual([]);
    expect(await db.selectFrom('idempotency_keys').select('key').where('key', '=', 'key-full').execute()).toEqual([]);
    const seats = await db.selectFrom('seats').select('taken').where('session_date', '=', MON).execute();
    expect(seats.map((s) => Number(s.taken)).sort()).toEqual([1, 3]);
    // A key left claimed would answer 409 idempotency_key_busy here.
    await db.updateTable('weekly_sessions').set({ capacity: 2 }).where('weekday', '=', 1).where('start_time', '=', '06:30').execute();
    const retry = await send(batched.t, { payload: plain('Full', batched.at.monFull), key: 'key-full' });
    expect(retry).toMatchObject({ status: 201, name: 'Full', replayed: false });
  });

  it('writeBooking books inside a caller’s own transaction, and nothing stays when that transaction rolls back', async () => {
    const { t, at } = batched;
    const db = t.app.ctx.db;
    const seatsTue = async () => Number((await db.selectFrom('seats').select('taken').where('session_date', '=', TUE).executeTakeFirst())?.taken ?? 0);
    const before = await seatsTue();
    await expect(
      db.transaction().execute(async (trx) => {
        await writeBooking(t.app.ctx, trx, { payload: { ...plain('Undone', at.tue), language: 'en' }, idempotencyKey: 'key-undone' });
        throw new Error('the caller changed its mind');
      }),
    ).rejects.toThrow('the caller changed its mind');
    expect(await seatsTue()).toBe(before);
    expect(await db.selectFrom('reservations').select('id').where('name', '=', 'Undone').execute()).toEqual([]);
    expect(await db.selectFrom('outbox').select('id').where('to_address', '=', 'undone@example.com').execute()).toEqual([]);
    expect(await db.selectFrom('idempotency_keys').select('key').where('key', '=', 'key-undone').execute()).toEqual([]);

    const r = await db.transaction().execute((trx) => writeBooking(t.app.ctx, trx, { payload: { ...plain('Kept', at.tue), language: 'en' } }));
    expect(r.replayed).toBe(false);
    expect(await seatsTue()).toBe(before + 1);
    expect(await db.selectFrom('outbox').select('id').where('reservation_id', '=', r.row.id).execute()).toHaveLength(1);
    // Its refusals are the route's: a full class is an HttpError the caller can answer with.
    const full = db.transaction().execute((trx) => writeBooking(t.app.ctx, trx, { payload: { ...plain('Late', at.monFull), language: 'en' } }));
    await expect(full).rejects.toBeInstanceOf(HttpError);
    await expect(full).rejects.toMatchObject({ code: 'slot_full' });
  });
});
