import type { Language } from '../../shared/i18n/languages';
import { languageBase } from '../mail/i18n';
import type { Insertable } from 'kysely';
import type { ReservationStatus } from '../../shared/constants';
import { addDays, instantToZoned, zonedToInstant, zoneLabel } from '../../shared/gym-time';
import { containsPattern, pageOf, type ReservationListQuery } from '../../shared/schemas/lists';
import type { ReservationPayload } from '../../shared/schemas/reservations';
import { SESSION_ID_PATTERN } from '../../shared/schemas/timetable';
import { hashToken, newToken } from '../auth/tokens';
import type { AppContext, OutgoingMail } from '../context';
import { nowIso, type Db } from '../db/database';
import type { OutboxTable, ReservationRow } from '../db/schema';
import { HttpError, badRequest, conflict, notFound } from '../errors';
import { bookingCancelledMail, bookingMovedMail, bookingStaffChangeMail, bookingStaffNotificationMail } from '../mail/booking-mails';
import { deferredBookingConfirmation } from '../mail/deferred-mail';
import { outboxRow } from '../mail/mail-queue';
import { dropQueuedBookingMails } from '../privacy/personal-data.service';
import { insertOutboxRows } from '../mail/outbox.repository';
import { classDuration, findOccurrence, findSessionAt, releaseSeat, takeSeat } from '../timetable/timetable.service';
import { createBatcher, type Batcher } from './booking-batcher';
import * as repo from './reservations.repository';
import { mailConfig } from '../site-settings/site-settings.service';

export const RESERVATION_NOT_FOUND = 'Reservation not found';
export const BOOKING_NOT_FOUND = 'Booking not found';
export const CLASS_FULL = 'This class is full';
export const CLASS_NOT_HELD = 'This class does not take place on that day';
export const CLASS_STARTED = 'This class has already started';
export const REQUEST_IN_PAST = 'Pick a date and time in the future.';
export const IDEMPOTENCY_KEY_REUSED = 'This Idempotency-Key was already used for a different booking';
export const IDEMPOTENCY_KEY_BUSY = 'A request with this Idempotency-Key is still being answered';
export const MOVE_TARGET_NOT_FOUND = 'There is no such class on the timetable. Pick a time from the timetable.';
export const MOVE_TARGET_STARTED = 'That class has already started. Pick a later one.';
export const MOVE_BY_APPOINTMENT = 'A request by appointment cannot move to a class: reply to your confirmation e-mail instead';
export const BOOKING_CHANGED = 'This booking changed meanwhile. Reload the page.';
export const noSessionThen = (course: string) => `There is no ${course} class at that time. Pick a time from the timetable.`;

/** How long a booking's Idempotency-Key is remembered. */
export const IDEMPOTENCY_TTL_MS = 24 * 3_600_000;
/** A request by appointment whose class is gone still gets an hour in the calendar. */
const DEFAULT_DURATION_MINUTES = 60;

// ---------------------------------------------------------------------------------------------
// When a booking is, in instants and in gym time

export interface BookingWhen {
  startsAt: Date;
  /** Null only when the length is unknown (a request for a class that no longer exists). */
  endsAt: Date | null;
  durationMinutes: number | null;
  gymDate: string;
  gymTime: string;
  zoneLabel: string;
}

function whenOf(ctx: AppContext, startsAt: Date, durationMinutes: number | null): BookingWhen {
  const tz = ctx.config.timezone;
  const g = instantToZoned(startsAt, tz);
  return {
    startsAt,
    endsAt: durationMinutes == null ? null : new Date(startsAt.getTime() + durationMinutes * 60_000),
    durationMinutes,
    gymDate: g.date,
    gymTime: g.time,
    zoneLabel: zoneLabel(tz, startsAt),
  };
}

/** The start, length and gym time of a stored booking (its session's class, else its course). */
async function whenOfRow(ctx: AppContext, db: Db, row: ReservationRow): Promise<BookingWhen> {
  let duration: number | undefined;
  if (row.weekly_session_id != null && row.session_date != null) {
    duration = (await findOccurrence(db, row.weekly_session_id, row.session_date, ctx.config.timezone))?.durationMinutes;
  }
  duration ??= await classDuration(db, row.course);
  return whenOf(ctx, new Date(row.date_time), duration ?? null);
}

/** The calendar needs an end: a booking of unknown length counts an hour. */
const calendarEnd = (w: BookingWhen) => w.endsAt ?? new Date(w.startsAt.getTime() + DEFAULT_DURATION_MINUTES * 60_000);

