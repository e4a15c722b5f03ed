import type { ReservationPayload } from '../../shared/schemas/reservations';
import type { AppContext } from '../context';
import { nowIso, type Db } from '../db/database';
import type { Insertable } from 'kysely';
import type { OutboxTable, ReservationRow } from '../db/schema';
import { notFound } from '../errors';
import { outboxRow } from '../mail/mail-queue';
import { insertOutboxRows } from '../mail/outbox.repository';
import { bookingConfirmationMail, bookingNotificationMail } from '../mail/templates';
import * as repo from './reservations.repository';

export const RESERVATION_NOT_FOUND = 'Reservation not found';

/** At most this many bookings share one transaction (one fsync). */
export const MAX_BATCH = 128;

interface PendingBooking {
  input: ReservationPayload;
  resolve(row: ReservationRow): void;
  reject(err: unknown): void;
}

interface Batcher {
  queue: PendingBooking[];
  /** A batch is being written, or one is scheduled. */
  busy: boolean;
  /** Committed transactions and the bookings they held (tests read these). */
  commits: number;
  booked: number;
}

// One batcher per database handle (each test app has its own).
const batchers = new WeakMap<object, Batcher>();
const batcherOf = (ctx: AppContext): Batcher => {
  let b = batchers.get(ctx.db);
  if (!b) batchers.set(ctx.db, (b = { queue: [], busy: false, commits: 0, booked: 0 }));
  return b;
};

/** How many write transactions the bookings so far took on this database (SQLite group commit). */
export const batchStats = (ctx: AppContext): { commits: number; booked: number } => {
  const { commits, booked } = batcherOf(ctx);
  return { commits, booked };
};

/** Inserts one booking and its e-mails with the given transaction. */
async function writeBooking(ctx: AppContext, trx: Db, input: ReservationPayload): Promise<ReservationRow> {
  const dateTime = new Date(input.dateTime).toISOString();
  const { notifyEmail } = ctx.config;
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
 */
async function writeBookings(ctx: AppContext, trx: Db, inputs: ReservationPayload[]): Promise<ReservationRow[]> {
  const { notifyEmail } = ctx.config;
  const values = inputs.map((input) => ({
    name: input.name,
    email: input.email,
    phone: input.phone,
    course: input.course,
    date_time: new Date(input.dateTime).toISOString(),
    message: input.message,
    status: 'unread',
    created_at: nowIso(),
  }));
  const rows = (await repo.insertReservations(trx, values)).sort((a, b) => a.id - b.id);
  const mails: Insertable<OutboxTable>[] = [];
  rows.forEach((r, i) => {
    const v = values[i];
    if (!v || r.name !== v.name || r.email !== v.email || r.course !== v.course || r.date_time !== v.date_time || r.created_at !== v.created_at) {
      throw new Error('batch insert returned rows out of order');
    }
    if (r.email)
      mails.push(
        outboxRow(ctx.config, bookingConfirmationMail(ctx.config, { to: r.email, name: r.name, course: r.course, dateTime: r.date_time, message: r.message })),
      );
    if (notifyEmail) mails.push(outboxRow(ctx.config, bookingNotificationMail(ctx.config, notifyEmail, { ...inputs[i], dateTime: r.date_time })));
  });
  if (rows.length !== inputs.length) throw new Error('batch insert lost rows');
  await insertOutboxRows(trx, mails);
  return rows;
}

const writeAlone = (ctx: AppContext, input: ReservationPayload) => ctx.db.transaction().execute((trx) => writeBooking(ctx, trx, input));

/**
 * Writes the bookings waiting in the queue in one transaction: with synchronous=FULL each
 * commit is an fsync, so bookings that arrived while the previous batch was written share the
 * next one. Every caller is answered only after its batch committed. When the batch fails,
 * nothing of it was committed: each booking is tried again alone, so one bad booking fails
 * only its own request.
 */
async function flush(ctx: AppContext, b: Batcher): Promise<void> {
  const batch = b.queue.splice(0, MAX_BATCH);
  let rows: ReservationRow[] | undefined;
  try {
    const inputs = batch.map((p) => p.input);
    rows = await ctx.db.transaction().execute((trx) => writeBookings(ctx, trx, inputs));
    b.commits += 1;
  } catch (err) {
    if (batch.length === 1) batch[0].reject(err);
    else {
      for (const p of batch) {
        try {
          const row = await writeAlone(ctx, p.input);
          b.commits += 1;
          b.booked += 1;
          p.resolve(row);
          afterCommit(ctx, [row]);
        } catch (e) {
          p.reject(e);
        }
      }
    }
  }
  if (rows) {
    b.booked += rows.length;
    batch.forEach((p, i) => p.resolve(rows[i]));
    afterCommit(ctx, rows);
  }
}

function schedule(ctx: AppContext, b: Batcher) {
  b.busy = true;
  // setImmediate: the requests already read from the sockets join this batch.
  setImmediate(() => {
    void flush(ctx, b)
      .catch((err) => ctx.log.error({ err }, 'booking batch: after-commit step failed'))
      .finally(() => {
        if (b.queue.length > 0) schedule(ctx, b);
        else b.busy = false;
      });
  });
}

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
  const b = batcherOf(ctx);
  return new Promise<ReservationRow>((resolve, reject) => {
    b.queue.push({ input, resolve, reject });
    if (!b.busy) schedule(ctx, b);
  });
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
