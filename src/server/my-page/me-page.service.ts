import type { MePageDto, MeBookingDto } from '../../shared/api-types';
import { instantToZoned, todayInZone } from '../../shared/gym-time';
import { hasReceipt } from '../../shared/ledger';
import { checkInCodeOf } from '../check-in/check-in-code';
import type { AppContext } from '../context';
import { isLate } from '../credits/credits';
import { heldUsesOf } from '../credits/credits.repository';
import { pausable, sellsPass } from '../credits/pass-pause';
import { pausedDaysOfOrders } from '../credits/pass-pause.repository';
import { figuresOf, takesPayment } from '../ledger/order-figures';
import { creditDeadlineOf } from '../reservations/booking-rules';
import { currentSiteSettings } from '../site-settings/site-settings.service';
import { positionOf } from '../waitlist/waitlist.repository';
import { waiverStatusOf } from '../waivers/waivers.service';
import { withMergedInto } from '../me/me.repository';
import * as records from './me-records.repository';

// GET /api/me (issue 47 point 2): the person's records as My page shows them, read from the
// tables the other parts write; the actions' rules stay in their services (me-actions.service.ts).

type Customer = { id: number; name: string; email: string | null; language: MePageDto['language'] };

/** The customer ids whose records are this person's: theirs and the records staff merged into it. */
export const idsOf = (ctx: AppContext, customerId: number) => withMergedInto(ctx.db, [customerId]);

