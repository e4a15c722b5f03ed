import type { PrivateLessonDto } from '../../shared/api-types/private-lessons';
import type { CatalogueEntry } from '../../shared/catalogue';
import { addDays, instantToZoned } from '../../shared/gym-time';
import { computeSlots } from '../../shared/private-slots';
import type { PrivateLessonPayload } from '../../shared/schemas/private-lessons';
import { hashToken, newToken } from '../auth/tokens';
import { listPassesForSale } from '../catalogue/catalogue.service';
import type { AppContext } from '../context';
import { checkPassUse, orderForUse, recordUses, type PassSpend } from '../credits/credits';
import { findOrCreateCustomer, findOrCreateForVisitor, resolveCustomer } from '../customers/customers.repository';
import { nowIso, type Db } from '../db/database';
import type { OrderRow, ReservationRow } from '../db/schema';
import { badRequest, conflict, notFound } from '../errors';
import { orderPageUrl } from '../ledger/order-figures';
import { createOrder } from '../orders/orders.service';
import { whenOf } from '../reservations/booking-facts';
import { checkHorizon } from '../reservations/booking-rules';
import { newBookingMails, notifyStaffOfBookings } from '../reservations/booking-notifications';
import { insertBooking } from '../reservations/reservations.repository';
import { currentSiteSettings } from '../site-settings/site-settings.service';
import { notifyTrainerOfLesson } from '../trainers/lesson-push';
import { busyLessons, cellsOf, insertLesson, takeCells } from '../trainers/lessons.repository';
import { findTrainer } from '../trainers/trainers.repository';
import { BOOKING_STEP, slotFacts, TRAINER_NOT_FOUND } from '../trainers/trainers.service';
import * as repo from './private-lessons.repository';

// Booking a private lesson (issue 37 point 4): the trainer's free slot checked against the slot
// rules, the trainer's time taken with one insert of quarter-hour cells (a unique key: two
// overlapping lessons never both commit, on any instance, on both databases), the booking row
// (the manage link, e-mails, calendar file and reminder of any booking) and its lesson facts, in
// one transaction. Paid with a private pass's credit, or through an order at the price table's
// private price (an order is made first, in its own transaction, and cancelled when the lesson
// cannot be booked).

export const TRAINER_BUSY = 'This trainer is already booked at that time. Please pick another slot.';
export const SLOT_UNAVAILABLE = 'This time is not available with this trainer. Please pick one of the free slots.';

type TrainerRow = NonNullable<Awaited<ReturnType<typeof findTrainer>>>;

const parseList = (text: string): string[] => {
  try {
    return JSON.parse(text) as string[];
  } catch {
    return [];
  }
};

/**
 * The private price-table cell for the number of people: the 'private' row's first cell for one,
 * its second for two (SPEC's 1,000 and 1,500 THB; decision 167).
 */
export async function privateCell(ctx: AppContext, guests: 1 | 2): Promise<CatalogueEntry> {
  const cells = (await listPassesForSale(ctx)).filter((p) => p.kind === 'private');
  const cell = cells[guests - 1];
  if (!cell) throw conflict('Private lessons are not on sale for this number of people', 'pass_not_on_sale');
  return cell;
}

/**
 * Whether the trainer is free at `startsAt` for `minutes` under the slot rules (a booking may
 * start on any quarter hour): 409 trainer_busy when another lesson (or its buffer) is in the way,
 * 409 lesson_slot_unavailable otherwise. Staff at the desk are not held to the notice.
 */
