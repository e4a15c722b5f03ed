import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeHeader, startSmtpPeer, waitUntil, type SmtpPeer } from '../../../tests/helpers/smtp-peer';
import { backends, createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { FAST_MAIL, bookingPayload } from '../../../tests/helpers/factories';
import { sql } from 'kysely';
import { simpleParser } from 'mailparser';
import { parseCalendar } from '../../../tests/helpers/calendar';
import { breakOutbox, repairOutbox } from '../mail/delivery/outbox-test-utils';
import { batchStats } from './booking-create.service';

const ODD_IDS = ['abc', '0', '-1', '1.5', '99999999999', '1e3', '%20'];
// Tom's MMA Training, Tuesday 4 January 2028 at 17:00 gym time.
const valid = bookingPayload({ dateTime: '2028-01-04T10:00:00.000Z' });

/** Lets a few poll cycles pass, to show that nothing more arrives. */
const settle = (ms = 400) => new Promise((r) => setTimeout(r, ms));

describe.each(backends)('reservations on %s', (backend) => {
  let peer: SmtpPeer;
  let t: TestApp;
  let staff: string;

  const book = (payload: unknown) =>
    t.inject({ method: 'POST', url: '/api/reservations', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(payload) ?? '' });
  const count = async () => (await t.app.ctx.db.selectFrom('reservations').select('id').execute()).length;
  const mailsTo = (to: string) => peer.messages.filter((m) => m.to.includes(to));

  beforeAll(async () => {
    peer = await startSmtpPeer();
    t = await createTestApp(backend, { smtpUrl: peer.url, ...FAST_MAIL });
    staff = (await t.signIn('staff')).token;
    // Many bookings here share MMA Training's session of 4 January 2028.
    await t.app.ctx.db.updateTable('weekly_sessions').set({ capacity: 1000 }).execute();
  });
  afterAll(async () => {
    await t?.close();
    await peer?.close();
  });

  it('creates an unread reservation and e-mails the booking confirmation once', async () => {
    const res = await book({ ...valid, email: 'confirm@example.com', message: 'First time, a bit nervous' });
    expect(res.statusCode).toBe(201);
    const r = res.json();
    expect(Object.keys(r).sort()).toEqual([
      'attendance',
      'cancelledAt',
      'course',
      'createdAt',
      'dateTime',
      'email',
      'id',
      'message',
      'name',
      'phone',
      'sessionDate',
      'source',
      'status',
      'weeklySessionId',
    ]);
    expect(r).toMatchObject({
      name: 'Tom Booker',
      email: 'confirm@example.com',
      phone: null,
      course: 'MMA Training',
      dateTime: '2028-01-04T10:00:00.000Z',
      message: 'First time, a bit nervous',
      status: 'unread',
    });
    expect(Number.isInteger(r.id)).toBe(true);
    expect(r.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

    const mail = await waitUntil(() => mailsTo('confirm@example.com')[0], 10_000, 'the confirmation');
    // 10:00 UTC is 17:00 at the gym (Asia/Bangkok): MMA Training's Tuesday session.
    expect(decodeHeader(mail.headers.subject)).toBe('Booking confirmed: MMA Training on Tuesday, 4 January 2028 at 5:00 PM');
    const parsed = await simpleParser(mail.raw);
    for (const body of [parsed.text ?? '', typeof parsed.html === 'string' ? parsed.html : '']) {
      expect(body).toContain('Hello Tom Booker,');
      expect(body).toContain('MMA Training');
      expect(body).toContain('Tuesday, 4 January 2028, 5:00 PM – 6:00 PM Krabi time (UTC+7)');
      expect(body).toMatch(/http:\/\/gym\.test\/booking\/manage\/[A-Za-z0-9_-]{43}/);
      // The visitor's own words go to the gym only (DESIGN §5).
      expect(body).not.toContain('First time, a bit nervous');
    }
    const ics = parsed.attachments.find((a) => /calendar|ics/.test(a.contentType));
    const ev = parseCalendar(ics!.content.toString('utf8'));
    expect(ev).toMatchObject({ method: 'REQUEST', sequence: 0, uid: `reservation-${r.id}@gym.test` });
    expect(ev.start.toISOString()).toBe('2028-01-04T10:00:00.000Z');
    expect(ev.end.toISOString()).toBe('2028-01-04T11:00:00.000Z');
    await waitUntil(
      async () =>
        (await t.app.ctx.db.selectFrom('outbox').select('status').where('to_address', '=', 'confirm@example.com').executeTakeFirst())?.status === 'sent',
    );
    await settle();
    expect(mailsTo('confirm@example.com')).toHaveLength(1);
  });

  it('stores empty e-mail and phone as null, normalises the date, and sends nothing without an e-mail', async () => {
    const outboxBefore = (await t.app.ctx.db.selectFrom('outbox').select('id').execute()).length;
    // Brazilian Jiu Jitsu, Monday 7 February 2028 at 09:00 gym time, written with its offset.
    const phoneOnly = await book({
      ...valid,
      course: 'Brazilian Jiu Jitsu',
      email: '',
      phone: '+66 81 234 5678',
      dateTime: '2028-02-07T09:00:00+07:00',
      message: '',
    });
    expect(phoneOnly.statusCode).toBe(201);
    expect(phoneOnly.json()).toMatchObject({ email: null, phone: '+66 81 234 5678', dateTime: '2028-02-07T02:00:00.000Z', message: null });
    const row = await t.app.ctx.db.selectFrom('reservations').selectAll().where('id', '=', phoneOnly.json().id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ email: null, phone: '+66 81 234 5678', message: null, date_time: '2028-02-07T02:00:00.000Z', manage_token_hash: null });
    expect((await t.app.ctx.db.selectFrom('outbox').select('id').execute()).length).toBe(outboxBefore);

    const emailOnly = await book({ ...valid, email: ' spaced@example.com ', phone: '   ' });
    expect(emailOnly.statusCode).toBe(201);
    expect(emailOnly.json()).toMatchObject({ email: 'spaced@example.com', phone: null });
    const missingKeys = await book({ name: 'Keys', email: 'keys@example.com', course: 'Wrestling', dateTime: '2028-03-03T03:00:00.000Z' });
    expect(missingKeys.statusCode).toBe(201);
    expect(missingKeys.json()).toMatchObject({ phone: null, message: null });
    const mail = await waitUntil(() => mailsTo('keys@example.com')[0], 10_000, 'the confirmation');
    expect(decodeHeader(mail.headers.subject)).toBe('Booking confirmed: Wrestling on Friday, 3 March 2028 at 10:00 AM');
  });

  it('checks the booking rules with the messages of the form', async () => {
    const before = await count();
    const cases: [Record<string, unknown>, string][] = [
      [{ ...valid, name: '' }, 'Name is required'],
      [{ ...valid, name: '   ' }, 'Name is required'],
      [{ ...valid, course: '' }, 'Please select a course'],
      [{ ...valid, dateTime: '' }, 'Date and time are required'],
      [{ ...valid, email: 'not-an-email' }, 'Invalid email'],
      [{ ...valid, email: '', phone: '' }, 'Either email or phone is required'],
      [{ ...valid, email: null, phone: null }, 'Either email or phone is required'],
      [{ name: 'X', course: 'MMA Training', dateTime: valid.dateTime }, 'Either email or phone is required'],
      [{ ...valid, email: null, phone: '0812345678' }, 'Phone number must include country code (e.g., +33)'],
      [{ ...valid, phone: '081 234 5678' }, 'Phone number must include country code (e.g., +33)'],
    ];
    for (const [payload, error] of cases) {
      const res = await book(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json(), JSON.stringify(payload)).toEqual({ error, code: 'validation' });
    }
    const badDate = await book({ ...valid, dateTime: 'tomorrow-ish' });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().error).toBe('Date and time must be a valid ISO 8601 timestamp');
    for (const payload of [
      { ...valid, name: 7 },
      { ...valid, email: 12 },
      { ...valid, course: ['MMA'] },
      { ...valid, dateTime: 1893492000000 },
      { ...valid, message: {} },
      null,
      [],
      'booking',
    ]) {
      const res = await book(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(typeof res.json().error).toBe('string');
    }
    expect(await count()).toBe(before);
  });

  it('writes the booking and its confirmation in one transaction', async () => {
    const before = await count();
    await breakOutbox(t.app.ctx.db, t.app.ctx.dialect);
    try {
      const res = await book({ ...valid, email: 'lost@example.com' });
      expect(res.statusCode).toBe(500);
      // Without an e-mail nothing is queued, so the booking goes through.
      expect((await book({ ...valid, email: null, phone: '+33 6 12 34 56 78' })).statusCode).toBe(201);
    } finally {
      await repairOutbox(t.app.ctx.db, t.app.ctx.dialect);
    }
    expect(await count()).toBe(before + 1);
    const lost = await t.app.ctx.db.selectFrom('reservations').select('id').where('email', '=', 'lost@example.com').execute();
    expect(lost).toHaveLength(0);
  });

  it('lists every reservation, archived included, newest first, for signed-in users only', async () => {
    expect((await t.inject({ method: 'GET', url: '/api/reservations' })).statusCode).toBe(401);
    const a = (await book({ ...valid, name: 'Older' })).json().id;
    const b = (await book({ ...valid, name: 'Newer' })).json().id;
    expect((await t.inject({ method: 'PUT', url: `/api/reservations/${a}/archive`, token: staff })).statusCode).toBe(200);
    const res = await t.inject({ method: 'GET', url: '/api/reservations', token: staff });
    expect(res.statusCode).toBe(200);
    const list = res.json();
    const ids = list.map((r: { id: number }) => r.id);
    expect(ids.indexOf(b)).toBeLessThan(ids.indexOf(a));
    expect(list.find((r: { id: number }) => r.id === a).status).toBe('archived');
    const created = list.map((r: { createdAt: string }) => r.createdAt);
    expect([...created].sort().reverse()).toEqual(created);
  });

  it('marks read (unread → read; archived stays archived), archives and deletes', async () => {
    const id = (await book(valid)).json().id;
    const put = (action: string, token?: string) => t.inject({ method: 'PUT', url: `/api/reservations/${id}/${action}`, token });
    expect((await put('read')).statusCode).toBe(401);
    expect((await put('archive')).statusCode).toBe(401);

    const read = await put('read', staff);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ id, status: 'read', name: 'Tom Booker' });
    expect((await put('read', staff)).json().status).toBe('read');
    const archived = await put('archive', staff);
    expect(archived.statusCode).toBe(200);
    expect(archived.json()).toMatchObject({ id, status: 'archived' });
    expect((await put('read', staff)).json().status).toBe('archived');

    expect((await t.inject({ method: 'DELETE', url: `/api/reservations/${id}` })).statusCode).toBe(401);
    const del = await t.inject({ method: 'DELETE', url: `/api/reservations/${id}`, token: staff });
    expect(del.statusCode).toBe(204);
    expect(del.body).toBe('');
    for (const [method, url] of [
      ['DELETE', `/api/reservations/${id}`],
      ['PUT', `/api/reservations/${id}/read`],
      ['PUT', `/api/reservations/${id}/archive`],
    ] as const) {
      const r = await t.inject({ method, url, token: staff });
      expect(r.statusCode, url).toBe(404);
      expect(r.json()).toEqual({ error: 'Reservation not found', code: 'not_found' });
    }
    for (const odd of ODD_IDS) {
      for (const [method, url] of [
        ['DELETE', `/api/reservations/${odd}`],
        ['PUT', `/api/reservations/${odd}/read`],
        ['PUT', `/api/reservations/${odd}/archive`],
      ] as const) {
        const r = await t.inject({ method, url, token: staff });
        expect([400, 404], url).toContain(r.statusCode);
      }
    }
  });
});

