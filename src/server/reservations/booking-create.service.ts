import type { ReservationPayload } from '../../shared/schemas/reservations';
import { hashToken, newToken } from '../auth/tokens';
import type { AppContext } from '../context';
import { nowIso, type Db } from '../db/database';
import type { ReservationRow } from '../db/schema';
import { fixedQuery } from '../db/fixed-query';
import { findOrCreateForVisitor, resolveCustomer } from '../customers/customers.repository';
import { checkPassUse, liveHolderOf, loadPassBatch, notePassUse, orderForUse, recordUses, type PassBatch, type PassSpend } from '../credits/credits';
import { HttpError, badRequest, conflict } from '../errors';
import { findSessionAt } from '../timetable/timetable.service';
import { createBatcher, type Batcher } from './booking-batcher';
import { CLASS_STARTED, REQUEST_IN_PAST, noSessionThen } from './booking-errors';
import { checkHeld, checkHorizon, takeSeatOf } from './booking-rules';
import * as keys from '../lib/idempotency-keys.repository';

const IDEMPOTENCY_KEY_REUSED = keys.idempotencyKeyReused('booking');
import { whenOf, type BookingWhen } from './booking-facts';
import { newBookingMails, notifyStaffOfBookings } from './booking-notifications';
import * as repo from './reservations.repository';

// Booking (POST /api/reservations): the seat, the row, its e-mails and its Idempotency-Key in
// one transaction, all decided by writeBooking; on SQLite concurrent bookings share a
// transaction (booking-batcher.ts), which only calls writeBooking for each of them.

/** How long a booking's Idempotency-Key is remembered. */
export const IDEMPOTENCY_TTL_MS = 24 * 3_600_000;

/** What the booking transaction decided before the row is written. */
interface BookingPlan {
  course: string;
  dateTime: string;
  seat?: { weekly_session_id: number; session_date: string };
  when: BookingWhen;
  /** The pass credit this booking takes (checked; written with the row). */
  spend?: PassSpend;
}

/** With a pass token: the pass must pay for this class (credits/credits.ts); checked before the seat is taken. */
async function passFor(ctx: AppContext, trx: Db, input: ReservationPayload, course: string, byAppointment: boolean, startsAt: Date, passes?: PassBatch) {
  if (input.passToken == null) return undefined;
  const order = await orderForUse(trx, { token: input.passToken }, ctx.dialect, passes);
  return checkPassUse(trx, order, { course, byAppointment, startsAt }, ctx.config.timezone, { batch: passes });
}

/**
 * What a booking refers to, checked, with its seat taken (inside the booking's transaction):
 * a class by appointment ("Private Training") is a request at the time asked (in the future);
 * any other course must name a timetable session exactly (400 otherwise), one that has not
 * started (409), lies within two years (400), is held that day (409) and has a seat left (409,
 * "This class is full"). The last three are booking-rules.ts's, which a move obeys too.
 */
async function planBooking(ctx: AppContext, trx: Db, input: ReservationPayload, passes?: PassBatch, now = new Date()): Promise<BookingPlan> {
  const at = new Date(input.dateTime);
  const found = await findSessionAt(trx, input.course, at, ctx.config.timezone);
  if (!found) throw badRequest(noSessionThen(input.course), 'session_not_found');
  if (found.kind === 'appointment') {
    if (at.getTime() <= now.getTime()) throw badRequest(REQUEST_IN_PAST, 'request_in_past');
    checkHorizon(ctx, at, now);
    const spend = await passFor(ctx, trx, input, found.course, true, at, passes);
    return { course: found.course, dateTime: at.toISOString(), when: whenOf(ctx, at, found.durationMinutes), spend };
  }
  if (found.startsAt.getTime() <= now.getTime()) throw conflict(CLASS_STARTED, 'class_started');
  // The route's schema refused such a date already; other writers (a waiting list's accept) did not.
  checkHorizon(ctx, found.startsAt, now);
  checkHeld(found);
  // The pass first: it writes nothing, so its refusal costs no seat statement.
  const spend = await passFor(ctx, trx, input, found.course, false, found.startsAt, passes);
  await takeSeatOf(ctx, trx, found);
  return {
    course: found.course,
    dateTime: found.startsAt.toISOString(),
    seat: { weekly_session_id: found.weeklySessionId, session_date: found.date },
    when: whenOf(ctx, found.startsAt, found.durationMinutes),
    spend,
  };
}

/**
 * The customer a booking belongs to: the pass holder when a pass pays for it (the token is
 * their proof), else the person its e-mail or phone names (created when new, never rewritten by
 * what was typed: decision 173). Null without either.
 */
