import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zonedToInstant } from '../../shared/gym-time';
import { createStayOrder, testRoomType } from '../../../tests/helpers/stay-fixtures';
import { backends, createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { addLedgerLine } from '../ledger/ledger.repository';
import { closeRoom } from '../stays/stays.service';
import { monthlyStayFigures } from './dashboard.service';
import { splitLine } from './stay-figures';

// The dashboard's stay figures (issue 36 §7, decision 161): occupancy per gym month, and takings
// from rooms and pickups apart from training, each ledger line split by its order's lines.

const TZ = 'Asia/Bangkok';

describe('splitLine', () => {
  const line = { order_id: 1, created_at: '', order_satang: 1000, stay_satang: 333, pickup_satang: 333 };
  it('shares a line in proportion to the lines, training taking the rounding; money out counts negative', () => {
    expect(splitLine({ ...line, kind: 'payment', amount_satang: 100 })).toEqual({ rooms: 33, pickups: 33, training: 34 });
    expect(splitLine({ ...line, kind: 'refund', amount_satang: 1000 })).toEqual({ rooms: -333, pickups: -333, training: -334 });
    expect(splitLine({ ...line, kind: 'payment', amount_satang: 500, stay_satang: null, pickup_satang: null })).toEqual({
      rooms: 0,
      pickups: 0,
      training: 500,
    });
    expect(splitLine({ ...line, kind: 'payment', amount_satang: 500, order_satang: 0 })).toEqual({ rooms: 0, pickups: 0, training: 500 });
  });
});

describe.each(backends)('stay figures on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('counts room nights per gym month against the rooms open, and splits the takings by line', async () => {
    const db = t.app.ctx.db;
    const type = await testRoomType(t.app.ctx, 2);
    // March 2031: 4 nights and 1 night sold, one room closed 1 night; the stay over the month's end counts its nights in each month.
    const a = await createStayOrder(db, {
      roomTypeId: type.id,
      checkIn: '2031-03-10',
      checkOut: '2031-03-14',
      trainingSatang: 300_000,
      staySatang: 500_000,
      pickup: { airport: 'KBV', flightNumber: null, arrivesAt: '2031-03-10T12:00', amountSatang: 100_000 },
    });
    await createStayOrder(db, { roomTypeId: type.id, checkIn: '2031-02-27', checkOut: '2031-03-02', staySatang: 300_000 });
    await closeRoom(t.app.ctx, { roomId: type.roomList[1].id, firstNight: '2031-03-20', lastNight: '2031-03-20', reason: '' });
    const training = await createStayOrder(db, { roomTypeId: type.id, checkIn: '2031-01-05', checkOut: '2031-01-06', trainingSatang: 200_000, staySatang: 0 });

    // Half the order paid on 1 March 00:30 gym time (still February in UTC), then 900 THB refunded.
    const pay = async (orderId: number, kind: 'payment' | 'refund', amountSatang: number, at: Date) => {
      const row = await addLedgerLine(db, { orderId, kind, method: 'cash', amountSatang });
      await db.updateTable('order_payments').set({ created_at: at.toISOString() }).where('id', '=', row!.id).execute();
    };
    await pay(a.id, 'payment', 450_000, zonedToInstant('2031-03-01', '00:30', TZ));
    await pay(a.id, 'refund', 90_000, zonedToInstant('2031-03-16', '10:00', TZ));
    await pay(training.id, 'payment', 200_000, zonedToInstant('2031-02-28', '23:30', TZ));

    const months = await monthlyStayFigures(t.app.ctx, zonedToInstant('2031-03-20', '12:00', TZ));
    expect(months.map((m) => m.month)).toEqual(['2030-10', '2030-11', '2030-12', '2031-01', '2031-02', '2031-03']);
    const [jan, feb, mar] = months.slice(3);
    expect(mar).toEqual({
      month: '2031-03',
      roomNightsSold: 4 + 1,
      roomNightsAvailable: 2 * 31 - 1,
      occupancy: 5 / 61,
      roomsSatang: 250_000 - 50_000,
      pickupsSatang: 50_000 - 10_000,
      trainingSatang: 150_000 - 30_000,
    });
    expect(feb).toMatchObject({ roomNightsSold: 2, roomNightsAvailable: 2 * 28, roomsSatang: 0, pickupsSatang: 0, trainingSatang: 200_000 });
    expect(jan).toMatchObject({ roomNightsSold: 1, roomNightsAvailable: 62 });
    expect(months[0]).toMatchObject({ roomNightsSold: 0, occupancy: 0, roomsSatang: 0 });
  });

  it('shows the figures on the dashboard', async () => {
    const staff = (await t.signIn('staff')).token;
    const res = await t.inject({ method: 'GET', url: '/api/dashboard-stats', token: staff });
    expect(res.statusCode).toBe(200);
    const stays = res.json().stays as { month: string; occupancy: number | null }[];
    expect(stays).toHaveLength(6);
    expect(stays.every((m) => /^\d{4}-\d{2}$/.test(m.month))).toBe(true);
  });
});
