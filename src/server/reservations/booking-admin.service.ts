import type { ReservationStatus } from '../../shared/constants';
import { addDays, zonedToInstant } from '../../shared/gym-time';
import { pageOf, type ReservationListQuery } from '../../shared/schemas/lists';
import type { AppContext } from '../context';
import type { Db } from '../db/database';
import type { ReservationRow } from '../db/schema';
import { textSearch } from '../db/search';
import { notFound } from '../errors';
import { dropQueuedBookingMails } from '../privacy/personal-data.service';
import { deleteUsesOf } from '../credits/credits.repository';
import { currentSiteSettings } from '../site-settings/site-settings.service';
import { releaseSeat } from '../timetable/timetable.service';
import { RESERVATION_NOT_FOUND } from './booking-errors';
import { cancelInTransaction } from './booking-manage.service';
import { notifyTrainerOfLesson } from '../trainers/lesson-push';
import { seatFreed } from '../lib/seat-freed';
import * as repo from './reservations.repository';

// The back office's side of bookings: the list and its search, the statuses (read, unread,
// archived), the bulk actions, deleting, and the gym's cancel.

export const listReservations = (ctx: AppContext) => repo.listReservations(ctx.db);

const SORT_COLUMNS = { date: 'date_time', created: 'created_at' } as const;

/** The back office's search (issue 13): filters on the class's gym dates, upcoming/past against now. */
export async function searchReservations(ctx: AppContext, q: ReservationListQuery, now = new Date()) {
  const tz = ctx.config.timezone;
  const sort = q.sort ?? '-created';
  const f: repo.ReservationSearch = {
    sort: { column: SORT_COLUMNS[sort.replace('-', '') as keyof typeof SORT_COLUMNS], direction: sort.startsWith('-') ? 'desc' : 'asc' },
  };
  if (q.q) {
    f.like = textSearch(ctx.dialect, q.q);
    const digits = q.q.replace(/\D/g, '');
    if (digits.length >= 3 && /^[\d\s+().-]+$/.test(q.q)) f.digitsLike = `%${digits}%`;
  }
  if (q.course) f.course = q.course;
  if (q.status) f.statuses = q.status === 'active' ? ['unread', 'read', 'cancelled'] : [q.status];
  if (q.from) f.from = zonedToInstant(q.from, '00:00', tz).toISOString();
  if (q.to) f.to = zonedToInstant(addDays(q.to, 1), '00:00', tz).toISOString();
  if (q.when === 'upcoming') f.upcomingFrom = now.toISOString();
  if (q.when === 'past') f.pastBefore = now.toISOString();
  const { page, pageSize, offset } = pageOf(q);
  const { rows, total, counts } = await repo.searchReservations(ctx.db, f, pageSize, offset);
  return { rows, total, page, pageSize, counts };
}

// ---------------------------------------------------------------------------------------------
// Status transitions (back office)

/** Opening a booking in the back office: an unread one becomes read; any other status stays. */
export function nextStatusOnOpen(status: ReservationStatus): ReservationStatus {
  return status === 'unread' ? 'read' : status;
}

/** Archiving files a booking away; a cancelled booking stays cancelled (it says what happened). */
export function nextStatusOnArchive(status: ReservationStatus): ReservationStatus {
  return status === 'cancelled' ? 'cancelled' : 'archived';
}

/** Unarchiving restores what the booking was before (read when that is unknown); other statuses stay. */
export function nextStatusOnUnarchive(status: ReservationStatus, before: ReservationStatus | null): ReservationStatus {
  if (status !== 'archived') return status;
  return before === 'unread' || before === 'read' ? before : 'read';
}

/** "Marquer comme non lue": a read booking becomes unread again; any other status stays. */
export function nextStatusOnMarkUnread(status: ReservationStatus): ReservationStatus {
  return status === 'read' ? 'unread' : status;
}

/**
 * Applies a status rule with a conditional UPDATE (only while the status is still the one
 * read), so a change made by another request in between is kept: then the row as it now is
 * is answered. An archived booking remembers what it was (status_before_archive).
 */
async function transition(ctx: AppContext, id: number, rule: (row: ReservationRow) => ReservationStatus): Promise<ReservationRow> {
  const row = await repo.findReservation(ctx.db, id);
  if (!row) throw notFound(RESERVATION_NOT_FOUND);
  const next = rule(row);
  if (next === row.status) return row;
  const updated = await repo.changeStatusIf(ctx.db, id, row.status, next, next === 'archived' ? row.status : null);
  if (updated) return updated;
  const current = await repo.findReservation(ctx.db, id);
  if (!current) throw notFound(RESERVATION_NOT_FOUND);
  return current;
}

