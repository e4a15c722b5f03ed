import type { ReservationStatus } from '../../shared/constants';
import type { ReservationPayload } from '../../shared/schemas/reservations';
import type { AppContext } from '../context';
import { nowIso, type Db } from '../db/database';
import type { Insertable } from 'kysely';
import type { OutboxTable, ReservationRow } from '../db/schema';
import { HttpError, conflict, notFound } from '../errors';
import { outboxRow } from '../mail/mail-queue';
import { insertOutboxRows } from '../mail/outbox.repository';
import { bookingConfirmationMail, bookingNotificationMail } from '../mail/templates';
import { createBatcher, type Batcher } from './booking-batcher';
import { findSessionAt, takeSeat } from '../timetable/timetable.service';
import * as repo from './reservations.repository';

export const RESERVATION_NOT_FOUND = 'Reservation not found';
export const CLASS_FULL = 'This class is full';
export const CLASS_NOT_HELD = 'This class does not take place on that day';

/**
 * A booking whose course and time are a timetable session takes one of its seats in the
 * booking's own transaction (409 when none is left) and is linked to the occurrence. Other
 * bookings (Private Training, or a time the timetable does not have) stay requests, as the
 * booking form still lets the visitor pick any time.
 */
async function claimSeat(ctx: AppContext, trx: Db, input: ReservationPayload): Promise<{ weekly_session_id: number; session_date: string } | undefined> {
  const found = await findSessionAt(trx, input.course, input.dateTime, ctx.config.timezone);
  if (found?.kind !== 'session') return undefined;
  if (found.cancelled || found.closed) throw conflict(CLASS_NOT_HELD);
  if (!(await takeSeat(trx, found.weeklySessionId, found.date, found.capacity))) throw conflict(CLASS_FULL);
  return { weekly_session_id: found.weeklySessionId, session_date: found.date };
}

// One batcher per database handle (each test app has its own).
const batchers = new WeakMap<object, Batcher<ReservationPayload, ReservationRow>>();
const batcherOf = (ctx: AppContext): Batcher<ReservationPayload, ReservationRow> => {
  let b = batchers.get(ctx.db);
  if (!b) {
    b = createBatcher<ReservationPayload, ReservationRow>({
      writeMany: (inputs) => ctx.db.transaction().execute((trx) => writeBookings(ctx, trx, inputs)),
      writeOne: (input) => writeAlone(ctx, input),
      afterCommit: (rows) => afterCommit(ctx, rows),
      onAfterCommitError: (err) => ctx.log.error({ err }, 'booking batch: after-commit step failed'),
    });
    batchers.set(ctx.db, b);
  }
  return b;
};

/** How many write transactions the bookings so far took on this database (SQLite group commit). */
export const batchStats = (ctx: AppContext): { commits: number; booked: number } => {
  const { commits, written } = batcherOf(ctx).stats();
  return { commits, booked: written };
};

/** Inserts one booking and its e-mails with the given transaction. */
async function writeBooking(ctx: AppContext, trx: Db, input: ReservationPayload): Promise<ReservationRow> {
  const dateTime = new Date(input.dateTime).toISOString();
  const { notifyEmail } = ctx.config;
  const seat = await claimSeat(ctx, trx, input);
  const r = await repo.insertReservation(trx, {
    ...seat,
    name: input.name,
    email: input.email,
    phone: input.phone,
    course: input.course,
    date_time: dateTime,
    message: input.message,
    status: 'unread',
    created_at: nowIso(),
  });
  if (r.email) {
    await ctx.mail.enqueue(trx, bookingConfirmationMail(ctx.config, { to: r.email, name: r.name, course: r.course, dateTime, message: r.message }));
  }
  if (notifyEmail) {
    await ctx.mail.enqueue(trx, bookingNotificationMail(ctx.config, notifyEmail, { ...input, dateTime }));
  }
  return r;
}

/** After the commit: wake the outbox worker, tell the staff. Never before the row is durable. */
function afterCommit(ctx: AppContext, rows: ReservationRow[]) {
  if (rows.some((r) => r.email) || (rows.length > 0 && ctx.config.notifyEmail)) ctx.mail.kick();
  for (const row of rows) {
    ctx.push.notifyStaff({ title: 'Nouvelle réservation', body: `${row.name} — ${row.course}`, url: '/admin/reservations', tag: 'reservation' });
  }
}