async function customerOf(trx: Db, input: ReservationPayload, plan: BookingPlan, batch?: PassBatch): Promise<number | null> {
  if (plan.spend) {
    const order = plan.spend.order;
    return liveHolderOf(order, batch) ?? (await resolveCustomer(trx, order.customer_id))?.id ?? order.customer_id;
  }
  const c = await findOrCreateForVisitor(trx, { name: input.name, email: input.email, phone: input.phone, language: input.language });
  return c?.id ?? null;
}

/** The row a plan stores; a booking with an e-mail gets a manage link (only its hash is kept). */
function rowOf(input: ReservationPayload, plan: BookingPlan, token: string | null, customerId: number | null): repo.NewBooking {
  return {
    weekly_session_id: plan.seat?.weekly_session_id ?? null,
    session_date: plan.seat?.session_date ?? null,
    customer_id: customerId,
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
  /** The pass that paid for it, and the sessions it has left after (null: unlimited). */
  pass?: { orderId: number; passId: string; creditsLeft: number | null };
}

const passOf = (spend: PassSpend | undefined): BookingResult['pass'] =>
  spend ? { orderId: spend.order.id, passId: spend.order.pass_id, creditsLeft: spend.creditsLeft } : undefined;

/** The first answer as a key stores it: the row, and the pass it used (if one did). */
const answerOf = (r: BookingResult): string => JSON.stringify(r.pass ? { ...r.row, pass_use: r.pass } : r.row);

/** What a key's request is: the parsed payload, the time as an instant (equal bookings, equal hash). */
const requestHash = (p: ReservationPayload) =>
  hashToken(
    JSON.stringify([
      p.name,
      p.email,
      p.phone,
      p.course,
      new Date(p.dateTime).toISOString(),
      p.message,
      ...(p.passToken != null ? [hashToken(p.passToken)] : []),
    ]),
  );

const keyCutoff = (now = Date.now()) => new Date(now - IDEMPOTENCY_TTL_MS).toISOString();

/** The first answer to a key: the booking as it was answered then (422 when the booking differs). */
function replayOf(key: keys.IdempotencyKeyRow | undefined, hash: string): BookingResult {
  if (!key) throw new Error('idempotency key vanished');
  if (key.request_hash !== hash) throw new HttpError(422, IDEMPOTENCY_KEY_REUSED, 'idempotency_key_reused');
  if (key.status_code == null || key.answer_body == null) throw conflict(keys.IDEMPOTENCY_KEY_BUSY, 'idempotency_key_busy');
  const { pass_use: pass, ...row } = JSON.parse(key.answer_body) as ReservationRow & { pass_use?: BookingResult['pass'] };
  return { row, replayed: true, ...(pass ? { pass } : {}) };
}

// One batcher per database handle (each test app has its own).
const batchers = new WeakMap<object, Batcher<BookingRequest, BookingResult>>();
const batcherOf = (ctx: AppContext): Batcher<BookingRequest, BookingResult> => {
  let b = batchers.get(ctx.db);
  if (!b) {
    b = createBatcher<BookingRequest, BookingResult>({
      writeMany: (inputs) => writeBatch(ctx, inputs),
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
 * One booking with the given transaction: the only place its rules live (plan, seat, customer,
 * row, pass use, e-mails, Idempotency-Key). The key is claimed first: a concurrent request with
 * the same key (PostgreSQL) waits on it, then replays this one's answer; a refused booking rolls
 * the claim back with everything else. Other writers of bookings (a waiting-list accept, a
 * rebooking) call it inside their own transaction. `passes`: what a SQLite batch read of its
 * pass bookings' orders (decision 106), kept true here as each use is written.
 */
export async function writeBooking(ctx: AppContext, trx: Db, req: BookingRequest, passes?: PassBatch): Promise<BookingResult> {
  const { payload, idempotencyKey: key } = req;
  const hash = key ? requestHash(payload) : '';
  if (key && !(await keys.claimIdempotencyKey(trx, { key, requestHash: hash, createdAt: nowIso() }, keyCutoff()))) {
    return replayOf(await keys.findIdempotencyKey(trx, key), hash);
  }
  const plan = await planBooking(ctx, trx, payload, passes);
  const token = payload.email ? newToken() : null;
  const row = await repo.insertBooking(trx, rowOf(payload, plan, token, await customerOf(trx, payload, plan, passes)));
  if (plan.spend) await recordUses(trx, [{ spend: plan.spend, reservationId: row.id }]);
  // No seat: a class by appointment, asked for here without a trainer: a request, not a booking.
  for (const m of newBookingMails(ctx, row, plan.when, token, plan.spend, { request: plan.seat == null })) await ctx.mail.enqueue(trx, m);
  const result: BookingResult = { row, replayed: false, pass: passOf(plan.spend) };
  if (key) await keys.completeIdempotencyKey(trx, key, 201, answerOf(result));
  // Last, once nothing of this booking can fail: a refused one must leave the batch's read untouched.
  if (plan.spend && passes) notePassUse(passes, plan.spend);
  return result;
}

/** After the commit: wake the outbox worker, tell the staff. Never before the row is durable. */
function afterCommit(ctx: AppContext, results: BookingResult[]) {
  const rows = results.filter((r) => !r.replayed).map((r) => r.row);
  if (rows.some((r) => r.email) || (rows.length > 0 && ctx.config.notifyEmail)) ctx.mail.kick();
  notifyStaffOfBookings(ctx, rows);
}

const savepoint = fixedQuery('savepoint booking');
const rollbackToSavepoint = fixedQuery('rollback to savepoint booking');
const releaseSavepoint = fixedQuery('release savepoint booking');

/** A booking of a batch written without savepoints was refused: the batch is written again with them. */
class RefusedInBatch extends Error {}

/**
 * SQLite: a batch is writeBooking called for each input in turn, in one transaction; the answer
 * is in input order, the result or the refusal. A refused booking (class full, no such session,
 * a key reused for another booking) must leave nothing behind (seat, customer, use, e-mail, key)
 * and must not fail the others (a full class must not break every batch): with `isolated`, each
 * booking runs inside a savepoint and a refused one is rolled back to it. Savepoints cost every
 * booking (SQLite copies each page it changes), so a batch is first written without them and,
 * at its first refusal, rolled back whole and written again with them (writeBatch). The same key
 * twice in one batch books once: the second finds the first's key and replays it.
 */
async function writeBookings(ctx: AppContext, trx: Db, inputs: BookingRequest[], isolated: boolean): Promise<(BookingResult | HttpError)[]> {
  const withPass = inputs.filter((r) => r.payload.passToken != null);
  // The batch's passes are read once, not once per booking (three statements for the batch).
  const passes =
    withPass.length > 0
      ? await loadPassBatch(
          trx,
          withPass.map((r) => ({ token: r.payload.passToken ?? '', startsAt: new Date(r.payload.dateTime) })),
          ctx.config.timezone,
        )
      : undefined;
  const outcome: (BookingResult | HttpError)[] = [];
  for (const req of inputs) {
    if (!isolated) {
      try {
        outcome.push(await writeBooking(ctx, trx, req, passes));
      } catch (err) {
        throw err instanceof HttpError ? new RefusedInBatch() : err;
      }
      continue;
    }
    await savepoint(trx, []);
    try {
      outcome.push(await writeBooking(ctx, trx, req, passes));
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      await rollbackToSavepoint(trx, []);
      outcome.push(err);
    }
    // Released after a rollback too (ROLLBACK TO keeps the savepoint open).
    await releaseSavepoint(trx, []);
  }
  return outcome;
}

/** One SQLite batch, committed: without savepoints while no booking of it is refused (see writeBookings). */
async function writeBatch(ctx: AppContext, inputs: BookingRequest[]): Promise<(BookingResult | HttpError)[]> {
  try {
    return await ctx.db.transaction().execute((trx) => writeBookings(ctx, trx, inputs, false));
  } catch (err) {
    if (!(err instanceof RefusedInBatch)) throw err;
  }
  return ctx.db.transaction().execute((trx) => writeBookings(ctx, trx, inputs, true));
}

const writeAlone = (ctx: AppContext, req: BookingRequest) => ctx.db.transaction().execute((trx) => writeBooking(ctx, trx, req));

// Expired keys are forgotten at most once a minute per database, outside the booking's
// transaction (a claim takes over an expired key anyway).
const lastPurge = new WeakMap<object, number>();
function purgeKeysNow(ctx: AppContext) {
  const now = Date.now();
  if (now - (lastPurge.get(ctx.db) ?? 0) < 60_000) return;
  lastPurge.set(ctx.db, now);
  keys.purgeIdempotencyKeys(ctx.db, keyCutoff(now)).catch((err: unknown) => ctx.log.error({ err }, 'idempotency keys: purge failed'));
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
      const stored = await keys.findIdempotencyKey(ctx.db, req.idempotencyKey);
      if (!stored) throw err;
      return replayOf(stored, requestHash(req.payload));
    }
    afterCommit(ctx, [result]);
    return result;
  }
  return batcherOf(ctx).submit(req);
}