/** PUT /api/reservations/{id}/read (nextStatusOnOpen). */
export const markRead = (ctx: AppContext, id: number): Promise<ReservationRow> => transition(ctx, id, (r) => nextStatusOnOpen(r.status));

/** PUT /api/reservations/{id}/unread (nextStatusOnMarkUnread). */
export const markUnread = (ctx: AppContext, id: number): Promise<ReservationRow> => transition(ctx, id, (r) => nextStatusOnMarkUnread(r.status));

/** PUT /api/reservations/{id}/archive (nextStatusOnArchive). */
export const archive = (ctx: AppContext, id: number): Promise<ReservationRow> => transition(ctx, id, (r) => nextStatusOnArchive(r.status));

/** PUT /api/reservations/{id}/unarchive (nextStatusOnUnarchive): the toast's "Annuler" and the archived row's action. */
export const unarchive = (ctx: AppContext, id: number): Promise<ReservationRow> =>
  transition(ctx, id, (r) => nextStatusOnUnarchive(r.status, r.status_before_archive));

// Bulk actions (issue 13): one request, one transaction, the same rules as one booking at a
// time; ids that name nothing (deleted meanwhile) or a booking the rule leaves as it is are
// skipped, and the answer lists the ids changed.

/** POST /api/reservations/bulk/read: the unread ones become read. */
export const bulkMarkRead = (ctx: AppContext, ids: number[]): Promise<number[]> =>
  ctx.db.transaction().execute((trx) => repo.changeStatusesIn(trx, ids, ['unread'], 'read'));

/** POST /api/reservations/bulk/archive: unread and read ones are archived (cancelled ones stay cancelled). */
export const bulkArchive = (ctx: AppContext, ids: number[]): Promise<number[]> => ctx.db.transaction().execute((trx) => repo.archiveIn(trx, ids));

/** POST /api/reservations/bulk/unarchive: the "Annuler" of a bulk archive. */
export const bulkUnarchive = (ctx: AppContext, ids: number[]): Promise<number[]> => ctx.db.transaction().execute((trx) => repo.unarchiveIn(trx, ids));

/** POST /api/reservations/bulk/delete: as deleteReservation, for each, in one transaction. */
export async function bulkDelete(ctx: AppContext, ids: number[]): Promise<number[]> {
  return ctx.db.transaction().execute(async (trx) => {
    await deleteUsesOf(trx, ids);
    const rows = await repo.deleteReservationsReturning(trx, ids);
    for (const row of rows) await forgetDeleted(trx, row);
    return rows.map((r) => r.id).sort((a, b) => a - b);
  });
}

/** What goes with a deleted booking: its seat back, its unsent e-mails. */
async function forgetDeleted(trx: Db, row: ReservationRow): Promise<void> {
  if (row.status !== 'cancelled' && row.weekly_session_id != null && row.session_date != null) {
    await releaseSeat(trx, row.weekly_session_id, row.session_date);
  }
  // Its e-mails not yet sent (confirmation, reminder) would mail about a booking that is gone.
  await dropQueuedBookingMails(trx, row.id);
}

/** Deleted for good; a booking that held a seat gives it back, and its unsent e-mails go, in the same transaction. No e-mail. */
export async function deleteReservation(ctx: AppContext, id: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    await deleteUsesOf(trx, [id]);
    const row = await repo.deleteReservationReturning(trx, id);
    if (!row) throw notFound(RESERVATION_NOT_FOUND);
    await forgetDeleted(trx, row);
  });
}

/** PUT /api/reservations/{id}/cancel: the gym cancels; a cancelled booking is answered as it is. */
export async function cancelByStaff(ctx: AppContext, id: number): Promise<ReservationRow> {
  const { cancelHours } = (await currentSiteSettings(ctx)).payments;
  const row = await ctx.db.transaction().execute(async (trx) => {
    const found = await repo.findReservation(trx, id);
    if (!found) throw notFound(RESERVATION_NOT_FOUND);
    if (found.status === 'cancelled') return found;
    const r = await cancelInTransaction(ctx, trx, found, 'gym', cancelHours);
    return r?.row ?? (await repo.findReservation(trx, id)) ?? found;
  });
  ctx.mail.kick();
  seatFreed(ctx);
  if (row.weekly_session_id == null) notifyTrainerOfLesson(ctx, row.id, 'Cours privé annulé');
  return row;
}