/**
 * SQLite: the whole batch in two statements (its bookings, then their e-mails). The rows come
 * back in id order, which is the order of the values; each is checked against its input.
 * A booking refused for its seat (class full, occurrence cancelled) is left out of the batch
 * and answered with its 409; the others commit (a full class must not break every batch).
 * The answer is in input order: the stored row, or the refusal.
 */
async function writeBookings(ctx: AppContext, trx: Db, inputs: ReservationPayload[]): Promise<(ReservationRow | HttpError)[]> {
  const { notifyEmail } = ctx.config;
  const outcome: (ReservationRow | HttpError | undefined)[] = [];
  const accepted: { i: number; input: ReservationPayload; seat: Awaited<ReturnType<typeof claimSeat>> }[] = [];
  for (const [i, input] of inputs.entries()) {
    try {
      accepted.push({ i, input, seat: await claimSeat(ctx, trx, input) });
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      outcome[i] = err;
    }
  }
  if (accepted.length === 0) return outcome as HttpError[];
  const values = accepted.map(({ input, seat }) => ({
    ...seat,
    name: input.name,
    email: input.email,
    phone: input.phone,
    course: input.course,
    date_time: new Date(input.dateTime).toISOString(),
    message: input.message,
    status: 'unread' as const,
    created_at: nowIso(),
  }));
  const rows = (await repo.insertReservations(trx, values)).sort((a, b) => a.id - b.id);
  const mails: Insertable<OutboxTable>[] = [];
  rows.forEach((r, k) => {
    const v = values[k];
    if (!v || r.name !== v.name || r.email !== v.email || r.course !== v.course || r.date_time !== v.date_time || r.created_at !== v.created_at) {
      throw new Error('batch insert returned rows out of order');
    }
    if (r.email)
      mails.push(
        outboxRow(ctx.config, bookingConfirmationMail(ctx.config, { to: r.email, name: r.name, course: r.course, dateTime: r.date_time, message: r.message })),
      );
    if (notifyEmail) mails.push(outboxRow(ctx.config, bookingNotificationMail(ctx.config, notifyEmail, { ...accepted[k].input, dateTime: r.date_time })));
    outcome[accepted[k].i] = r;
  });
  if (rows.length !== accepted.length) throw new Error('batch insert lost rows');
  await insertOutboxRows(trx, mails);
  return outcome as (ReservationRow | HttpError)[];
}

const writeAlone = (ctx: AppContext, input: ReservationPayload) => ctx.db.transaction().execute((trx) => writeBooking(ctx, trx, input));

/**
 * A booking and its e-mails (confirmation to the visitor, notice to the gym) commit together:
 * an answered 201 means the booking is on disk and the confirmation will leave.
 * SQLite (one writer, synchronous commits) groups concurrent bookings into one transaction;
 * PostgreSQL runs one transaction per booking on its connection pool.
 */
export async function createReservation(ctx: AppContext, input: ReservationPayload): Promise<ReservationRow> {
  if (ctx.dialect !== 'sqlite') {
    const row = await writeAlone(ctx, input);
    afterCommit(ctx, [row]);
    return row;
  }
  return batcherOf(ctx).submit(input);
}

export const listReservations = (ctx: AppContext) => repo.listReservations(ctx.db);

/** Opening a booking in the back office: an unread one becomes read; any other status stays. */
export function nextStatusOnOpen(status: ReservationStatus): ReservationStatus {
  return status === 'unread' ? 'read' : status;
}

/**
 * PUT /api/reservations/{id}/read. The rule is nextStatusOnOpen; the write is a conditional
 * UPDATE (only while the status is still the one read), so a booking archived by another
 * request in between stays archived: then the row as it now is is answered.
 */
export async function markRead(ctx: AppContext, id: number): Promise<ReservationRow> {
  const row = await repo.findReservation(ctx.db, id);
  if (!row) throw notFound(RESERVATION_NOT_FOUND);
  const next = nextStatusOnOpen(row.status);
  if (next === row.status) return row;
  const updated = await repo.changeStatusIf(ctx.db, id, row.status, next);
  if (updated) return updated;
  const current = await repo.findReservation(ctx.db, id);
  if (!current) throw notFound(RESERVATION_NOT_FOUND);
  return current;
}

export async function archive(ctx: AppContext, id: number): Promise<ReservationRow> {
  const row = await repo.setStatus(ctx.db, id, 'archived');
  if (!row) throw notFound(RESERVATION_NOT_FOUND);
  return row;
}

export async function deleteReservation(ctx: AppContext, id: number): Promise<void> {
  if (!(await repo.deleteReservation(ctx.db, id))) throw notFound(RESERVATION_NOT_FOUND);
}