describe.each(backends)('reservations with a gym notification address on %s', (backend) => {
  let peer: SmtpPeer;
  let t: TestApp;
  beforeAll(async () => {
    peer = await startSmtpPeer();
    t = await createTestApp(backend, { smtpUrl: peer.url, notifyEmail: 'desk@gym.test', ...FAST_MAIL });
  });
  afterAll(async () => {
    await t?.close();
    await peer?.close();
  });

  it('tells the gym of each booking and confirms to the visitor', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/reservations',
      payload: { ...valid, email: 'visitor@example.com', phone: '+66 1', message: 'See you' },
    });
    expect(res.statusCode).toBe(201);
    await peer.waitFor(2);
    const note = peer.messages.find((m) => m.to.includes('desk@gym.test'))!;
    const confirmation = peer.messages.find((m) => m.to.includes('visitor@example.com'))!;
    expect(decodeHeader(note.headers.subject)).toBe('New booking: Tom Booker — MMA Training, Tuesday, 4 January 2028 at 5:00 PM');
    expect(note.headers['reply-to']).toBe('visitor@example.com');
    const noteText = (await simpleParser(note.raw)).text ?? '';
    expect(noteText).toMatch(/Phone:\s+\+66 1/);
    expect(noteText).toContain('5:00 PM – 6:00 PM Krabi time (UTC+7)');
    expect(noteText).toContain('> See you');
    expect(noteText).toContain('http://gym.test/admin/reservations');
    expect(confirmation.headers['reply-to']).toBe('desk@gym.test');
    expect((await simpleParser(confirmation.raw)).text).toContain('Change or cancel your booking');
  });
});

