import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingPayload } from '../../../tests/helpers/factories';
import { createTestOrder } from '../../../tests/helpers/pass-orders';
import { backends, createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { startOfMonthInZone } from '../dashboard/zoned-time';

// Issue 21 §6: the desk shows each booking's pass and what its customer owes, a walk-in can spend
// a pass the desk picks; the dashboard shows this gym month's takings by method and passes sold.
describe.each(backends)('passes at the desk and on the dashboard on %s', (backend) => {
  let t: TestApp;
  let staff: string;
  const db = () => t.app.ctx.db;
  type Entry = { id: number; name: string; pass: { orderId: number; name: string; creditsLeft: number | null; returned: boolean } | null; owedSatang: number };
  const roster = async (date: string): Promise<Entry[]> =>
    (await t.inject({ method: 'GET', url: `/api/desk/day?date=${date}`, token: staff })).json().sessions.flatMap((s: { roster: Entry[] }) => s.roster);
  const sessionAt = async (date: string, course: string) =>
    ((await t.inject({ method: 'GET', url: `/api/sessions?from=${date}&days=1` })).json().sessions as { id: string; course: string; startsAt: string }[]).find(
      (s) => s.course === course,
    )!;

  beforeAll(async () => {
    t = await createTestApp(backend);
    staff = (await t.signIn('staff')).token;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('the roster shows the pass used and what the customer owes; present keeps the credit; a walk-in spends the pass the desk picks', async () => {
    const a = await createTestOrder(db(), {
      kind: 'days-single',
      covers: 'mma',
      days: 3,
      credits: 3,
      startDate: '2028-06-12',
      endDate: '2028-06-14',
      email: 'anna@example.com',
    });
    const mma = await sessionAt('2028-06-12', 'MMA Training');
    const booked = await t.inject({
      method: 'POST',
      url: '/api/reservations',
      payload: { ...bookingPayload({ course: 'MMA Training', dateTime: mma.startsAt, name: 'Anna', email: 'anna@example.com' }), passToken: a.token },
    });
    expect(booked.statusCode).toBe(201);
    // Bo owes a whole unpaid order and the balance of a deposit-paid one; a paid order owes nothing.
    await createTestOrder(db(), {
      kind: 'single',
      days: 1,
      credits: 1,
      startDate: '2028-06-12',
      endDate: '2028-06-12',
      email: 'bo@example.com',
      paidSatang: 0,
      amountSatang: 150_000,
    });
    await createTestOrder(db(), {
      kind: 'days-single',
      days: 7,
      credits: 7,
      startDate: '2028-06-12',
      endDate: '2028-06-18',
      email: 'bo@example.com',
      amountSatang: 300_000,
      depositSatang: 90_000,
      paidSatang: 90_000,
    });
    await createTestOrder(db(), { kind: 'single', days: 1, credits: 1, startDate: '2028-06-12', endDate: '2028-06-12', email: 'bo@example.com' });
    const bo = await t.inject({
      method: 'POST',
      url: '/api/reservations',
      payload: bookingPayload({ course: 'MMA Training', dateTime: mma.startsAt, name: 'Bo', email: 'bo@example.com' }),
    });
    expect(bo.statusCode).toBe(201);

    const day = await roster('2028-06-12');
    const anna = day.find((r) => r.name === 'Anna')!;
    expect(anna.pass).toEqual({ orderId: a.id, name: 'Test days-single mma', creditsLeft: 2, returned: false });
    expect(anna.owedSatang).toBe(0);
    const boEntry = day.find((r) => r.name === 'Bo')!;
    expect(boEntry.pass).toBeNull();
    expect(boEntry.owedSatang).toBe(150_000 + 210_000);

    // Checking in keeps the credit taken at booking.
    const present = await t.inject({ method: 'PUT', url: `/api/reservations/${anna.id}/attendance`, token: staff, payload: { attendance: 'present' } });
    expect(present.statusCode).toBe(200);
    const held = await db().selectFrom('pass_uses').selectAll().where('order_id', '=', a.id).execute();
    expect(held.map((u) => u.returned_at)).toEqual([null]);

    // A walk-in: the desk picks Anna's pass.
    const wrestling = await sessionAt('2028-06-13', 'Wrestling');
    const walkIn = (extra: object) =>
      t.inject({ method: 'POST', url: '/api/desk/bookings', token: staff, payload: { sessionId: wrestling.id, name: 'Anna', source: 'walk_in', ...extra } });
    const w = await walkIn({ orderId: a.id });
    expect(w.statusCode, w.body).toBe(201);
    expect(w.json()).toMatchObject({ passId: 'days-single.mma', creditsLeft: 1 });
    const again = await walkIn({ orderId: a.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('pass_day_used');
    expect((await walkIn({ orderId: 999_999 })).json().code).toBe('pass_not_found');
    const plain = await walkIn({});
    expect(plain.statusCode).toBe(201);
    expect(plain.json().passId).toBeUndefined();
    expect((await roster('2028-06-13')).find((r) => r.id === w.json().id)!.pass!.creditsLeft).toBe(1);
  });

  it('the pass picker lists a customer’s paid passes for the session with credits left, and French refusals', async () => {
    const muayThai = async (date: string) =>
      ((await t.inject({ method: 'GET', url: `/api/sessions?from=${date}&days=1` })).json().sessions as { id: string; course: string }[]).find((s) =>
        s.course.startsWith('Muay Thai'),
      )!;
    const who = { email: 'chloe.picker@example.com', name: 'Chloé Picker' };
    const week = await createTestOrder(db(), { kind: 'days-single', days: 7, credits: 3, startDate: '2029-03-05', endDate: '2029-03-11', ...who });
    const mma = await createTestOrder(db(), {
      kind: 'days-single',
      covers: 'mma',
      days: 7,
      credits: 3,
      startDate: '2029-03-05',
      endDate: '2029-03-11',
      ...who,
    });
    const spent = await createTestOrder(db(), { kind: 'days-single', days: 3, credits: 1, startDate: '2029-03-05', endDate: '2029-03-07', ...who });
    // Not listed: unpaid, over, someone else's.
    await createTestOrder(db(), { kind: 'single', days: 1, credits: 1, startDate: '2029-03-06', endDate: '2029-03-06', paidSatang: 0, ...who });
    await createTestOrder(db(), { kind: 'single', days: 1, credits: 1, startDate: '2020-01-06', endDate: '2020-01-06', ...who });
    await createTestOrder(db(), { kind: 'days-single', days: 7, credits: 3, startDate: '2029-03-05', endDate: '2029-03-11', name: 'Dmitri Other' });

    const day1 = await muayThai('2029-03-05');
    const day2 = await muayThai('2029-03-06');
    const used = await t.inject({
      method: 'POST',
      url: '/api/desk/bookings',
      token: staff,
      payload: { sessionId: day1.id, name: who.name, source: 'walk_in', orderId: spent.id },
    });
    expect(used.statusCode, used.body).toBe(201);

    type Option = {
      orderId: number;
      customerName: string;
      passName: string;
      creditsLeft: number | null;
      usable: boolean;
      refusal: string | null;
      code: string | null;
    };
    const picker = async (sessionId: string, q: string) =>
      t.inject({ method: 'GET', url: `/api/desk/passes?sessionId=${sessionId}&q=${encodeURIComponent(q)}`, token: staff });
    const list = async (q: string): Promise<Option[]> => (await picker(day2.id, q)).json().passes;
    const options = await list('chloé');
    expect(options.map((o) => [o.orderId, o.usable, o.creditsLeft, o.code, o.refusal])).toEqual([
      [week.id, true, 3, null, null],
      [spent.id, false, 0, 'pass_no_credit', 'Plus aucun crédit sur ce pass : rien n’a été réservé'],
      [mma.id, false, 3, 'pass_not_covered', 'Ce pass ne couvre pas ce cours'],
    ]);
    expect(options[0]).toMatchObject({ customerName: who.name, passName: 'Test days-single muay-thai' });
    // By e-mail too; the other customer's pass only for their own name.
    expect((await list('CHLOE.PICKER@')).map((o) => o.orderId)).toEqual([week.id, spent.id, mma.id]);
    expect((await list('Dmitri Oth')).map((o) => o.customerName)).toEqual(['Dmitri Other']);

    // Booking with the picked pass takes its credit with the seat; the same day again is refused in French.
    const book = (orderId: number) =>
      t.inject({ method: 'POST', url: '/api/desk/bookings', token: staff, payload: { sessionId: day2.id, name: who.name, source: 'walk_in', orderId } });
    const ok = await book(week.id);
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ passId: 'days-single.muay-thai', creditsLeft: 2 });
    const after = await list('chloé');
    expect(after.find((o) => o.orderId === week.id)).toMatchObject({ usable: false, creditsLeft: 2, refusal: 'Ce pass a déjà servi pour un cours ce jour-là' });
    const seats = async () => (await roster('2029-03-06')).length;
    const before = await seats();
    const refused = await book(spent.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'pass_no_credit', error: 'Plus aucun crédit sur ce pass : rien n’a été réservé' });
    const notCovered = await book(mma.id);
    expect(notCovered.json()).toMatchObject({ code: 'pass_not_covered', error: 'Ce pass ne couvre pas ce cours' });
    expect(await seats()).toBe(before);

    expect((await picker(day2.id, 'c')).statusCode).toBe(400);
    expect((await picker('999999:2029-03-06', 'chloé')).statusCode).toBe(404);
    expect((await t.inject({ method: 'GET', url: `/api/desk/passes?sessionId=${day2.id}&q=chloe` })).statusCode).toBe(401);
  });

  it('the dashboard sums this gym month’s payments minus refunds per method and counts passes sold', async () => {
    const before = (await t.inject({ method: 'GET', url: '/api/dashboard-stats', token: staff })).json();
    const monthStart = startOfMonthInZone(new Date(), t.config.timezone);
    const cash = await createTestOrder(db(), {
      kind: 'single',
      days: 1,
      credits: 1,
      startDate: '2028-06-12',
      endDate: '2028-06-12',
      amountSatang: 50_000,
      method: 'cash',
    });
    const card = await createTestOrder(db(), {
      kind: 'single',
      days: 1,
      credits: 1,
      startDate: '2028-06-12',
      endDate: '2028-06-12',
      amountSatang: 80_050,
      method: 'card',
    });
    await createTestOrder(db(), { kind: 'single', days: 1, credits: 1, startDate: '2028-06-12', endDate: '2028-06-12', amountSatang: 80_000, paidSatang: 0 });
    const line = (orderId: number, kind: 'payment' | 'refund', method: 'cash' | 'card' | 'transfer', amount: number, at: Date) =>
      db()
        .insertInto('order_payments')
        .values({ order_id: orderId, kind, method, amount_satang: amount, external_id: null, note: null, user_id: null, created_at: at.toISOString() })
        .execute();
    // The last millisecond of last month is not this month's; its first is.
    await line(cash.id, 'payment', 'transfer', 10_000, new Date(monthStart.getTime() - 1));
    await line(cash.id, 'payment', 'transfer', 20_000, monthStart);
    await line(card.id, 'refund', 'card', 30_000, new Date());
    // Refunded in full: not sold.
    const refunded = await createTestOrder(db(), {
      kind: 'single',
      days: 1,
      credits: 1,
      startDate: '2028-06-12',
      endDate: '2028-06-12',
      amountSatang: 40_000,
      method: 'terminal',
    });
    await line(refunded.id, 'refund', 'cash', 40_000, new Date());

    const after = (await t.inject({ method: 'GET', url: '/api/dashboard-stats', token: staff })).json();
    const of = (s: { takingsThisMonth: { method: string; satang: number }[] }, m: string) => s.takingsThisMonth.find((x) => x.method === m)!.satang;
    expect(after.takingsThisMonth.map((x: { method: string }) => x.method)).toEqual(['promptpay', 'card', 'cash', 'terminal', 'transfer']);
    expect(of(after, 'cash') - of(before, 'cash')).toBe(50_000 - 40_000);
    expect(of(after, 'card') - of(before, 'card')).toBe(80_050 - 30_000);
    expect(of(after, 'transfer') - of(before, 'transfer')).toBe(20_000);
    expect(of(after, 'terminal') - of(before, 'terminal')).toBe(40_000);
    expect(after.passesSoldThisMonth - before.passesSoldThisMonth).toBe(2);
  });
});
