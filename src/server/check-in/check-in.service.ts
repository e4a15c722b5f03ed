import { todayInZone } from '../../shared/gym-time';
import type { AppContext } from '../context';
import type { Db } from '../db/database';
import { resolveCustomer } from '../customers/customers.repository';
import { notFound } from '../errors';
import { waiverFlagsOf, type WaiverFlag } from '../waivers/waivers.service';
import { customerOfCode } from './check-in-code';

// The desk's scanner (issue 47 point 5): a person's door code names them; today's booking is
// marked present with the same mark as PUT /api/reservations/{id}/attendance, by one
// conditional write, so a code scanned twice (or by two phones at once) marks once.

export const CHECK_IN_UNKNOWN = 'Code inconnu ou remplacé : demandez au voyageur d’ouvrir sa page';

export interface CheckInResult {
  person: { customerId: number; name: string; email: string | null };
  waiver: WaiverFlag;
  /** Today's booking the scan is for (null: none today; the desk can book the next class). */
  booking: { id: number; course: string; dateTime: string; attendance: 'present'; marked: boolean } | null;
}

/** Today's bookings of the person (not cancelled), by start. */
const bookingsToday = (db: Db, customerId: number, date: string) =>
  db
    .selectFrom('reservations')
    .select(['id', 'course', 'date_time', 'attendance'])
    .where('customer_id', '=', customerId)
    .where('session_date', '=', date)
    .where('cancelled_at', 'is', null)
    .where('status', '!=', 'cancelled')
    .orderBy('date_time')
    .execute();

/** Marks present unless it already is (or was cancelled meanwhile): true when this call marked it. */
async function markPresentOnce(db: Db, id: number): Promise<boolean> {
  const r = await db
    .updateTable('reservations')
    .set({ attendance: 'present' })
    .where('id', '=', id)
    .where('cancelled_at', 'is', null)
    .where('status', '!=', 'cancelled')
    .where((eb) => eb.or([eb('attendance', 'is', null), eb('attendance', '!=', 'present')]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** The booking a scan at `now` is for: the first not started more than an hour ago, else the day's last. */
function bookingAt<T extends { date_time: string }>(rows: T[], now: Date): T | undefined {
  return rows.find((r) => Date.parse(r.date_time) >= now.getTime() - 3_600_000) ?? rows.at(-1);
}

export async function checkIn(ctx: AppContext, code: string, now: Date = new Date()): Promise<CheckInResult> {
  const id = await customerOfCode(ctx.db, code);
  const customer = id === undefined ? undefined : await resolveCustomer(ctx.db, id);
  if (!customer) throw notFound(CHECK_IN_UNKNOWN);
  const [rows, flags] = await Promise.all([bookingsToday(ctx.db, customer.id, todayInZone(ctx.config.timezone, now)), waiverFlagsOf(ctx, [customer.id])]);
  const b = bookingAt(rows, now);
  const marked = b ? await markPresentOnce(ctx.db, b.id) : false;
  return {
    person: { customerId: customer.id, name: customer.name, email: customer.email },
    waiver: flags.get(customer.id) ?? 'missing',
    booking: b ? { id: b.id, course: b.course, dateTime: b.date_time, attendance: 'present', marked } : null,
  };
}
