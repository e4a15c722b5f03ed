import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingPayload } from '../../../tests/helpers/factories';
import { backends, createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { newToken } from '../auth/tokens';
import { renderedRow } from '../mail/delivery/outbox-parts';
import { runOffers } from './waitlist-offers';

// Issue 47 point 3 (decision 184): a waiting-list link says what became of the place: left,
// the offer expired, the place taken by someone faster, the class over; a link a newer e-mail
// replaced still reads; after an erase, 410 'erased'. Only a token never given is 404.

describe.each(backends)('no dead waiting-list link on %s', (backend) => {
  let t: TestApp;
  let staff: string;
  let n = 0;
  const db = () => t.app.ctx.db;
  const get = (token: string) => t.inject({ method: 'GET', url: `/api/waitlist/${token}` });
  const linksTo = async (email: string) =>
    (await db().selectFrom('outbox').selectAll().where('to_address', '=', email).orderBy('id').execute()).flatMap((r) =>
      [...renderedRow(t.config, r).text_body.matchAll(/\/booking\/waitlist\/([A-Za-z0-9_-]{43})/g)].map((m) => m[1]),
    );
  /** A full Wrestling session on `date` (capacity 1, one booking) and a person in its line, with their link. */
  const inLine = async (date: string) => {
    n += 1;
    const s = (await t.inject({ method: 'GET', url: `/api/sessions?from=${date}&days=1` }))
      .json()
      .sessions.find((x: { course: string }) => x.course === 'Wrestling');
    await t.inject({ method: 'PATCH', url: `/api/timetable/weekly-sessions/${s.weeklySessionId}`, token: staff, payload: { capacity: 1 } });
    const booked = await t.inject({
      method: 'POST',
      url: '/api/reservations',
      payload: bookingPayload({ course: 'Wrestling', dateTime: s.startsAt, name: 'Booked', email: `wlbooked${n}@example.com` }),
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const email = `wl${n}@example.com`;
    const join = () =>
      t.inject({ method: 'POST', url: '/api/waitlist', payload: { course: 'Wrestling', dateTime: s.startsAt, name: 'Wait', email, language: 'en' } });
    expect((await join()).statusCode).toBe(201);
    const id = (await db().selectFrom('waitlist_entries').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
    return { id, email, token: (await linksTo(email))[0], join, bookingId: booked.json().id as number, weeklySessionId: s.weeklySessionId as number };
  };

  beforeAll(async () => {
    t = await createTestApp(backend, {}, {}, { startWorkers: false });
    await t.app.ctx.mail.stop();
    staff = (await t.signIn('staff')).token;
  });
  afterAll(() => t?.close());

  it('left, and a link a second join replaced: both read, the old one only reads', async () => {
    const p = await inLine('2028-09-04');
    expect((await p.join()).statusCode).toBe(201);
    const [first, second] = await linksTo(p.email);
    expect(second).not.toBe(first);
    expect((await get(first)).json()).toMatchObject({ state: 'waiting', link: 'earlier', classPassed: false });
    expect((await t.inject({ method: 'POST', url: `/api/waitlist/${first}/leave` })).statusCode).toBe(409);
    expect((await t.inject({ method: 'POST', url: `/api/waitlist/${second}/leave` })).json()).toMatchObject({ state: 'left' });
    for (const link of [first, second]) expect((await get(link)).json()).toMatchObject({ state: 'left' });
    expect((await get(newToken())).statusCode).toBe(404);
  });

  it('an offer that expired, and an open offer whose place someone else took', async () => {
    const p = await inLine('2028-09-05');
    expect((await t.inject({ method: 'PUT', url: `/api/reservations/${p.bookingId}/cancel`, token: staff })).statusCode).toBe(200);
    expect(await runOffers(t.app.ctx)).toBe(1);
    const offer = (await linksTo(p.email)).at(-1)!;
    // The offer's time runs out: the job gives the seat back.
    const expiresAt = (await db().selectFrom('waitlist_entries').select('offer_expires_at').where('id', '=', p.id).executeTakeFirstOrThrow()).offer_expires_at!;
    await runOffers(t.app.ctx, new Date(Date.parse(expiresAt) + 1000));
    for (const link of [p.token, offer]) expect((await get(link)).json()).toMatchObject({ state: 'expired' });

    const q = await inLine('2028-09-06');
    // An offer open to all (nothing held), and the class full again.
    await db()
      .updateTable('waitlist_entries')
      .set({ status: 'offered', offer_held: 0, offer_expires_at: '2028-09-06T00:00:00.000Z' })
      .where('id', '=', q.id)
      .execute();
    expect((await get(q.token)).json()).toMatchObject({ state: 'offered', seatTaken: true });
  });

  it('the class is over: the link says so whatever the state', async () => {
    const p = await inLine('2028-09-07');
    await db()
      .updateTable('waitlist_entries')
      .set({ date_time: new Date(Date.now() - 86_400_000).toISOString() })
      .where('id', '=', p.id)
      .execute();
    expect((await get(p.token)).json()).toMatchObject({ state: 'waiting', classPassed: true });
  });

  it('after an erase: 410 erased for every link the person had', async () => {
    const p = await inLine('2028-09-08');
    expect((await p.join()).statusCode).toBe(201);
    const links = await linksTo(p.email);
    const admin = (await t.signIn('admin')).token;
    expect((await t.inject({ method: 'POST', url: '/api/personal-data/erase', token: admin, payload: { email: p.email } })).statusCode).toBe(200);
    for (const link of links) {
      const res = await get(link);
      expect([res.statusCode, res.json()]).toEqual([410, { error: expect.any(String), code: 'link_erased', state: 'erased' }]);
    }
  });
});