export async function checkSlot(
  ctx: AppContext,
  db: Db,
  trainer: TrainerRow,
  startsAt: Date,
  minutes: number,
  opts: { ignoreNotice?: boolean; ignoreLesson?: number } = {},
): Promise<void> {
  const settings = (await currentSiteSettings(ctx)).privateLessons;
  if (!settings.lengths.includes(minutes as 60 | 90)) throw badRequest(`minutes: ${settings.lengths.join(' or ')}`);
  const { date } = instantToZoned(startsAt, ctx.config.timezone);
  const { slotTrainers, closedDates } = await slotFacts(db, [trainer], date, 1);
  const lessons = (await busyLessons(db, [trainer.id], addDays(date, -1), addDays(date, 1))).filter((l) => l.reservationId !== opts.ignoreLesson);
  const rules = {
    from: date,
    days: 1,
    minutes,
    bufferMinutes: settings.bufferMinutes,
    noticeHours: opts.ignoreNotice ? 0 : settings.noticeHours,
    stepMinutes: BOOKING_STEP,
    now: new Date(),
    timeZone: ctx.config.timezone,
    closedDates,
  };
  const at = startsAt.toISOString();
  if (computeSlots(slotTrainers, lessons, rules).some((s) => s.startsAt === at)) return;
  if (computeSlots(slotTrainers, [], rules).some((s) => s.startsAt === at)) throw conflict(TRAINER_BUSY, 'trainer_busy');
  throw conflict(SLOT_UNAVAILABLE, 'lesson_slot_unavailable');
}

/** The trainer's time a lesson takes: its minutes and the buffer after it, in quarter hours. */
export const lessonCells = (startsAt: Date, minutes: number, bufferMinutes: number) =>
  cellsOf(startsAt, new Date(startsAt.getTime() + (minutes + bufferMinutes) * 60_000));

/** A trainer teaches the disciplines they list; one who lists none is not limited. */
export function checkTeaches(trainer: TrainerRow, discipline: string): void {
  const disciplines = parseList(trainer.disciplines);
  if (disciplines.length && !disciplines.some((d) => d.toLowerCase() === discipline.toLowerCase())) {
    throw badRequest(`${trainer.name} does not teach ${discipline}`);
  }
}

/**
 * The rules a lesson's trainer and time obey, booked or moved (issue 45 point 3): the trainer
 * teaches its discipline, two years ahead at most (the bookings' horizon), a free slot of theirs.
 */
export async function checkLesson(
  ctx: AppContext,
  trainer: TrainerRow,
  l: { discipline: string; startsAt: Date; minutes: number },
  opts: { ignoreNotice?: boolean; ignoreLesson?: number } = {},
): Promise<void> {
  checkTeaches(trainer, l.discipline);
  checkHorizon(ctx, l.startsAt);
  await checkSlot(ctx, ctx.db, trainer, l.startsAt, l.minutes, opts);
}

/** The trainer's time, taken in the lesson's transaction: 409 trainer_busy when a lesson took part of it meanwhile. */
export async function takeLessonTime(trx: Db, trainerId: number, reservationId: number, startsAt: Date, minutes: number, bufferMinutes: number): Promise<void> {
  if (!(await takeCells(trx, trainerId, reservationId, lessonCells(startsAt, minutes, bufferMinutes)))) throw conflict(TRAINER_BUSY, 'trainer_busy');
}

export function presentLesson(
  ctx: AppContext,
  row: ReservationRow,
  trainer: { id: number; name: string },
  l: { minutes: number; guests: number; discipline: string },
): PrivateLessonDto {
  const startsAt = new Date(row.date_time);
  const g = instantToZoned(startsAt, ctx.config.timezone);
  return {
    id: row.id,
    trainerId: trainer.id,
    trainerName: trainer.name,
    startsAt: startsAt.toISOString(),
    endsAt: new Date(startsAt.getTime() + l.minutes * 60_000).toISOString(),
    date: g.date,
    time: g.time,
    minutes: l.minutes,
    guests: l.guests,
    discipline: l.discipline,
    name: row.name,
    status: row.status === 'cancelled' ? 'cancelled' : 'booked',
  };
}

export interface BookedLesson {
  lesson: PrivateLessonDto;
  row: ReservationRow;
  order?: { id: number; reference: string; amountSatang: number; method: string; orderUrl: string; checkoutUrl: string | null };
}

