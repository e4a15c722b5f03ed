import { addDays, todayInZone } from '../../shared/gym-time';
import { contactPayloadSchema } from '../../shared/schemas/contact';
import { deskOrderSchema } from '../../shared/schemas/orders';
import { reservationPayloadSchema } from '../../shared/schemas/reservations';
import { waitlistJoinPayloadSchema } from '../../shared/schemas/waitlist';
import { submitContact } from '../contact/contact.service';
import type { AppContext } from '../context';
import { fromBool, type Db } from '../db/database';
import { findOrCreateCustomer } from '../customers/customers.repository';
import { plannedDays, type DeskOccurrence } from '../desk/desk.service';
import { insertSubscriber } from '../newsletter/newsletter.repository';
import { createDeskOrder } from '../orders/orders.service';
import { writeBooking } from '../reservations/booking-create.service';
import { insertReservation } from '../reservations/reservations.repository';
import { takeSeatAnyway } from '../timetable/timetable.service';
import { joinWaitlist } from '../waitlist/waitlist.service';
import { newToken } from '../auth/tokens';
import type { DemoCatalogue } from './demo-catalogue.seed';
import { DEMO_PROGRAMME, personOf } from './demo-content';
import { addRecords, backdateOrder, findSession, setSessionCapacity } from './demo.repository';

// A few weeks of the gym's life around the first start: classes attended and missed, bookings
// ahead, orders paid and owed, a stay arriving tomorrow with its pickup, a full class with a
// waiting list, a message to answer and newsletter subscribers. What can be made through the
// domains' services is (bookings ahead, orders and their money, the waiting list, the contact
// message); the past cannot be booked (the rules refuse it), so past classes are written as the
// desk's history, and orders bought before today are made today and dated back.

const DAY_MS = 86_400_000;
/** Seats of the class the demo fills, so that its waiting list shows. */
const FULL_CLASS_SEATS = 6;

const people = (from: number, n: number) => Array.from({ length: n }, (_, i) => personOf(from + i));

/** Group classes (not by appointment) that take place, per gym day from `from` for `days` days. */
async function groupClasses(ctx: AppContext, from: string, days: number): Promise<DeskOccurrence[][]> {
  const planned = await plannedDays(ctx.db, ctx.config.timezone, from, days);
  return planned.map((d) => (d.closed ? [] : d.occurrences.filter((o) => !o.cancelled && o.active)));
}

export async function seedDemoActivity(ctx: AppContext, catalogue: DemoCatalogue, adminId: number, now = new Date()): Promise<void> {
  const tz = ctx.config.timezone;
  const today = todayInZone(tz, now);
  const customers = new Map<string, number>();
  // The history in one transaction: a commit per row would cost seconds on a first start.
  const past = await groupClasses(ctx, addDays(today, -14), 14);
  await ctx.db.transaction().execute(async (trx) => {
    for (let i = 0; i < 14; i++) {
      const p = personOf(i);
      const c = await findOrCreateCustomer(trx, p);
      if (c) customers.set(p.email, c.id);
    }
    // ---- the last two weeks: classes attended, a few missed ----
    let n = 0;
    for (const day of past) {
      for (const o of day.slice(0, 3)) {
        for (const p of people(n, 2 + (n % 3))) {
          await insertReservation(trx, {
            name: p.name,
            email: p.email,
            phone: p.phone,
            course: o.course,
            date_time: o.startsAt.toISOString(),
            message: null,
            status: 'read',
            created_at: new Date(o.startsAt.getTime() - 2 * DAY_MS).toISOString(),
            weekly_session_id: o.weeklySessionId,
            session_date: o.date,
            manage_token_hash: null,
            attendance: n % 7 === 3 ? 'no_show' : 'present',
            language: p.language,
            customer_id: customers.get(p.email) ?? null,
          });
          await takeSeatAnyway(trx, o.weeklySessionId, o.date);
          n++;
        }
      }
    }
  });

  // ---- the next ten days: bookings through the booking rules ----
  const ahead = await groupClasses(ctx, today, 10);
  const upcoming = ahead.flat().filter((o) => o.startsAt.getTime() > now.getTime() + 30 * 60_000);
  const book = (trx: Db, o: DeskOccurrence, p: ReturnType<typeof personOf>) =>
    writeBooking(ctx, trx, {
      payload: reservationPayloadSchema.parse({
        name: p.name,
        email: p.email,
        phone: p.phone,
        course: o.course,
        dateTime: o.startsAt.toISOString(),
        message: null,
        language: p.language,
      }),
    });
  // The class to fill: the first evening Muay Thai class from tomorrow on (a waiting list on a full class).
  const evening = upcoming.filter((o) => o.date > today && o.time >= '16:00');
  const full = evening.find((o) => o.course.includes('Muay Thai')) ?? evening[0] ?? upcoming[upcoming.length - 1];
  if (full) {
    const before = await findSession(ctx.db, full.weeklySessionId);
    await setSessionCapacity(ctx.db, full.weeklySessionId, FULL_CLASS_SEATS);
    await addRecords(ctx.db, 'session', [`${full.weeklySessionId}:capacity`], { before: before?.capacity ?? null, demo: FULL_CLASS_SEATS });
  }
  // One transaction for them all, as a SQLite batch of bookings is (each through writeBooking).
  await ctx.db.transaction().execute(async (trx) => {
    for (const [i, o] of upcoming.entries()) {
      if (o === full || i % 2 === 1) continue;
      for (const p of people(i, 1 + (i % 3))) await book(trx, o, p);
    }
    if (full) for (const p of people(3, FULL_CLASS_SEATS)) await book(trx, full, p);
  });
  if (full) {
    for (const p of people(10, 2)) {
      await joinWaitlist(
        ctx,
        waitlistJoinPayloadSchema.parse({
          name: p.name,
          email: p.email,
          phone: p.phone,
          course: full.course,
          dateTime: full.startsAt.toISOString(),
          language: p.language,
        }),
      );
    }
  }

  await seedDemoOrders(ctx, catalogue, adminId, today);
  await seedDemoMessages(ctx, now);
}