export async function mePage(ctx: AppContext, customer: Customer, now = new Date()): Promise<MePageDto> {
  const tz = ctx.config.timezone;
  const today = todayInZone(tz, now);
  const ids = await idsOf(ctx, customer.id);
  const [bookingRows, orderRows, emails, settings, waiver, checkInCode] = await Promise.all([
    records.bookingsOf(ctx.db, ids),
    records.ordersOf(ctx.db, ids),
    records.emailsOf(ctx.db, ids),
    currentSiteSettings(ctx),
    waiverStatusOf(ctx, customer.id),
    checkInCodeOf(ctx.db, customer.id),
  ]);
  const orderIds = orderRows.map((o) => o.row.id);
  const [waitRows, stayRows, letterRows, held, paused] = await Promise.all([
    records.waitlistOf(ctx.db, emails),
    records.staysOf(ctx.db, orderIds),
    records.lettersOf(ctx.db, orderIds),
    heldUsesOf(ctx.db, orderIds),
    pausedDaysOfOrders(ctx.db, orderIds),
  ]);
  const at = (iso: string) => instantToZoned(iso, tz);

  const bookings = bookingRows.map((r): MeBookingDto & { past: boolean } => {
    const started = new Date(r.date_time).getTime() <= now.getTime();
    const standing = r.status !== 'cancelled';
    const { date, time } = at(r.date_time);
    // A lesson's link moves it until its cancel deadline (lesson-changes.service.ts).
    const lessonMove =
      r.weekly_session_id == null && r.trainer_id != null && r.minutes != null && standing && !started && r.manage_token_hash != null
        ? !isLate(creditDeadlineOf(r, settings.payments.cancelHours), now)
          ? { trainerId: r.trainer_id, minutes: r.minutes }
          : null
        : null;
    return {
      id: r.id,
      kind: r.weekly_session_id == null ? 'lesson' : 'class',
      course: r.course,
      startsAt: new Date(r.date_time).toISOString(),
      gymDate: date,
      gymTime: time,
      status: r.status,
      cancelledBy: r.cancelled_by,
      trainer: r.trainer ?? null,
      passOrderId: r.pass_order_id ?? null,
      // What the manage link offers; its service decides again when asked (deadlines, seats).
      canCancel: standing && !started && r.manage_token_hash != null,
      canMove: standing && !started && r.manage_token_hash != null && r.weekly_session_id != null,
      lessonMove,
      past: started,
    };
  });
  const strip = ({ past: _past, ...b }: MeBookingDto & { past: boolean }): MeBookingDto => b;
  const classes = bookings.filter((b) => b.kind === 'class');

  const waitlist = await Promise.all(
    waitRows.map(async (w) => {
      const { date, time } = at(w.date_time);
      const inLine = w.status === 'waiting' || w.status === 'offered';
      return {
        id: w.id,
        course: w.course,
        startsAt: new Date(w.date_time).toISOString(),
        gymDate: date,
        gymTime: time,
        status: w.status,
        position: inLine ? await positionOf(ctx.db, w) : null,
        offerExpiresAt: w.status === 'offered' ? w.offer_expires_at : null,
      };
    }),
  );

  const figures = new Map(orderRows.map((o) => [o.row.id, figuresOf(o.row, o.totals, now)]));
  const passes = orderRows
    .filter((o) => sellsPass(o.row) && !o.row.cancelled_at)
    .map(({ row }) => {
      const f = figures.get(row.id)!;
      const pausedDays = paused.get(row.id) ?? 0;
      const open = pausable(row, f.state, today);
      return {
        orderId: row.id,
        name: row.pass_name,
        credits: row.credits,
        creditsLeft: row.credits == null ? null : Math.max(0, row.credits - (held.get(row.id) ?? 0)),
        startDate: row.start_date,
        endDate: row.end_date,
        weeklyLimit: row.pass_kind === 'programme' ? row.programme_sessions_per_week : null,
        pausedDays,
        pauseDaysLeft: open ? Math.max(0, settings.members.pauseDays - pausedDays) : 0,
      };
    });

  const orders = orderRows.map(({ row }) => {
    const f = figures.get(row.id)!;
    return {
      id: row.id,
      reference: row.reference,
      name: row.pass_name || (stayRows.find((s) => s.order_id === row.id)?.room_type_name ?? row.reference),
      state: f.state,
      totalSatang: row.amount_satang,
      paidSatang: f.paidSatang - f.refundedSatang,
      balanceSatang: f.owedSatang,
      balanceDueDate: f.owedSatang > 0 ? row.balance_due_date : null,
      receiptUrl: hasReceipt(f.state, row.cancelled_at) ? `/api/me/orders/${row.id}/receipt.pdf` : null,
      canPay: takesPayment(f) && f.dueNowSatang > 0,
    };
  });

  const liveOrder = new Set(orderRows.filter((o) => !o.row.cancelled_at).map((o) => o.row.id));
  const stays = stayRows
    .filter((s) => liveOrder.has(s.order_id))
    .map((s) => ({
      orderId: s.order_id,
      roomType: s.room_type_name,
      room: s.room ?? null,
      checkIn: s.check_in,
      checkOut: s.check_out,
      guests: s.guests,
      pickup: s.airport && s.arrives_at ? { airport: s.airport, flightNumber: s.flight_number, arrivesAt: s.arrives_at } : null,
    }));

  // A programme's letter: the newest request or letter of the order, or none asked for yet.
  const visaLetters = orderRows
    .filter((o) => o.row.pass_kind === 'programme' && liveOrder.has(o.row.id))
    .map(({ row }) => {
      const letter = letterRows.find((l) => l.order_id === row.id);
      return {
        orderId: row.id,
        programme: row.pass_name,
        status: letter?.status ?? null,
        validUntil: letter?.valid_until ?? null,
        canRequest: !letter,
        pdfUrl: letter?.status === 'issued' ? `/api/me/orders/${row.id}/visa-letter.pdf` : null,
      };
    });

  return {
    person: { name: customer.name, email: customer.email ?? '' },
    language: customer.language,
    bookings: {
      upcoming: classes
        .filter((b) => !b.past)
        .reverse()
        .map(strip),
      past: classes.filter((b) => b.past).map(strip),
    },
    lessons: bookings.filter((b) => b.kind === 'lesson').map(strip),
    waitlist,
    passes,
    orders,
    stays,
    visaLetters,
    waiver,
    checkInCode,
    pauseDays: settings.members.pauseDays,
  };
}