describe.each(backends)('concurrent bookings on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    // No worker: the outbox rows stay as the bookings wrote them.
    t = await createTestApp(backend, { notifyEmail: undefined });
    await t.app.ctx.mail.stop();
    // Every booking here is for one timetable session (MMA Training at 17:00): room for all of them.
    await t.app.ctx.db.updateTable('weekly_sessions').set({ capacity: 1000 }).execute();
  });
  afterAll(() => t?.close());

  const book = (payload: unknown) => t.inject({ method: 'POST', url: '/api/reservations', payload: payload as object });
  const person = (tag: string, i: number) => ({ ...valid, name: `${tag} ${i}`, email: `${tag.toLowerCase()}${i}@example.com` });

  /** Each answer is the row of its own request, stored, with its confirmation in the outbox. */
  async function expectStored(answers: { statusCode: number; json(): { id: number; name: string; email: string } }[], tag: string, indexes: number[]) {
    const db = t.app.ctx.db;
    for (const i of indexes) {
      const res = answers[i];
      expect(res.statusCode, `${tag} ${i}`).toBe(201);
      expect(res.json()).toMatchObject({ name: `${tag} ${i}`, email: `${tag.toLowerCase()}${i}@example.com` });
      const row = await db.selectFrom('reservations').selectAll().where('id', '=', res.json().id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ name: `${tag} ${i}`, email: `${tag.toLowerCase()}${i}@example.com` });
      const mails = await db.selectFrom('outbox').select(['to_address', 'status']).where('to_address', '=', `${tag.toLowerCase()}${i}@example.com`).execute();
      expect(mails).toEqual([{ to_address: `${tag.toLowerCase()}${i}@example.com`, status: 'pending' }]);
    }
    expect(new Set(indexes.map((i) => answers[i].json().id)).size).toBe(indexes.length);
  }

  it('answers 200 bookings sent at once, each 201 with its own row and confirmation', async () => {
    const before = batchStats(t.app.ctx);
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => book(person('Load', i))));
    await expectStored(
      answers,
      'Load',
      answers.map((_, i) => i),
    );
    const stored = await t.app.ctx.db.selectFrom('reservations').select('id').where('name', 'like', 'Load %').execute();
    expect(stored).toHaveLength(200);
    // Each stored booking holds one seat of its session, no more, no fewer.
    const seats = await t.app.ctx.db.selectFrom('seats').select('taken').where('session_date', '=', '2028-01-04').executeTakeFirstOrThrow();
    const linked = await t.app.ctx.db.selectFrom('reservations').select('id').where('session_date', '=', '2028-01-04').execute();
    expect(Number(seats.taken)).toBe(linked.length);
    if (backend === 'sqlite') {
      // Group commit: the bookings that arrived together shared transactions (fsyncs).
      const after = batchStats(t.app.ctx);
      expect(after.booked - before.booked).toBe(200);
      expect(after.commits - before.commits).toBeLessThanOrEqual(20);
    }
  });

  it('a booking the database refuses fails alone; the others of its batch are stored', async () => {
    const db = t.app.ctx.db;
    // A real trigger refuses one name, whatever batch it lands in.
    if (backend === 'sqlite') {
      await sql`create trigger reservations_poison before insert on reservations when new.name like 'Poison%' begin select raise(abort, 'poisoned booking'); end`.execute(
        db,
      );
    } else {
      await sql`create or replace function reservations_poison() returns trigger as $$ begin if new.name like 'Poison%' then raise exception 'poisoned booking'; end if; return new; end $$ language plpgsql`.execute(
        db,
      );
      await sql`create trigger reservations_poison before insert on reservations for each row execute function reservations_poison()`.execute(db);
    }
    try {
      const payloads = Array.from({ length: 60 }, (_, i) => (i % 20 === 7 ? person('Poison', i) : person('Mixed', i)));
      const answers = await Promise.all(payloads.map((p) => book(p)));
      const poisoned = payloads.map((p, i) => (p.name.startsWith('Poison') ? i : -1)).filter((i) => i >= 0);
      for (const i of poisoned) {
        expect(answers[i].statusCode).toBe(500);
        expect(answers[i].json()).toEqual({ error: 'Internal server error', code: 'internal' });
      }
      await expectStored(
        answers,
        'Mixed',
        payloads.map((_, i) => i).filter((i) => !poisoned.includes(i)),
      );
      expect(await db.selectFrom('reservations').select('id').where('name', 'like', 'Poison%').execute()).toEqual([]);
      expect(await db.selectFrom('outbox').select('id').where('to_address', 'like', 'poison%').execute()).toEqual([]);
      expect(await db.selectFrom('reservations').select('id').where('name', 'like', 'Mixed %').execute()).toHaveLength(57);
    } finally {
      await sql`drop trigger if exists reservations_poison${backend === 'postgres' ? sql` on reservations` : sql``}`.execute(db);
      if (backend === 'postgres') await sql`drop function if exists reservations_poison()`.execute(db);
    }
  });
});