/** Orders sold at the desk, some bought days ago (dated back), paid, partly paid or owed. */
async function seedDemoOrders(ctx: AppContext, catalogue: DemoCatalogue, adminId: number, today: string): Promise<void> {
  const order = async (
    i: number,
    lines: { passId?: string; stay?: object; pickup?: object },
    payment: { amountSatang: number; method: 'cash' | 'terminal' | 'transfer' } | null,
    daysAgo = 0,
    passDays = 1,
  ) => {
    const p = personOf(i);
    const payload = deskOrderSchema.parse({
      ...lines,
      startDate: lines.passId ? today : undefined,
      name: p.name,
      email: p.email,
      phone: p.phone,
      language: p.language,
      payment,
    });
    const created = await createDeskOrder(ctx, payload, adminId);
    if (daysAgo > 0) {
      const start = addDays(today, -daysAgo);
      await backdateOrder(ctx.db, created.row.id, new Date(Date.now() - daysAgo * DAY_MS).toISOString(), start, addDays(start, passDays - 1));
    }
    return created.row;
  };
  // Paid in full, bought weeks ago (the monthly figures and the receipts show them).
  await order(0, { passId: 'month-unlimited.muay-thai' }, { amountSatang: 1_200_000, method: 'cash' }, 20, 30);
  await order(1, { passId: 'week-single.mma' }, { amountSatang: 250_000, method: 'transfer' }, 9, 7);
  // Partly paid weeks ago: an overdue balance.
  await order(5, { passId: 'month-single.mma' }, { amountSatang: 400_000, method: 'cash' }, 25, 30);
  // Today: a private lesson paid by card, a week pass still owed, a single class owed.
  await order(2, { passId: 'private.muay-thai' }, { amountSatang: 100_000, method: 'terminal' });
  await order(3, { passId: 'week-unlimited.muay-thai' }, null);
  await order(9, { passId: 'single.mma' }, null);
  // The DTV programme: its deposit paid by transfer.
  await order(4, { passId: `${DEMO_PROGRAMME.key}.programme` }, { amountSatang: DEMO_PROGRAMME.deposit.value, method: 'transfer' });
  // A stay arriving tomorrow, with its pickup at Krabi airport; the deposit paid.
  const room = catalogue.roomTypes[1];
  const tomorrow = addDays(today, 1);
  await order(
    6,
    {
      stay: { roomTypeId: room.id, checkIn: tomorrow, checkOut: addDays(tomorrow, 7), guests: 1 },
      pickup: { airport: 'KBV', flightNumber: 'FD3011', arrivesAt: `${tomorrow}T14:35` },
    },
    { amountSatang: Math.round(room.nightlySatang * 7 * 0.3), method: 'transfer' },
  );
}

/** A message through the contact form (its conversation unread) and a few newsletter subscribers. */
async function seedDemoMessages(ctx: AppContext, now: Date): Promise<void> {
  const p = personOf(7);
  await submitContact(
    ctx,
    contactPayloadSchema.parse({
      name: p.name,
      email: p.email,
      phone: p.phone,
      subject: 'Training and a room for three weeks in January',
      message:
        'Hello! I would like to train Muay Thai twice a day for three weeks from mid-January and stay at the gym. Is the garden room free then, and do you pick up from Krabi airport? Thanks, Chloé (demo message)',
      language: 'en',
    }),
  );
  for (let i = 0; i < 6; i++) {
    const s = personOf(i + 4);
    const at = new Date(now.getTime() - (30 - i * 4) * DAY_MS).toISOString();
    await insertSubscriber(ctx.db, {
      email: `news.${s.email}`,
      name: s.name,
      is_active: fromBool(true),
      unsubscribe_token: newToken(),
      subscribed_at: at,
      confirmed_at: at,
      confirm_token_hash: null,
      confirm_sent_at: at,
      language: s.language,
    });
  }
}