/** The manage page in the booking's language: PUBLIC_URL/booking/manage/{token}, PUBLIC_URL/ru/booking/manage/{token}. */
export const manageUrl = (ctx: AppContext, token: string, language?: Language) => `${languageBase(ctx.config.publicUrl, language)}/booking/manage/${token}`;

// ---------------------------------------------------------------------------------------------
// Booking (POST /api/reservations)

/** What the booking transaction decided before the row is written. */
interface BookingPlan {
  course: string;
  dateTime: string;
  seat?: { weekly_session_id: number; session_date: string };
  when: BookingWhen;
}

/**
 * What a booking refers to, checked, with its seat taken (inside the booking's transaction):
 * a class by appointment ("Private Training") is a request at the time asked (in the future);
 * any other course must name a timetable session exactly (400 otherwise), one that has not
 * started (409), is held that day (409) and has a seat left (409, "This class is full").
 */
async function planBooking(ctx: AppContext, trx: Db, input: ReservationPayload, now = new Date()): Promise<BookingPlan> {
  const at = new Date(input.dateTime);
  const found = await findSessionAt(trx, input.course, at, ctx.config.timezone);
  if (!found) throw badRequest(noSessionThen(input.course));
  if (found.kind === 'appointment') {
    if (at.getTime() <= now.getTime()) throw badRequest(REQUEST_IN_PAST);
    return { course: found.course, dateTime: at.toISOString(), when: whenOf(ctx, at, found.durationMinutes) };
  }
  if (found.startsAt.getTime() <= now.getTime()) throw conflict(CLASS_STARTED);
  if (found.cancelled || found.closed) throw conflict(CLASS_NOT_HELD);
  if (!(await takeSeat(trx, found.weeklySessionId, found.date, found.capacity))) throw conflict(CLASS_FULL);
  return {
    course: found.course,
    dateTime: found.startsAt.toISOString(),
    seat: { weekly_session_id: found.weeklySessionId, session_date: found.date },
    when: whenOf(ctx, found.startsAt, found.durationMinutes),
  };
}

/** The row a plan stores; a booking with an e-mail gets a manage link (only its hash is kept). */
function rowOf(input: ReservationPayload, plan: BookingPlan, token: string | null) {
  return {
    ...plan.seat,
    name: input.name,
    email: input.email,
    phone: input.phone,
    course: plan.course,
    date_time: plan.dateTime,
    message: input.message,
    status: 'unread' as const,
    manage_token_hash: token ? hashToken(token) : null,
    created_at: nowIso(),
    language: input.language,
  };
}

/** The confirmation (with its .ics, SEQUENCE 0) to the customer and the notice to the gym. */
function bookingMails(ctx: AppContext, r: ReservationRow, when: BookingWhen, token: string | null): OutgoingMail[] {
  const mails: OutgoingMail[] = [];
  const at = { startsAt: when.startsAt, gymDate: when.gymDate, gymTime: when.gymTime, zoneLabel: when.zoneLabel };
  if (r.email) {
    // Written by the outbox when it sends it: the booking's transaction stores its facts only.
    mails.push(
      deferredBookingConfirmation(mailConfig(ctx), {
        to: r.email,
        name: r.name,
        reservationId: r.id,
        course: r.course,
        ...at,
        endsAt: calendarEnd(when),
        manageUrl: token ? manageUrl(ctx, token, r.language) : null,
        sequence: r.calendar_sequence,
        language: r.language,
      }),
    );
  }
  if (ctx.config.notifyEmail) {
    mails.push(
      bookingStaffNotificationMail(mailConfig(ctx), ctx.config.notifyEmail, {
        reservationId: r.id,
        name: r.name,
        email: r.email,
        phone: r.phone,
        course: r.course,
        ...at,
        endsAt: when.endsAt,
        message: r.message,
      }),
    );
  }
  return mails;
}

/** One booking as the route hands it to the service. */
export interface BookingRequest {
  payload: ReservationPayload;
  /** The Idempotency-Key header, if any. */
  idempotencyKey?: string;
}

/** A stored booking; `replayed` when it is the first answer to an Idempotency-Key used again. */
export interface BookingResult {
  row: ReservationRow;
  replayed: boolean;
}

/** What a key's request is: the parsed payload, the time as an instant (equal bookings, equal hash). */
const requestHash = (p: ReservationPayload) => hashToken(JSON.stringify([p.name, p.email, p.phone, p.course, new Date(p.dateTime).toISOString(), p.message]));

