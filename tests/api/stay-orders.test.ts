import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDto } from '../../src/shared/api-types/payments';
import type { RoomTypeDto } from '../../src/shared/api-types/stays';
import { addDays } from '../../src/shared/gym-time';
import { expireLapsedOrders } from '../../src/server/orders/order-expiry';
import { sendBalanceReminders } from '../../src/server/orders/balance-reminders';
import { editSettings, gymToday, holdRanOut } from '../helpers/orders';
import { customer } from '../helpers/factories';
import { pdfText } from '../helpers/pdf-read';
import { stayBody } from '../helpers/stay-orders';
import { backends, createTestApp, type TestApp } from '../helpers/test-app';

// Issue 36 point 3: one order sells a pass, a room and an airport pickup. The room's nights are
// taken in the order's transaction (never beyond the type's rooms, however many buyers at once),
// held while the order awaits payment, given back once when it lapses or is cancelled.

const BUNGALOW = { name: 'Garden bungalow', maxGuests: 2, rooms: 3, nightlyPriceSatang: 120_000, weeklyPriceSatang: 700_000, monthlyPriceSatang: 2_400_000 };

describe.each(backends)('orders with a stay and a pickup on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  let bungalow: RoomTypeDto;
  const start = addDays(gymToday(), 40);

  const order = (payload: object) => t.inject({ method: 'POST', url: '/api/orders', payload });
  const taken = async (roomTypeId: number, night: string) => {
    const row = await t.app.ctx.db
      .selectFrom('room_nights')
      .select('taken')
      .where('room_type_id', '=', roomTypeId)
      .where('night', '=', night)
      .executeTakeFirst();
    return Number(row?.taken ?? 0);
  };
  const newType = async (rooms: number, extra: Record<string, unknown> = {}) => {
    const res = await t.inject({ method: 'POST', url: '/api/stays/room-types', token: admin, payload: { ...BUNGALOW, rooms, ...extra } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<RoomTypeDto>();
  };

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = (await t.signIn('admin')).token;
    await editSettings(t, admin, (s) => {
      s.payments.promptpayId = '0812345678';
    });
    bungalow = await newType(3);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('sells a pass, a room and a pickup in one order: each line apart, the total, the deposit and the balance due date', async () => {
    const checkIn = start;
    const res = await order(
      stayBody(
        { roomTypeId: bungalow.id, checkIn, checkOut: addDays(checkIn, 7), guests: 2 },
        {
          passId: 'week-single.muay-thai',
          startDate: checkIn,
          pickup: { airport: 'KBV', flightNumber: 'fd 3011', arrivesAt: `${addDays(checkIn, -1)}T14:35` },
        },
      ),
    );
    expect(res.statusCode, res.body).toBe(201);
    const o = res.json<OrderDto>();
    // Pass 1,500 THB + a week 7,000 THB + the KBV pickup 600 THB.
    expect(o.amountSatang).toBe(150_000 + 700_000 + 60_000);
    // The seed's stays deposit: 30 % of the whole order, rounded up to the baht.
    expect(o.depositSatang).toBe(Math.ceil((910_000 * 30) / 100 / 100) * 100);
    expect(o.lines).toMatchObject({
      trainingSatang: 150_000,
      stay: { roomTypeId: bungalow.id, checkIn, checkOut: addDays(checkIn, 7), nights: 7, guests: 2, amountSatang: 700_000, holdsNights: true },
      pickup: { airport: 'KBV', flightNumber: 'FD3011', arrivesAt: `${addDays(checkIn, -1)}T14:35`, amountSatang: 60_000 },
      // The balance is due 14 days before the arrival (the pickup's day, the first of the two).
      balanceDueDate: addDays(checkIn, -14),
      changeDatesUntil: addDays(checkIn, -14),
    });
    expect(o.lines?.included).toMatch(/air conditioning/);
    expect(o.lines?.termsVersion).toBeGreaterThan(0);
    const row = await t.app.ctx.db.selectFrom('orders').select(['terms_version', 'balance_due_date']).where('id', '=', o.id).executeTakeFirstOrThrow();
    expect(row.terms_version).toBe(o.lines?.termsVersion);
    expect(await taken(bungalow.id, checkIn)).toBe(1);
    expect(await taken(bungalow.id, addDays(checkIn, 6))).toBe(1);
    expect(await taken(bungalow.id, addDays(checkIn, 7))).toBe(0);
  });

  it('prices a stay at the best of the nightly, weekly and monthly rates', async () => {
    const type = await newType(5);
    const priced = async (nights: number) => {
      const res = await order(stayBody({ roomTypeId: type.id, checkIn: addDays(start, 100), checkOut: addDays(start, 100 + nights) }));
      expect(res.statusCode, res.body).toBe(201);
      return res.json<OrderDto>().lines?.stay?.amountSatang;
    };
    expect(await priced(3)).toBe(360_000);
    expect(await priced(7)).toBe(700_000);
    expect(await priced(9)).toBe(700_000 + 240_000);
    expect(await priced(30)).toBe(2_400_000);
    expect(await priced(32)).toBe(2_400_000 + 240_000);
  });

  it('sells a pickup alone (no pass, no stay), paid at the desk', async () => {
    const who = customer();
    const res = await order({
      name: who.name,
      email: who.email,
      phone: null,
      language: 'fr',
      method: 'desk',
      pickup: { airport: 'HKT', arrivesAt: `${start}T09:05` },
    });
    expect(res.statusCode, res.body).toBe(201);
    const o = res.json<OrderDto>();
    expect(o).toMatchObject({ passId: '', amountSatang: 250_000 });
    expect(o.lines).toMatchObject({ trainingSatang: 0, stay: null, pickup: { airport: 'HKT', flightNumber: null }, termsVersion: null });
    expect(o.lines?.meetingPoint).toMatch(/exit 3/);
  });

  it('pushes staff of a new stay (the order push, its own title)', async () => {
    // The app's notifier, observed; it still sends.
    const pushes: { title: string; url?: string; body: string }[] = [];
    const push = t.app.ctx.push;
    const original = push.notifyStaff.bind(push);
    push.notifyStaff = (p) => {
      pushes.push({ title: p.title, url: p.url, body: p.body });
      return original(p);
    };
    try {
      const res = await order(stayBody({ roomTypeId: bungalow.id, checkIn: addDays(start, 60), checkOut: addDays(start, 62) }));
      expect(res.statusCode, res.body).toBe(201);
      expect(pushes).toEqual([{ title: 'Nouveau séjour', url: `/admin/orders/${res.json().id}`, body: expect.stringContaining(res.json().reference) }]);
    } finally {
      push.notifyStaff = original;
    }
  });

  it('the desk sells a stay with a pickup and takes money at once', async () => {
    const staff = (await t.signIn('staff')).token;
    const who = customer();
    const checkIn = addDays(start, 70);
    const res = await t.inject({
      method: 'POST',
      url: '/api/desk/orders',
      token: staff,
      payload: {
        name: who.name,
        email: null,
        phone: '+66 81 234 5678',
        language: 'en',
        stay: { roomTypeId: bungalow.id, checkIn, checkOut: addDays(checkIn, 2), guests: 1 },
        pickup: { airport: 'HKT', arrivesAt: `${checkIn}T08:00` },
        payment: { amountSatang: 100_000, method: 'cash' },
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ amountSatang: 240_000 + 250_000, paidSatang: 100_000, lines: { stay: { nights: 2 }, pickup: { airport: 'HKT' } } });
    expect(await taken(bungalow.id, checkIn)).toBeGreaterThanOrEqual(1);
  });

  it('refuses what the rules refuse, with clear codes', async () => {
    const cases: [object, number, string][] = [
      [{ ...stayBody({ roomTypeId: bungalow.id, checkIn: start, checkOut: addDays(start, 2) }), stay: undefined }, 400, 'validation'],
      [stayBody({ roomTypeId: bungalow.id, checkIn: addDays(gymToday(), -1), checkOut: addDays(start, 2) }), 400, 'check_in_past'],
      [stayBody({ roomTypeId: bungalow.id, checkIn: start, checkOut: addDays(start, 181) }), 400, 'stay_too_long'],
      [stayBody({ roomTypeId: bungalow.id, checkIn: start, checkOut: addDays(start, 2), guests: 3 }), 400, 'too_many_guests'],
      [stayBody({ roomTypeId: 999_999, checkIn: start, checkOut: addDays(start, 2) }), 400, 'room_type_unknown'],
      [stayBody({ roomTypeId: bungalow.id, checkIn: start, checkOut: start }), 400, 'validation'],
      [
        stayBody({ roomTypeId: bungalow.id, checkIn: start, checkOut: addDays(start, 2) }, { pickup: { airport: 'BKK', arrivesAt: `${start}T10:00` } }),
        400,
        'airport_unknown',
      ],
      [
        stayBody({ roomTypeId: bungalow.id, checkIn: start, checkOut: addDays(start, 2) }, { pickup: { airport: 'KBV', arrivesAt: '2020-01-01T10:00' } }),
        400,
        'pickup_in_past',
      ],
      // Online, a room is held with its deposit paid: never "pay at the desk" (it would never lapse).
      [stayBody({ roomTypeId: bungalow.id, checkIn: start, checkOut: addDays(start, 2) }, { method: 'desk' }), 400, 'stay_deposit_online'],
    ];
    for (const [payload, status, code] of cases) {
      const res = await order(payload);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().code, res.body).toBe(code);
    }
  });

  it('20 buyers at once for the last 2 rooms: 2 orders, 18 refused with rooms_full, never more nights than rooms', async () => {
    const type = await newType(3);
    const checkIn = addDays(start, 5);
    // One room already sold for the middle night: 2 are left for the whole stay.
    expect((await order(stayBody({ roomTypeId: type.id, checkIn: addDays(checkIn, 1), checkOut: addDays(checkIn, 2) }))).statusCode).toBe(201);
    const answers = await Promise.all(Array.from({ length: 20 }, () => order(stayBody({ roomTypeId: type.id, checkIn, checkOut: addDays(checkIn, 3) }))));
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(2);
    expect(codes.filter((c) => c === 409)).toHaveLength(18);
    for (const r of answers.filter((a) => a.statusCode === 409)) expect(r.json().code).toBe('rooms_full');
    expect(await taken(type.id, checkIn)).toBe(2);
    expect(await taken(type.id, addDays(checkIn, 1))).toBe(3);
    expect(await taken(type.id, addDays(checkIn, 2))).toBe(2);
    const stays = await t.app.ctx.db.selectFrom('order_stays').select('order_id').where('room_type_id', '=', type.id).execute();
    expect(stays).toHaveLength(3);
  });

  it('gives the nights back once when an unpaid order lapses, and when staff cancel one', async () => {
    const type = await newType(1);
    const checkIn = addDays(start, 3);
    const res = await order(stayBody({ roomTypeId: type.id, checkIn, checkOut: addDays(checkIn, 2) }));
    expect(res.statusCode, res.body).toBe(201);
    const first = res.json<OrderDto>();
    expect((await order(stayBody({ roomTypeId: type.id, checkIn, checkOut: addDays(checkIn, 1) }))).json().code).toBe('rooms_full');
    const later = new Date(Date.now() + 3 * 86_400_000);
    // Two runs at once (two instances), then another: released once.
    const runs = await Promise.all([expireLapsedOrders(t.app.ctx, later), expireLapsedOrders(t.app.ctx, later)]);
    expect(runs.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    await expireLapsedOrders(t.app.ctx, later);
    expect(await taken(type.id, checkIn)).toBe(0);
    const stay = await t.app.ctx.db.selectFrom('order_stays').select('holds_nights').where('order_id', '=', first.id).executeTakeFirstOrThrow();
    expect(stay.holds_nights).toBe(0);
    const audit = await t.app.ctx.db
      .selectFrom('audit_log')
      .select('summary')
      .where('entity_id', '=', String(first.id))
      .where('route', '=', '/jobs/order-expiry')
      .execute();
    expect(audit.map((a) => a.summary)).toEqual([expect.stringContaining('rooms released')]);

    const second = await order(stayBody({ roomTypeId: type.id, checkIn, checkOut: addDays(checkIn, 2) }));
    expect(second.statusCode, second.body).toBe(201);
    expect(await taken(type.id, checkIn)).toBe(1);
    const cancel = await t.inject({ method: 'POST', url: `/api/orders/${second.json().id}/cancel`, token: admin });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await taken(type.id, checkIn)).toBe(0);
    // Cancelling again gives nothing back twice.
    await t.inject({ method: 'POST', url: `/api/orders/${second.json().id}/cancel`, token: admin });
    expect(await taken(type.id, checkIn)).toBe(0);
  });
  it('a payment on a lapsed order takes its nights again while they are free; when one was sold since, staff are told', async () => {
    const type = await newType(1);
    const checkIn = addDays(start, 8);
    const lapse = async (id: number) => {
      // Its hold ran out an hour ago; the expiry job gives the nights back.
      await holdRanOut(t, id, 3_600_000);
      await expireLapsedOrders(t.app.ctx, new Date());
    };
    const pay = (o: OrderDto) =>
      t.inject({
        method: 'POST',
        url: `/api/orders/${o.id}/payments`,
        token: admin,
        payload: { amountSatang: o.depositSatang || o.amountSatang, method: 'transfer' },
      });
    const holds = async (id: number) =>
      (await t.app.ctx.db.selectFrom('order_stays').select('holds_nights').where('order_id', '=', id).executeTakeFirstOrThrow()).holds_nights;
    const alerts = (reference: string) =>
      t.app.ctx.db
        .selectFrom('outbox')
        .select(['subject', 'text_body'])
        .where('subject', 'like', `%${reference}%`)
        .where('subject', 'like', 'Payment on a closed order%')
        .execute();

    const late = (await order(stayBody({ roomTypeId: type.id, checkIn, checkOut: addDays(checkIn, 2) }))).json<OrderDto>();
    await lapse(late.id);
    expect(await taken(type.id, checkIn)).toBe(0);
    // Two payments recorded at once (two desks): the nights are taken again once.
    const [first] = await Promise.all([pay(late), pay(late)]);
    expect(first.statusCode, first.body).toBe(201);
    expect(await holds(late.id)).toBe(1);
    expect(await taken(type.id, checkIn)).toBe(1);
    expect(await taken(type.id, addDays(checkIn, 1))).toBe(1);
    expect((await alerts(late.reference)).map((m) => m.text_body).join('\n')).toMatch(/taken again for the same dates/);
    // The room is held again: nobody else gets it.
    expect((await order(stayBody({ roomTypeId: type.id, checkIn, checkOut: addDays(checkIn, 1) }))).json().code).toBe('rooms_full');

    const other = addDays(checkIn, 10);
    const lost = (await order(stayBody({ roomTypeId: type.id, checkIn: other, checkOut: addDays(other, 2) }))).json<OrderDto>();
    await lapse(lost.id);
    const since = await order(stayBody({ roomTypeId: type.id, checkIn: addDays(other, 1), checkOut: addDays(other, 2) }));
    expect(since.statusCode, since.body).toBe(201);
    const paid = await pay(lost);
    expect(paid.statusCode, paid.body).toBe(201);
    // Never beyond the rooms: the first night is free, the second is not, so none is taken.
    expect(await holds(lost.id)).toBe(0);
    expect(await taken(type.id, other)).toBe(0);
    expect(await taken(type.id, addDays(other, 1))).toBe(1);
    expect((await alerts(lost.reference)).map((m) => m.text_body).join('\n')).toMatch(/no longer free for these dates/);
  });

  describe('terms: cancellation quotes and changes of dates', () => {
    const buy = async (roomTypeId: number, checkIn: string, nights: number) => {
      const res = await order(stayBody({ roomTypeId, checkIn, checkOut: addDays(checkIn, nights) }));
      expect(res.statusCode, res.body).toBe(201);
      return res.json<OrderDto>();
    };
    const pay = async (id: number, amountSatang: number) => {
      const res = await t.inject({ method: 'POST', url: `/api/orders/${id}/payments`, token: admin, payload: { amountSatang, method: 'cash' } });
      expect(res.statusCode, res.body).toBe(201);
    };
    const quote = async (id: number) => {
      const res = await t.inject({ method: 'GET', url: `/api/orders/${id}/cancellation-quote`, token: admin });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };

    it('quotes the refund of each tier from the days before check-in (gym time), on what was paid', async () => {
      const type = await newType(3);
      const far = await buy(type.id, addDays(gymToday(), 40), 3);
      const mid = await buy(type.id, addDays(gymToday(), 20), 3);
      const near = await buy(type.id, addDays(gymToday(), 5), 3);
      for (const o of [far, mid, near]) await pay(o.id, 100_000);
      expect(await quote(far.id)).toMatchObject({
        daysBeforeArrival: 40,
        refundPercent: 100,
        paidSatang: 100_000,
        refundSatang: 100_000,
        termsVersion: far.lines?.termsVersion,
      });
      expect(await quote(mid.id)).toMatchObject({ daysBeforeArrival: 20, refundPercent: 50, refundSatang: 50_000 });
      expect(await quote(near.id)).toMatchObject({ daysBeforeArrival: 5, refundPercent: 0, refundSatang: 0 });
      // A pass alone has no stay to quote.
      const pass = await order({
        ...stayBody({ roomTypeId: type.id, checkIn: gymToday(), checkOut: gymToday() }),
        stay: undefined,
        passId: 'week-single.muay-thai',
        startDate: gymToday(),
      });
      expect(pass.statusCode, pass.body).toBe(201);
      const none = await t.inject({ method: 'GET', url: `/api/orders/${pass.json().id}/cancellation-quote`, token: admin });
      expect(none.json().code).toBe('no_stay');
    });

    it('keeps the terms version the buyer accepted when the owner changes them; a new order takes the new one', async () => {
      const type = await newType(2);
      const before = await buy(type.id, addDays(gymToday(), 20), 2);
      await editSettings(t, admin, (s) => {
        s.stays!.terms.tiers = [{ daysBefore: 10, refundPercent: 80 }];
        s.stays!.terms.freeChangeDays = 3;
      });
      const after = await buy(type.id, addDays(gymToday(), 20), 2);
      expect(after.lines?.termsVersion).toBeGreaterThan(before.lines!.termsVersion!);
      await pay(before.id, 100_000);
      await pay(after.id, 100_000);
      expect(await quote(before.id)).toMatchObject({ termsVersion: before.lines?.termsVersion, refundPercent: 50 });
      expect(await quote(after.id)).toMatchObject({ termsVersion: after.lines?.termsVersion, refundPercent: 80 });
      // Saving the settings without touching the terms makes no new version.
      const count = async () => (await t.app.ctx.db.selectFrom('stay_terms_versions').select('version').execute()).length;
      const n = await count();
      await editSettings(t, admin, (s) => {
        s.waitlist.offerHours = 6;
      });
      expect(await count()).toBe(n);
      await editSettings(t, admin, (s) => {
        s.stays!.terms.tiers = [
          { daysBefore: 30, refundPercent: 100 },
          { daysBefore: 14, refundPercent: 50 },
        ];
        s.stays!.terms.freeChangeDays = 14;
      });
    });

    it('staff confirm the quote: the order is cancelled, its nights given back, the quoted amount refunded once', async () => {
      const type = await newType(1);
      const checkIn = addDays(gymToday(), 20);
      const o = await buy(type.id, checkIn, 2);
      await pay(o.id, 100_000);
      const q = await quote(o.id);
      expect(q.refundSatang).toBe(50_000);
      const stale = await t.inject({ method: 'POST', url: `/api/orders/${o.id}/stay-cancellation`, token: admin, payload: { refundSatang: 100_000 } });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().code).toBe('stale_version');
      const res = await t.inject({ method: 'POST', url: `/api/orders/${o.id}/stay-cancellation`, token: admin, payload: { refundSatang: 50_000 } });
      expect(res.statusCode, res.body).toBe(200);
      // The half the terms keep is the cancelled order's price: neither overpaid nor owed back.
      expect(res.json()).toMatchObject({ status: 'cancelled', refundedSatang: 50_000, overpaidSatang: 0, lines: { stay: { holdsNights: false } } });
      expect(res.json().cancelledAt).not.toBeNull();
      expect(await taken(type.id, checkIn)).toBe(0);
      const again = await t.inject({ method: 'POST', url: `/api/orders/${o.id}/stay-cancellation`, token: admin, payload: { refundSatang: 50_000 } });
      expect(again.json().code).toBe('order_closed');
      const refunds = await t.app.ctx.db
        .selectFrom('order_payments')
        .select('amount_satang')
        .where('order_id', '=', o.id)
        .where('kind', '=', 'refund')
        .execute();
      expect(refunds.map((r) => r.amount_satang)).toEqual([50_000]);
    });

    it('the buyer changes dates within the terms: nights moved in one go, the price difference in the total; refused too late or when full', async () => {
      const type = await newType(1);
      const checkIn = addDays(gymToday(), 40);
      const res = await order(stayBody({ roomTypeId: type.id, checkIn, checkOut: addDays(checkIn, 3) }));
      const token = res.json().token as string;
      const id = res.json().id as number;
      const move = (body: object) => t.inject({ method: 'POST', url: `/api/orders/by-token/${token}/stay-dates`, payload: body });
      // One night later and a night longer: shares two nights with itself.
      const moved = await move({ checkIn: addDays(checkIn, 1), checkOut: addDays(checkIn, 5) });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json()).toMatchObject({ amountSatang: 480_000, lines: { stay: { checkIn: addDays(checkIn, 1), nights: 4, amountSatang: 480_000 } } });
      expect(await taken(type.id, checkIn)).toBe(0);
      for (let d = 1; d < 5; d++) expect(await taken(type.id, addDays(checkIn, d))).toBe(1);
      // Another buyer holds the only room later on: moving there is refused and nothing changes.
      await buy(type.id, addDays(checkIn, 10), 2);
      const full = await move({ checkIn: addDays(checkIn, 9), checkOut: addDays(checkIn, 11) });
      expect(full.statusCode).toBe(409);
      expect(full.json().code).toBe('rooms_full');
      expect(await taken(type.id, addDays(checkIn, 1))).toBe(1);
      expect(await taken(type.id, addDays(checkIn, 10))).toBe(1);
      // Within 14 days of check-in (the seed's freeChangeDays): closed.
      const late = await order(stayBody({ roomTypeId: bungalow.id, checkIn: addDays(gymToday(), 10), checkOut: addDays(gymToday(), 12) }));
      const lateMove = await t.inject({
        method: 'POST',
        url: `/api/orders/by-token/${late.json().token}/stay-dates`,
        payload: { checkIn: addDays(gymToday(), 60), checkOut: addDays(gymToday(), 62) },
      });
      expect(lateMove.statusCode).toBe(409);
      expect(lateMove.json().code).toBe('stay_change_closed');
      const row = await t.app.ctx.db.selectFrom('orders').select('amount_satang').where('id', '=', id).executeTakeFirstOrThrow();
      expect(row.amount_satang).toBe(480_000);
    });
    it('the pickup moves with the stay, by as many days at the same hour, and staff are pushed', async () => {
      const type = await newType(1);
      const checkIn = addDays(gymToday(), 50);
      const res = await order(
        stayBody(
          { roomTypeId: type.id, checkIn, checkOut: addDays(checkIn, 3) },
          { pickup: { airport: 'KBV', flightNumber: 'FD3011', arrivesAt: `${addDays(checkIn, -1)}T22:40` } },
        ),
      );
      expect(res.statusCode, res.body).toBe(201);
      const { token, id } = res.json<OrderDto>() as OrderDto & { token: string };
      const sequence = async () =>
        Number((await t.app.ctx.db.selectFrom('order_pickups').select('sequence').where('order_id', '=', id).executeTakeFirstOrThrow()).sequence);
      const before = await sequence();
      const pushes: { title: string; body: string }[] = [];
      const push = t.app.ctx.push;
      const original = push.notifyStaff.bind(push);
      push.notifyStaff = (p) => {
        pushes.push({ title: p.title, body: p.body });
        return original(p);
      };
      try {
        const moved = await t.inject({
          method: 'POST',
          url: `/api/orders/by-token/${token}/stay-dates`,
          payload: { checkIn: addDays(checkIn, 2), checkOut: addDays(checkIn, 6) },
        });
        expect(moved.statusCode, moved.body).toBe(200);
        expect(moved.json<OrderDto>().lines?.pickup).toMatchObject({ airport: 'KBV', flightNumber: 'FD3011', arrivesAt: `${addDays(checkIn, 1)}T22:40` });
        // The balance follows the first of the two arrivals.
        expect(moved.json<OrderDto>().lines?.balanceDueDate).toBe(addDays(checkIn, 2 - 14));
        expect(await sequence()).toBe(before + 1);
        expect(pushes).toEqual([{ title: 'Séjour déplacé', body: expect.stringContaining(`transfert ${addDays(checkIn, 1)} 22:40 (KBV)`) }]);
      } finally {
        push.notifyStaff = original;
      }
    });
  });
  describe('e-mails: the lines apart, and the balance reminder once', () => {
    const outbox = (to: string) => t.app.ctx.db.selectFrom('outbox').select(['subject', 'text_body']).where('to_address', '=', to).orderBy('id').execute();

    it("the order's e-mail lists training, room and pickup apart, what is included and not, and the balance's due date, in the buyer's language", async () => {
      const checkIn = addDays(gymToday(), 30);
      const body = stayBody(
        { roomTypeId: bungalow.id, checkIn, checkOut: addDays(checkIn, 3) },
        {
          language: 'fr',
          passId: 'week-single.muay-thai',
          startDate: checkIn,
          pickup: { airport: 'KBV', flightNumber: 'FD3011', arrivesAt: `${checkIn}T10:20` },
        },
      );
      const res = await order(body);
      expect(res.statusCode, res.body).toBe(201);
      const [mail] = await outbox(body.email);
      expect(mail.text_body).toMatch(/Entraînement/);
      expect(mail.text_body).toMatch(/Chambre[^\n]*Bungalow jardin|Chambre[^\n]*Garden bungalow/);
      expect(mail.text_body).toMatch(/3 nuits/);
      expect(mail.text_body).toMatch(/Transfert aéroport[^\n]*vol FD3011/);
      expect(mail.text_body).toMatch(/Inclus/);
      expect(mail.text_body).toMatch(/Non inclus/);
      expect(mail.text_body).toMatch(/Le solde de .* est à régler avant le/);
    });

    it('reminds the buyer once, three days before the balance is due, with a link that opens the order page', async () => {
      const type = await newType(1);
      const checkIn = addDays(gymToday(), 20);
      const body = stayBody({ roomTypeId: type.id, checkIn, checkOut: addDays(checkIn, 7) }, { language: 'de' });
      const res = await order(body);
      expect(res.statusCode, res.body).toBe(201);
      const o = res.json<OrderDto>();
      expect(o.lines?.balanceDueDate).toBe(addDays(checkIn, -14));
      await t.inject({ method: 'POST', url: `/api/orders/${o.id}/payments`, token: admin, payload: { amountSatang: o.depositSatang, method: 'cash' } });
      const dueDay = new Date(Date.parse(`${addDays(checkIn, -14)}T05:00:00Z`));
      const reminders = async () => (await outbox(body.email)).filter((m) => m.subject.includes('Restbetrag'));
      // Four days before: nothing yet (other orders of this suite may be reminded).
      await sendBalanceReminders(t.app.ctx, new Date(dueDay.getTime() - 4 * 86_400_000));
      expect(await reminders()).toHaveLength(0);
      // Two instances at once, then a later run: one e-mail.
      const threeBefore = new Date(dueDay.getTime() - 3 * 86_400_000);
      await Promise.all([sendBalanceReminders(t.app.ctx, threeBefore), sendBalanceReminders(t.app.ctx, threeBefore)]);
      await sendBalanceReminders(t.app.ctx, dueDay);
      const sent = await reminders();
      expect(sent).toHaveLength(1);
      expect(sent[0].text_body).toMatch(/ist bis .* fällig/);
      const link = /\/booking\/order\/([A-Za-z0-9_-]+)/.exec(sent[0].text_body);
      expect(link).not.toBeNull();
      const page = await t.inject({ method: 'GET', url: `/api/orders/by-token/${link![1]}` });
      expect(page.statusCode, page.body).toBe(200);
      expect(page.json()).toMatchObject({ id: o.id, status: 'deposit-paid', owedSatang: o.amountSatang - o.depositSatang });
    });
  });
  it('the receipt lists training, room and pickup apart, with the total', async () => {
    const checkIn = addDays(gymToday(), 50);
    const res = await order(
      stayBody(
        { roomTypeId: bungalow.id, checkIn, checkOut: addDays(checkIn, 2) },
        {
          passId: 'week-single.muay-thai',
          startDate: checkIn,
          pickup: { airport: 'KBV', flightNumber: 'FD3011', arrivesAt: `${checkIn}T10:20` },
        },
      ),
    );
    expect(res.statusCode, res.body).toBe(201);
    const o = res.json<OrderDto>();
    const paid = await t.inject({
      method: 'POST',
      url: `/api/orders/${o.id}/payments`,
      token: admin,
      payload: { amountSatang: o.amountSatang, method: 'cash' },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const pdf = await t.inject({ method: 'GET', url: `/api/orders/by-token/${o.token}/receipt.pdf` });
    expect(pdf.statusCode).toBe(200);
    const text = (await pdfText(pdf.rawPayload)).replace(/\s+/g, ' ');
    expect(text).toMatch(/Training: .*1,500/);
    expect(text).toMatch(/Room: Garden bungalow \(2 nights, 1 guest\).*2,400/);
    expect(text).toMatch(/Airport pickup: KBV, flight FD3011, 10:20.*600/);
    expect(text).toMatch(/Total.*4,500/);
  });
});