/** POST /api/private-lessons (and the desk's booking: `staff`, not held to the notice). */
export async function bookLesson(ctx: AppContext, input: PrivateLessonPayload, opts: { staff?: boolean } = {}): Promise<BookedLesson> {
  const settings = await currentSiteSettings(ctx);
  const trainer = await findTrainer(ctx.db, input.trainerId);
  if (!trainer || !trainer.active) throw notFound(TRAINER_NOT_FOUND);
  const startsAt = new Date(input.startsAt);
  await checkLesson(ctx, trainer, { discipline: input.discipline, startsAt, minutes: input.minutes }, { ignoreNotice: opts.staff });
  const cell = await privateCell(ctx, input.guests);
  const course = (await repo.appointmentClassName(ctx.db)) ?? 'Private Training';
  const { date } = instantToZoned(startsAt, ctx.config.timezone);

  // Through an order: made first (its own transaction; a card checkout is opened outside any).
  const created = input.method
    ? await createOrder(
        ctx,
        {
          passId: cell.id,
          startDate: date,
          name: input.name,
          email: input.email,
          phone: input.phone,
          language: input.language,
          method: input.method,
        },
        undefined,
        opts,
      )
    : undefined;
  const token = newToken();
  let result: { row: ReservationRow; price: number };
  try {
    result = await ctx.db.transaction().execute(async (trx) => {
      let spend: PassSpend | undefined;
      let order: OrderRow | undefined = created?.row;
      if (input.passToken) {
        order = await orderForUse(trx, { token: input.passToken }, ctx.dialect);
        // A two-person lesson needs the two-person pass (and back).
        if (order.pass_id !== cell.id) throw conflict('Your pass does not cover this lesson', 'pass_not_covered');
        spend = await checkPassUse(trx, order, { course, byAppointment: true, startsAt }, ctx.config.timezone);
      }
      const customerId = order
        ? ((await resolveCustomer(trx, order.customer_id))?.id ?? order.customer_id)
        : ((await (opts.staff ? findOrCreateCustomer : findOrCreateForVisitor)(trx, input))?.id ?? null);
      const row = await insertBooking(trx, {
        weekly_session_id: null,
        session_date: null,
        customer_id: customerId,
        name: input.name,
        email: input.email,
        phone: input.phone,
        course: `${course} · ${trainer.name}`,
        date_time: startsAt.toISOString(),
        message: null,
        status: 'unread',
        manage_token_hash: hashToken(token),
        created_at: nowIso(),
        language: input.language,
      });
      await takeLessonTime(trx, trainer.id, row.id, startsAt, input.minutes, settings.privateLessons.bufferMinutes);
      const price = order?.amount_satang ?? cell.priceSatang;
      await insertLesson(trx, {
        reservation_id: row.id,
        trainer_id: trainer.id,
        minutes: input.minutes,
        guests: input.guests,
        discipline: input.discipline,
        starts_at: startsAt.toISOString(),
        ends_at: new Date(startsAt.getTime() + input.minutes * 60_000).toISOString(),
        order_id: order?.id ?? null,
        price_satang: price,
        created_at: nowIso(),
      });
      // The order's one credit is this lesson's: a cancel in time gives it back for another lesson.
      const use = spend ?? (order ? { order, sessionDate: date, dayKey: date, slotKey: null, creditsLeft: 0 } : undefined);
      if (use) await recordUses(trx, [{ spend: use, reservationId: row.id }]);
      for (const m of newBookingMails(ctx, row, whenOf(ctx, startsAt, input.minutes), token, spend)) await ctx.mail.enqueue(trx, m);
      return { row, price };
    });
  } catch (err) {
    // The order made for a lesson that could not be booked is called off (nothing was paid yet).
    if (created) await repo.cancelOrderIfOpen(ctx.db, created.row.id, nowIso());
    throw err;
  }
  ctx.mail.kick();
  notifyStaffOfBookings(ctx, [result.row]);
  notifyTrainerOfLesson(ctx, result.row.id, 'Nouveau cours privé');
  return {
    row: result.row,
    lesson: presentLesson(ctx, result.row, trainer, input),
    ...(created
      ? {
          order: {
            id: created.row.id,
            reference: created.row.reference,
            amountSatang: created.row.amount_satang,
            method: created.row.method,
            orderUrl: orderPageUrl(ctx, created.token, input.language),
            checkoutUrl: created.checkoutUrl ?? null,
          },
        }
      : {}),
  };
}
