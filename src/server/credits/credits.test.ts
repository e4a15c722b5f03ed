import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, isoWeekday, todayInZone } from '../../shared/gym-time';
import { bookingPayload } from '../../../tests/helpers/factories';
import { addSessions, createTestOrder, type TestOrderFacts } from '../../../tests/helpers/pass-orders';
import { backends, createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { hashToken, newToken } from '../auth/tokens';
import { getSiteSettings, saveSiteSettings } from '../site-settings/site-settings.service';
import { classCover } from '../../shared/catalogue';

// Issue 21 §4: a booking made with a pass's token takes one credit in the seat's transaction.
// Gym days 2028-06-12 (Monday) to 2028-06-14 carry 17 extra MMA sessions each (06:00 to 14:00).

const MON = '2028-06-12';
const TUE = '2028-06-13';
const WED = '2028-06-14';
const TIMES = Array.from({ length: 17 }, (_, i) => `${String(6 + Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`);

describe('which classes a pass column covers', () => {
  it('maps class names to the price table columns; a class by appointment is private; others none', () => {
    expect(classCover('Muay Thai Beginner', false)).toBe('muay-thai');
    expect(classCover('Muay Thai All Levels', false)).toBe('muay-thai');
    for (const c of ['Brazilian Jiu Jitsu', 'BJJ No-Gi', 'Wrestling', 'Luta Livre', 'MMA Training']) expect(classCover(c, false)).toBe('mma');
    expect(classCover('Private Training', true)).toBe('private');
    expect(classCover('Yoga', false)).toBeNull();
  });
});

describe.each(backends)('spending passes on %s', (backend) => {
  let t: TestApp;
  let staff: string;
  let sessions: { date: string; time: string; startsAt: string }[];
  const tz = () => t.config.timezone;
  const db = () => t.app.ctx.db;
  const order = (f: Partial<TestOrderFacts> = {}) =>
    createTestOrder(db(), { kind: 'days-single', covers: 'mma', days: 3, credits: 3, startDate: MON, endDate: WED, ...f });
  const book = (course: string, dateTime: string, extra: Record<string, unknown> = {}) =>
    t.inject({
      method: 'POST',
      url: '/api/reservations',
      payload: { ...bookingPayload({ course, dateTime, name: 'Pat Holder', email: 'pat@example.com' }), ...extra },
    });
  const uses = (orderId: number) => db().selectFrom('pass_uses').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
  const held = async (orderId: number) => (await uses(orderId)).filter((u) => u.returned_at == null).length;
  const sessionAt = async (date: string, course: string, time?: string): Promise<{ id: string; startsAt: string; time: string }> => {
    const list = (await t.inject({ method: 'GET', url: `/api/sessions?from=${date}&days=1` })).json().sessions as {
      id: string;
      course: string;
      startsAt: string;
      time: string;
    }[];
    const s = list.find((x) => x.course === course && (time == null || x.time === time));
    if (!s) throw new Error(`no ${course} on ${date}`);
    return s;
  };
  /** A manage link for a booking (its token is only in the e-mail): a known token's hash set on the row. */
  const manageToken = async (reservationId: number) => {
    const token = newToken();
    await db()
      .updateTable('reservations')
      .set({ manage_token_hash: hashToken(token) })
      .where('id', '=', reservationId)
      .execute();
    return token;
  };

  beforeAll(async () => {
    t = await createTestApp(backend);
    staff = (await t.signIn('staff')).token;
    sessions = await addSessions(db(), 'MMA Training', [MON, TUE, WED], TIMES, tz());
  });
  afterAll(async () => {
    await t?.close();
  });

  it('50 parallel bookings of 50 sessions with a 3-credit one-a-day pass: 3 booked (one a day), 47 refused, nothing else taken', async () => {
    const o = await order();
    const picked = sessions.slice(0, 50);
    const answers = await Promise.all(picked.map((s) => book('MMA Training', s.startsAt, { passToken: o.token })));
    const ok = answers.filter((a) => a.statusCode === 201);
    const refused = answers.filter((a) => a.statusCode !== 201);
    expect(ok).toHaveLength(3);
    expect(refused).toHaveLength(47);
    for (const a of refused) {
      expect(a.statusCode).toBe(409);
      expect(['pass_day_used', 'pass_no_credit']).toContain(a.json().code);
    }
    expect(ok.map((a) => a.json().creditsLeft).sort()).toEqual([0, 1, 2]);
    for (const a of ok) expect(a.json().passId).toBe('days-single.mma');
    const u = await uses(o.id);
    expect(u.map((x) => x.session_date).sort()).toEqual([MON, TUE, WED]);
    const booked = await db()
      .selectFrom('reservations')
      .select(['id', 'customer_id'])
      .where(
        'id',
        'in',
        u.map((x) => x.reservation_id),
      )
      .execute();
    expect(booked).toHaveLength(3);
    for (const r of booked) expect(r.customer_id).toBe(o.customerId);
    // Only the 3 bookings took a seat among the 50 sessions.
    const ids = ok.map((a) => `${a.json().weeklySessionId}:${a.json().sessionDate}`);
    const seats = await db().selectFrom('seats').select(['weekly_session_id', 'session_date', 'taken']).where('taken', '>', 0).execute();
    expect(seats.map((s) => `${s.weekly_session_id}:${s.session_date}`).sort()).toEqual(ids.sort());
    expect(await db().selectFrom('reservations').select('id').execute()).toHaveLength(3);
  });

  it('50 parallel bookings with a 1-credit single pass: exactly one booked', async () => {
    const o = await order({ kind: 'single', days: 1, credits: 1 });
    const answers = await Promise.all(sessions.slice(0, 50).map((s) => book('MMA Training', s.startsAt, { passToken: o.token })));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    const refused = answers.filter((a) => a.statusCode !== 201);
    expect(refused).toHaveLength(49);
    for (const a of refused) expect(a.statusCode).toBe(409);
    expect(await held(o.id)).toBe(1);
    const ok = answers.find((a) => a.statusCode === 201)!.json();
    expect(ok.creditsLeft).toBe(0);
    // The confirmation tells the pass and its cancel rule.
    const mail = await db().selectFrom('outbox').select('template').where('reservation_id', '=', ok.id).executeTakeFirstOrThrow();
    expect(JSON.parse(mail.template!).data.pass).toMatchObject({ name: 'Test single mma', creditsLeft: 0 });
  });

  it('an unlimited pass takes two sessions of one day, never the same session time twice', async () => {
    const o = await order({ kind: 'days-unlimited', covers: 'muay-thai', credits: null });
    const two = await sessionAt(MON, 'Muay Thai All Levels', '14:00');
    const three = await sessionAt(MON, 'Muay Thai All Levels', '15:00');
    const a = await book('Muay Thai All Levels', two.startsAt, { passToken: o.token });
    const b = await book('Muay Thai All Levels', three.startsAt, { passToken: o.token });
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json()).toMatchObject({ passId: 'days-unlimited.muay-thai', creditsLeft: null });
    const again = await book('Muay Thai All Levels', two.startsAt, { passToken: o.token, name: 'Pat again' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('pass_slot_used');
    expect(await held(o.id)).toBe(2);
  });

  it('refuses an unknown token, an unpaid, expired, cancelled or refunded order, a class not covered and a day outside the pass', async () => {
    const mma = (await sessionAt(MON, 'MMA Training', '17:00')).startsAt;
    const expect409 = async (res: Awaited<ReturnType<typeof book>>, code: string) => {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().code).toBe(code);
    };
    const before = (await db().selectFrom('reservations').select('id').execute()).length;
    const unknown = await book('MMA Training', mma, { passToken: newToken() });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('pass_not_found');
    await expect409(await book('MMA Training', mma, { passToken: (await order({ paidSatang: 0 })).token }), 'pass_not_paid');
    await expect409(
      await book('MMA Training', mma, { passToken: (await order({ paidSatang: 0, expiresAt: '2020-01-01T00:00:00.000Z' })).token }),
      'pass_not_paid',
    );
    await expect409(
      await book('MMA Training', mma, { passToken: (await order({ cancelledAt: '2026-01-01T00:00:00.000Z', paidSatang: 0 })).token }),
      'pass_not_paid',
    );
    const refunded = await order();
    await db()
      .insertInto('order_payments')
      .values({
        order_id: refunded.id,
        kind: 'refund',
        method: 'cash',
        amount_satang: 150_000,
        external_id: null,
        note: null,
        user_id: null,
        created_at: new Date().toISOString(),
      })
      .execute();
    await expect409(await book('MMA Training', mma, { passToken: refunded.token }), 'pass_not_paid');
    await expect409(
      await book('Wrestling', (await sessionAt(MON, 'Wrestling')).startsAt, { passToken: (await order({ covers: 'muay-thai' })).token }),
      'pass_not_covered',
    );
    await expect409(await book('MMA Training', mma, { passToken: (await order({ kind: 'private', credits: 1 })).token }), 'pass_not_covered');
    await expect409(
      await book('Private Training', `${addDays(todayInZone(tz()), 30)}T10:00:00.000Z`, { passToken: (await order()).token }),
      'pass_not_covered',
    );
    await expect409(
      await book('MMA Training', (await sessionAt('2028-06-15', 'MMA Training', '17:00')).startsAt, { passToken: (await order()).token }),
      'pass_out_of_dates',
    );
    expect((await db().selectFrom('reservations').select('id').execute()).length).toBe(before);
    // A deposit paid holds the pass; a private pass pays for a private class.
    const deposit = await order({ amountSatang: 300_000, depositSatang: 90_000, paidSatang: 90_000 });
    expect((await book('MMA Training', mma, { passToken: deposit.token })).statusCode).toBe(201);
    const today = todayInZone(tz());
    const priv = await order({ kind: 'private', credits: 1, startDate: today, endDate: addDays(today, 60) });
    const p = await book('Private Training', `${addDays(today, 30)}T10:00:00.000Z`, { passToken: priv.token });
    expect(p.statusCode, p.body).toBe(201);
    expect(p.json().creditsLeft).toBe(0);
  });

  it('naming the holder’s e-mail without the token books without spending a credit', async () => {
    const o = await order({ kind: 'single', credits: 1, email: 'holder-plain@example.com' });
    const res = await t.inject({
      method: 'POST',
      url: '/api/reservations',
      payload: bookingPayload({
        course: 'MMA Training',
        dateTime: (await sessionAt(TUE, 'MMA Training', '17:00')).startsAt,
        email: 'holder-plain@example.com',
      }),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().passId).toBeUndefined();
    expect(res.json().creditsLeft).toBeUndefined();
    expect(await held(o.id)).toBe(0);
    const row = await db().selectFrom('reservations').select('customer_id').where('id', '=', res.json().id).executeTakeFirstOrThrow();
    expect(row.customer_id).toBe(o.customerId);
  });

  it('a cancel in time (manage link or staff) gives the credit back; a new booking can use it; the manage page shows the rule', async () => {
    const o = await order({ kind: 'single', credits: 1 });
    const s = await sessionAt(WED, 'Luta Livre');
    const first = await book('Luta Livre', s.startsAt, { passToken: o.token });
    expect(first.statusCode).toBe(201);
    expect((await book('Wrestling', (await sessionAt(WED, 'Wrestling')).startsAt, { passToken: o.token })).json().code).toBe('pass_no_credit');
    const token = await manageToken(first.json().id);
    const page = (await t.inject({ method: 'GET', url: `/api/bookings/manage/${token}` })).json();
    expect(page.pass).toEqual({ creditReturned: true, deadline: new Date(Date.parse(s.startsAt) - 12 * 3_600_000).toISOString() });
    const cancelled = await t.inject({ method: 'POST', url: `/api/bookings/manage/${token}/cancel` });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().pass.creditReturned).toBe(true);
    const u = await uses(o.id);
    expect(u[0].returned_at).not.toBeNull();
    expect(u[0].day_key).toBeNull();
    const second = await book('Luta Livre', s.startsAt, { passToken: o.token, name: 'Pat back' });
    expect(second.statusCode).toBe(201);
    expect(second.json().creditsLeft).toBe(0);
    // The gym's cancel gives it back too.
    expect((await t.inject({ method: 'PUT', url: `/api/reservations/${second.json().id}/cancel`, token: staff })).statusCode).toBe(200);
    expect(await held(o.id)).toBe(0);
  });

  it('a late cancel keeps the credit (cancelHours before the class)', async () => {
    const before = await getSiteSettings(t.app.ctx);
    const admin = await t.signIn('admin');
    await saveSiteSettings(t.app.ctx, { ...before.settings, payments: { ...before.settings.payments, cancelHours: 336 } }, before.version, admin.id);
    try {
      let day = addDays(todayInZone(tz()), 2);
      if (isoWeekday(day) === 7) day = addDays(day, 1);
      const o = await order({ kind: 'single', credits: 1, startDate: addDays(day, -3), endDate: addDays(day, 3) });
      const s = await sessionAt(day, 'MMA Training', '17:00');
      const res = await book('MMA Training', s.startsAt, { passToken: o.token });
      expect(res.statusCode, res.body).toBe(201);
      const token = await manageToken(res.json().id);
      expect((await t.inject({ method: 'GET', url: `/api/bookings/manage/${token}` })).json().pass.creditReturned).toBe(false);
      const cancelled = await t.inject({ method: 'POST', url: `/api/bookings/manage/${token}/cancel` });
      expect(cancelled.json().pass.creditReturned).toBe(false);
      expect(await held(o.id)).toBe(1);
      expect((await book('MMA Training', s.startsAt, { passToken: o.token, name: 'Late again' })).json().code).toBe('pass_no_credit');
    } finally {
      const now = await getSiteSettings(t.app.ctx);
      await saveSiteSettings(t.app.ctx, before.settings, now.version, admin.id);
    }
  });

  it('a moved booking keeps its use consistent: the new session is checked against the pass', async () => {
    const o = await order({ credits: 2, startDate: '2028-06-19', endDate: '2028-06-21' });
    const mon = await book('MMA Training', (await sessionAt('2028-06-19', 'MMA Training', '17:00')).startsAt, { passToken: o.token });
    const tue = await book('MMA Training', (await sessionAt('2028-06-20', 'MMA Training', '17:00')).startsAt, { passToken: o.token, name: 'Pat Tue' });
    expect([mon.statusCode, tue.statusCode]).toEqual([201, 201]);
    const token = await manageToken(mon.json().id);
    const move = (sessionId: string) => t.inject({ method: 'POST', url: `/api/bookings/manage/${token}/move`, payload: { sessionId } });
    const sameDay = await move((await sessionAt('2028-06-20', 'Wrestling')).id);
    expect(sameDay.statusCode).toBe(409);
    expect(sameDay.json().code).toBe('pass_day_used');
    const notCovered = await move((await sessionAt('2028-06-21', 'Muay Thai Beginner')).id);
    expect(notCovered.json().code).toBe('pass_not_covered');
    const outside = await move((await sessionAt('2028-06-22', 'Wrestling')).id);
    expect(outside.json().code).toBe('pass_out_of_dates');
    const ok = await move((await sessionAt('2028-06-21', 'Wrestling')).id);
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await uses(o.id)).map((u) => u.day_key).sort()).toEqual(['2028-06-20', '2028-06-21']);
    // Moving within the same day keeps the day's own use.
    const later = await move((await sessionAt('2028-06-21', 'Luta Livre')).id);
    expect(later.statusCode, later.body).toBe(200);
    expect(await held(o.id)).toBe(2);
  });

  it('a retried booking (Idempotency-Key) answers the pass again and spends once', async () => {
    const o = await order({ credits: 3 });
    const s = await sessionAt(TUE, 'Luta Livre');
    const send = () =>
      t.inject({
        method: 'POST',
        url: '/api/reservations',
        headers: { 'idempotency-key': `pass-${o.id}` },
        payload: { ...bookingPayload({ course: 'Luta Livre', dateTime: s.startsAt, email: 'retry@example.com' }), passToken: o.token },
      });
    const [a, b] = await Promise.all([send(), send()]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(b.json()).toEqual(a.json());
    expect(a.json().creditsLeft).toBe(2);
    expect(await held(o.id)).toBe(1);
  });
  // A SQLite batch reads its passes once (orders, sums, held credits and keys): what was held
  // before it and what its own bookings take must both count, per holder.
  it('parallel bookings by three holders count the credits held before them and their own; a merged holder books under the live record', async () => {
    const a = await order();
    const b = await order({ kind: 'single', days: 1, credits: 1, startDate: TUE, endDate: TUE });
    const c = await order({ kind: 'days-unlimited', credits: null });
    const [mon0, mon1] = sessions.filter((s) => s.date === MON);
    expect((await book('MMA Training', mon0.startsAt, { passToken: a.token })).statusCode).toBe(201);
    expect((await book('MMA Training', mon0.startsAt, { passToken: c.token })).statusCode).toBe(201);
    const live = await createTestOrder(db(), { kind: 'single', days: 1, credits: 1, startDate: TUE, endDate: TUE });
    await db().updateTable('customers').set({ merged_into_id: live.customerId }).where('id', '=', b.customerId).execute();

    const tue = sessions.filter((s) => s.date === TUE);
    const wed = sessions.filter((s) => s.date === WED);
    const sent = [
      ...[...tue.slice(0, 5), ...wed.slice(0, 5)].map((s) => ({ who: 'a', s })),
      ...tue.slice(5, 10).map((s) => ({ who: 'b', s })),
      { who: 'c', s: mon0 },
      { who: 'c', s: mon1 },
    ];
    const tokens: Record<string, string> = { a: a.token, b: b.token, c: c.token };
    const answers = await Promise.all(sent.map(({ who, s }) => book('MMA Training', s.startsAt, { passToken: tokens[who] })));
    const okOf = (who: string) => answers.filter((r, i) => sent[i].who === who && r.statusCode === 201).map((r) => r.json());
    for (const r of answers) if (r.statusCode !== 201) expect(r.statusCode).toBe(409);

    // a held MON before: one more on TUE and on WED, then no credit left.
    expect(
      okOf('a')
        .map((r) => r.creditsLeft)
        .sort(),
    ).toEqual([0, 1]);
    expect((await uses(a.id)).map((u) => u.session_date).sort()).toEqual([MON, TUE, WED]);
    // b: its one credit, booked under the record its customer was merged into.
    const bOk = okOf('b');
    expect(bOk).toHaveLength(1);
    const bRow = await db().selectFrom('reservations').select('customer_id').where('id', '=', bOk[0].id).executeTakeFirstOrThrow();
    expect(bRow.customer_id).toBe(live.customerId);
    // c held MON at mon0's time before: only mon1 is booked.
    expect(okOf('c').map((r) => r.dateTime)).toEqual([new Date(mon1.startsAt).toISOString()]);
    expect(answers[sent.findIndex((x) => x.who === 'c' && x.s === mon0)].json().code).toBe('pass_slot_used');
    expect(await held(c.id)).toBe(2);
  });
});
