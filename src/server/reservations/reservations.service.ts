import type { ReservationPayload } from '../../shared/schemas/reservations';
import type { AppContext } from '../context';
import { nowIso } from '../db/database';
import type { ReservationRow } from '../db/schema';
import { notFound } from '../errors';
import { bookingConfirmationMail, bookingNotificationMail } from '../mail/templates';
import * as repo from './reservations.repository';

export const RESERVATION_NOT_FOUND = 'Reservation not found';

/**
 * A booking and its e-mails (confirmation to the visitor, notice to the gym) commit together:
 * an answered 201 means the confirmation will leave. One transaction, no extra reads.
 */
export async function createReservation(ctx: AppContext, input: ReservationPayload): Promise<ReservationRow> {
  const dateTime = new Date(input.dateTime).toISOString();
  const { notifyEmail } = ctx.config;
  const row = await ctx.db.transaction().execute(async (trx) => {
    const r = await repo.insertReservation(trx, {
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
  });
  if (row.email || notifyEmail) ctx.mail.kick();
  ctx.push.notifyStaff({ title: 'Nouvelle réservation', body: `${row.name} — ${row.course}`, url: '/admin/reservations', tag: 'reservation' });
  return row;
}

export const listReservations = (ctx: AppContext) => repo.listReservations(ctx.db);

export async function markRead(ctx: AppContext, id: number): Promise<ReservationRow> {
  const row = await repo.markRead(ctx.db, id);
  if (!row) throw notFound(RESERVATION_NOT_FOUND);
  return row;
}

export async function archive(ctx: AppContext, id: number): Promise<ReservationRow> {
  const row = await repo.setStatus(ctx.db, id, 'archived');
  if (!row) throw notFound(RESERVATION_NOT_FOUND);
  return row;
}

export async function deleteReservation(ctx: AppContext, id: number): Promise<void> {
  if (!(await repo.deleteReservation(ctx.db, id))) throw notFound(RESERVATION_NOT_FOUND);
}