const keyCutoff = (now = Date.now()) => new Date(now - IDEMPOTENCY_TTL_MS).toISOString();

/** The first answer to a key: the booking as it was answered then (422 when the booking differs). */
function replayOf(key: repo.IdempotencyKeyRow | undefined, hash: string): BookingResult {
  if (!key) throw new Error('idempotency key vanished');
  if (key.request_hash !== hash) throw new HttpError(422, IDEMPOTENCY_KEY_REUSED);
  if (key.status_code == null || key.answer_body == null) throw conflict(IDEMPOTENCY_KEY_BUSY);
  return { row: JSON.parse(key.answer_body) as ReservationRow, replayed: true };
}

// One batcher per database handle (each test app has its own).
const batchers = new WeakMap<object, Batcher<BookingRequest, BookingResult>>();
const batcherOf = (ctx: AppContext): Batcher<BookingRequest, BookingResult> => {
  let b = batchers.get(ctx.db);
  if (!b) {
    b = createBatcher<BookingRequest, BookingResult>({
      writeMany: (inputs) => ctx.db.transaction().execute((trx) => writeBookings(ctx, trx, inputs)),
      writeOne: (input) => writeAlone(ctx, input),
      afterCommit: (results) => afterCommit(ctx, results),
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

/**
 * One booking, its e-mails and its idempotency key with the given transaction. The key is
 * claimed first: a concurrent request with the same key (PostgreSQL) waits on it, then replays
 * this one's answer; a refused booking rolls the claim back with everything else.
 */
async function writeBooking(ctx: AppContext, trx: Db, req: BookingRequest): Promise<BookingResult> {
  const { payload, idempotencyKey: key } = req;
  const hash = key ? requestHash(payload) : '';
  if (key && !(await repo.claimIdempotencyKey(trx, { key, requestHash: hash, createdAt: nowIso() }, keyCutoff()))) {
    return replayOf(await repo.findIdempotencyKey(trx, key), hash);
  }
  const plan = await planBooking(ctx, trx, payload);
  const token = payload.email ? newToken() : null;
  const row = await repo.insertReservation(trx, rowOf(payload, plan, token));
  for (const m of bookingMails(ctx, row, plan.when, token)) await ctx.mail.enqueue(trx, m);
  if (key) await repo.completeIdempotencyKey(trx, key, 201, JSON.stringify(row));
  return { row, replayed: false };
}

/** After the commit: wake the outbox worker, tell the staff. Never before the row is durable. */
function afterCommit(ctx: AppContext, results: BookingResult[]) {
  const rows = results.filter((r) => !r.replayed).map((r) => r.row);
  if (rows.some((r) => r.email) || (rows.length > 0 && ctx.config.notifyEmail)) ctx.mail.kick();
  for (const row of rows) {
    ctx.push.notifyStaff({ title: 'Nouvelle réservation', body: `${row.name} — ${row.course}`, url: '/admin/reservations', tag: 'reservation' });
  }
}

/**
 * SQLite: the whole batch in a few statements (its bookings, their e-mails, their keys). The
 * rows come back in id order, which is the order of the values; each is checked against its
 * input. A booking refused (class full, occurrence cancelled, no such session, a key reused for
 * another booking) is left out of the batch and answered with its error; the others commit
 * (a full class must not break every batch). A key already answered is replayed; the same key
 * twice in one batch books once (SQLite has one writer: nothing else claims keys meanwhile).
 * The answer is in input order: the result, or the refusal.
 */
async function writeBookings(ctx: AppContext, trx: Db, inputs: BookingRequest[]): Promise<(BookingResult | HttpError)[]> {
  const outcome: (BookingResult | HttpError | undefined)[] = [];
  const accepted: { i: number; req: BookingRequest; plan: BookingPlan; token: string | null; hash: string }[] = [];
  /** Keys booked by this batch: the first input that used each. */
  const keysInBatch = new Map<string, { i: number; hash: string }>();
  const sameKeyAs: { i: number; j: number }[] = [];
  const cutoff = keyCutoff();
  for (const [i, req] of inputs.entries()) {
    try {
      const key = req.idempotencyKey;
      const hash = key ? requestHash(req.payload) : '';
      if (key) {
        const earlier = keysInBatch.get(key);
        if (earlier) {
          if (earlier.hash !== hash) throw new HttpError(422, IDEMPOTENCY_KEY_REUSED);
          sameKeyAs.push({ i, j: earlier.i });
          continue;
        }
        const stored = await repo.findIdempotencyKey(trx, key);
        if (stored && stored.created_at >= cutoff) {
          outcome[i] = replayOf(stored, hash);
          continue;
        }
      }
      const plan = await planBooking(ctx, trx, req.payload);
      if (key) keysInBatch.set(key, { i, hash });
      accepted.push({ i, req, plan, token: req.payload.email ? newToken() : null, hash });
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      outcome[i] = err;
    }
  }
  if (accepted.length > 0) {
    const values = accepted.map(({ req, plan, token }) => rowOf(req.payload, plan, token));
    const rows = (await repo.insertReservations(trx, values)).sort((a, b) => a.id - b.id);
    if (rows.length !== accepted.length) throw new Error('batch insert lost rows');
    const mails: Insertable<OutboxTable>[] = [];
    const now = nowIso();
    for (const [k, r] of rows.entries()) {
      const v = values[k];
      if (r.name !== v.name || r.email !== v.email || r.course !== v.course || r.date_time !== v.date_time || r.manage_token_hash !== v.manage_token_hash) {
        throw new Error('batch insert returned rows out of order');
      }
      const a = accepted[k];
      for (const m of bookingMails(ctx, r, a.plan.when, a.token)) mails.push(outboxRow(ctx.config, m));
      const key = a.req.idempotencyKey;
      if (key) {
        // The key may be an expired one nobody purged yet: claimed over, then answered.
        if (!(await repo.claimIdempotencyKey(trx, { key, requestHash: a.hash, createdAt: now }, cutoff))) throw new Error('idempotency key taken in a batch');
        await repo.completeIdempotencyKey(trx, key, 201, JSON.stringify(r));
      }
      outcome[a.i] = { row: r, replayed: false };
    }
    await insertOutboxRows(trx, mails);
  }
  for (const { i, j } of sameKeyAs) {
    const first = outcome[j];
    outcome[i] = first instanceof HttpError || !first ? first : { row: first.row, replayed: true };
  }
  return outcome as (BookingResult | HttpError)[];
}

const writeAlone = (ctx: AppContext, req: BookingRequest) => ctx.db.transaction().execute((trx) => writeBooking(ctx, trx, req));

// Expired keys are forgotten at most once a minute per database, outside the booking's
// transaction (a claim takes over an expired key anyway).
const lastPurge = new WeakMap<object, number>();
function purgeKeysNow(ctx: AppContext) {
  const now = Date.now();
  if (now - (lastPurge.get(ctx.db) ?? 0) < 60_000) return;
  lastPurge.set(ctx.db, now);
  repo.purgeIdempotencyKeys(ctx.db, keyCutoff(now)).catch((err: unknown) => ctx.log.error({ err }, 'idempotency keys: purge failed'));
}

/**
 * A booking and its e-mails (confirmation to the visitor, notice to the gym) commit together:
 * an answered 201 means the booking is on disk and the confirmation will leave.
 * SQLite (one writer, synchronous commits) groups concurrent bookings into one transaction;
 * PostgreSQL runs one transaction per booking on its connection pool.
 */
export async function createReservation(ctx: AppContext, req: BookingRequest): Promise<BookingResult> {
  if (req.idempotencyKey) purgeKeysNow(ctx);
  if (ctx.dialect !== 'sqlite') {
    let result: BookingResult;
    try {
      result = await writeAlone(ctx, req);
    } catch (err) {
      // Two first requests with one key: the loser's claim failed on the unique key; the
      // winner has committed by now, so its answer is the one to give.
      if (!req.idempotencyKey || err instanceof HttpError) throw err;
      const stored = await repo.findIdempotencyKey(ctx.db, req.idempotencyKey);
      if (!stored) throw err;
      return replayOf(stored, requestHash(req.payload));
    }
    afterCommit(ctx, [result]);
    return result;
  }
  return batcherOf(ctx).submit(req);
}

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
    f.like = containsPattern(q.q);
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
    const row = await repo.deleteReservationReturning(trx, id);
    if (!row) throw notFound(RESERVATION_NOT_FOUND);
    await forgetDeleted(trx, row);
  });
}

// ---------------------------------------------------------------------------------------------
// Cancelling and moving (the customer's manage link, the staff's cancel)

/** A booking as its manage page shows it: the row (the route presents it) and its time. */
export interface ManagedBooking {
  row: ReservationRow;
  when: BookingWhen;
  timezone: string;
  started: boolean;
}

async function managed(ctx: AppContext, db: Db, row: ReservationRow, now = new Date()): Promise<ManagedBooking> {
  const when = await whenOfRow(ctx, db, row);
  return { row, when, timezone: ctx.config.timezone, started: when.startsAt.getTime() <= now.getTime() };
}

/** Tokens are 32 bytes in base64url; anything else cannot name a booking. */
const TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;

/** The booking a manage token names; a wrong token and a used-up one (cancelled, deleted) alike are 404. */
async function bookingOfToken(db: Db, token: string): Promise<ReservationRow> {
  const row = TOKEN_RE.test(token) ? await repo.findByManageTokenHash(db, hashToken(token)) : undefined;
  if (!row || row.status === 'cancelled') throw notFound(BOOKING_NOT_FOUND);
  return row;
}

/** GET /api/bookings/manage/{token}: reads only. */
export async function getManagedBooking(ctx: AppContext, token: string): Promise<ManagedBooking> {
  return managed(ctx, ctx.db, await bookingOfToken(ctx.db, token));
}

/** The e-mails of a cancellation: to the customer (METHOD:CANCEL, the row's new SEQUENCE), to the gym. */
function cancellationMails(ctx: AppContext, r: ReservationRow, when: BookingWhen, by: 'customer' | 'gym'): OutgoingMail[] {
  const mails: OutgoingMail[] = [];
  const at = { startsAt: when.startsAt, gymDate: when.gymDate, gymTime: when.gymTime, zoneLabel: when.zoneLabel };
  if (r.email) {
    mails.push(
      bookingCancelledMail(mailConfig(ctx), {
        to: r.email,
        name: r.name,
        reservationId: r.id,
        course: r.course,
        ...at,
        endsAt: calendarEnd(when),
        manageUrl: null,
        sequence: r.calendar_sequence,
        cancelledBy: by,
        language: r.language,
      }),
    );
  }
  if (ctx.config.notifyEmail && by === 'customer') {
    const { notifyEmail } = ctx.config;
    mails.push(
      bookingStaffChangeMail(mailConfig(ctx), notifyEmail, {
        change: 'cancelled',
        by,
        reservationId: r.id,
        name: r.name,
        email: r.email,
        phone: r.phone,
        course: r.course,
        ...at,
        endsAt: when.endsAt,
        message: null,
      }),
    );
  }
  return mails;
}

/**
 * Cancels a booking read in `trx`: refused once its class started; a compare-and-set UPDATE so
 * two cancels give one seat back and send one e-mail (the second finds it cancelled: undefined).
 */
async function cancelInTransaction(ctx: AppContext, trx: Db, row: ReservationRow, by: 'customer' | 'gym'): Promise<ManagedBooking | undefined> {
  const current = await managed(ctx, trx, row);
  if (current.started) throw conflict(CLASS_STARTED);
  const updated = await repo.cancelIfNotCancelled(trx, row.id, nowIso());
  if (!updated) return undefined;
  if (updated.weekly_session_id != null && updated.session_date != null) await releaseSeat(trx, updated.weekly_session_id, updated.session_date);
  for (const m of cancellationMails(ctx, updated, current.when, by)) await ctx.mail.enqueue(trx, m);
  return { ...current, row: updated };
}

/** POST /api/bookings/manage/{token}/cancel. */
export async function cancelByToken(ctx: AppContext, token: string): Promise<ManagedBooking> {
  const done = await ctx.db.transaction().execute(async (trx) => {
    const r = await cancelInTransaction(ctx, trx, await bookingOfToken(trx, token), 'customer');
    if (!r) throw notFound(BOOKING_NOT_FOUND);
    return r;
  });
  ctx.mail.kick();
  const { row, when } = done;
  ctx.push.notifyStaff({
    title: 'Réservation annulée',
    body: `${row.name} — ${row.course}, ${when.gymDate} ${when.gymTime}`,
    url: '/admin/reservations',
    tag: `reservation-${row.id}`,
  });
  return done;
}

/** PUT /api/reservations/{id}/cancel: the gym cancels; a cancelled booking is answered as it is. */
export async function cancelByStaff(ctx: AppContext, id: number): Promise<ReservationRow> {
  const row = await ctx.db.transaction().execute(async (trx) => {
    const found = await repo.findReservation(trx, id);
    if (!found) throw notFound(RESERVATION_NOT_FOUND);
    if (found.status === 'cancelled') return found;
    const r = await cancelInTransaction(ctx, trx, found, 'gym');
    return r?.row ?? (await repo.findReservation(trx, id)) ?? found;
  });
  ctx.mail.kick();
  return row;
}

/**
 * POST /api/bookings/manage/{token}/move: in one transaction the booking moves (compare-and-set
 * on where it was), a seat of the new session is taken (409 when full) and the old one given
 * back; the moved e-mail (same UID, next SEQUENCE) and the gym's notice are queued. The two seat
 * rows are always locked in the same order, so two opposite moves cannot deadlock. Moving to
 * where it already is changes nothing.
 */
export async function moveByToken(ctx: AppContext, token: string, sessionId: string): Promise<ManagedBooking> {
  const m = SESSION_ID_PATTERN.exec(sessionId);
  if (!m) throw badRequest(MOVE_TARGET_NOT_FOUND);
  const to = { weeklySessionId: Number(m[1]), date: m[2] };
  const result = await ctx.db.transaction().execute(async (trx) => {
    const row = await bookingOfToken(trx, token);
    const before = await managed(ctx, trx, row);
    if (row.weekly_session_id == null || row.session_date == null) throw conflict(MOVE_BY_APPOINTMENT);
    if (before.started) throw conflict(CLASS_STARTED);
    const from = { weeklySessionId: row.weekly_session_id, date: row.session_date };
    if (from.weeklySessionId === to.weeklySessionId && from.date === to.date) return { moved: false, booking: before, before };
    const target = await findOccurrence(trx, to.weeklySessionId, to.date, ctx.config.timezone);
    if (!target?.bookable) throw notFound(MOVE_TARGET_NOT_FOUND);
    if (target.startsAt.getTime() <= Date.now()) throw badRequest(MOVE_TARGET_STARTED);
    if (target.cancelled || target.closed) throw conflict(CLASS_NOT_HELD);
    const updated = await repo.moveIfAt(trx, row.id, from, { ...to, dateTime: target.startsAt.toISOString(), course: target.course });
    if (!updated) throw conflict(BOOKING_CHANGED);
    const take = async () => {
      if (!(await takeSeat(trx, to.weeklySessionId, to.date, target.capacity))) throw conflict(CLASS_FULL);
    };
    const give = () => releaseSeat(trx, from.weeklySessionId, from.date);
    if (`${from.weeklySessionId}`.padStart(10, '0') + from.date < `${to.weeklySessionId}`.padStart(10, '0') + to.date) {
      await give();
      await take();
    } else {
      await take();
      await give();
    }
    const booking: ManagedBooking = { row: updated, when: whenOf(ctx, target.startsAt, target.durationMinutes), timezone: ctx.config.timezone, started: false };
    for (const mail of moveMails(ctx, booking, before.when, token)) await ctx.mail.enqueue(trx, mail);
    return { moved: true, booking, before };
  });
  if (result.moved) {
    ctx.mail.kick();
    const { row, when } = result.booking;
    ctx.push.notifyStaff({
      title: 'Réservation déplacée',
      body: `${row.name} — ${row.course}, ${when.gymDate} ${when.gymTime}`,
      url: '/admin/reservations',
      tag: `reservation-${row.id}`,
    });
  }
  return result.booking;
}

function moveMails(ctx: AppContext, b: ManagedBooking, previous: BookingWhen, token: string): OutgoingMail[] {
  const r = b.row;
  const mails: OutgoingMail[] = [];
  const at = { startsAt: b.when.startsAt, gymDate: b.when.gymDate, gymTime: b.when.gymTime, zoneLabel: b.when.zoneLabel };
  if (r.email) {
    mails.push(
      bookingMovedMail(mailConfig(ctx), {
        to: r.email,
        name: r.name,
        reservationId: r.id,
        course: r.course,
        ...at,
        endsAt: calendarEnd(b.when),
        manageUrl: manageUrl(ctx, token, r.language),
        sequence: r.calendar_sequence,
        language: r.language,
        previous: { startsAt: previous.startsAt, endsAt: calendarEnd(previous), gymDate: previous.gymDate, gymTime: previous.gymTime },
      }),
    );
  }
  if (ctx.config.notifyEmail) {
    mails.push(
      bookingStaffChangeMail(mailConfig(ctx), ctx.config.notifyEmail, {
        change: 'moved',
        by: 'customer',
        reservationId: r.id,
        name: r.name,
        email: r.email,
        phone: r.phone,
        course: r.course,
        ...at,
        endsAt: b.when.endsAt,
        message: null,
        previous: { startsAt: previous.startsAt, gymDate: previous.gymDate, gymTime: previous.gymTime },
      }),
    );
  }
  return mails;
}
