import { addDays } from '../../shared/gym-time';
import { nowIso, type Db } from '../db/database';
import { fixedQuery } from '../db/fixed-query';

// The rooms' inventory (issue 36, decision 156): a counter per room type and gym date, taken and
// given back by one conditional write per night, and an order's hold on its stay's nights
// (order_stays.holds_nights). Its own folder: the stays, the orders and the ledger (a payment on
// a lapsed order takes its nights again, decision 170) all write it, and it reads none of them.

/** A type's rooms, read in the same statement as the counter's write. */
const ROOMS = `(select count(*) from rooms r where r.room_type_id = ?)`;

/**
 * One night's counter, taken only while rooms taken and closed stay below the type's rooms: one
 * conditional write. The condition reads the row's own columns, so PostgreSQL checks it again on
 * the row a concurrent sale or closure committed.
 */
const takeNightQuery = fixedQuery<never>(
  `insert into room_nights (room_type_id, night, taken, closed) select cast(? as integer), ?, 1, 0 where ${ROOMS} > 0
   on conflict (room_type_id, night) do update set taken = room_nights.taken + 1 where room_nights.taken + room_nights.closed < ${ROOMS}`,
);

/** One night of a room closed for repairs: counted like a sale, refused when no room is free. */
const closeNightQuery = fixedQuery<never>(
  `insert into room_nights (room_type_id, night, taken, closed) select cast(? as integer), ?, 0, 1 where ${ROOMS} > 0
   on conflict (room_type_id, night) do update set closed = room_nights.closed + 1 where room_nights.taken + room_nights.closed < ${ROOMS}`,
);

/** The nights of a stay: check-in day to the day before check-out (check-out day is not a night). */
export function stayNights(checkIn: string, checkOut: string): string[] {
  const nights: string[] = [];
  for (let d = checkIn; d < checkOut; d = addDays(d, 1)) nights.push(d);
  return nights;
}

async function takeNight(trx: Db, roomTypeId: number, night: string): Promise<boolean> {
  const r = await takeNightQuery(trx, [roomTypeId, night, roomTypeId, roomTypeId]);
  return Number(r.numAffectedRows ?? 0) === 1;
}

/** Counts a closure's nights as closed; false (some may be counted: roll back) when a night has no free room. */
export async function closeNights(trx: Db, roomTypeId: number, from: string, to: string): Promise<string | null> {
  for (const night of stayNights(from, to)) {
    const r = await closeNightQuery(trx, [roomTypeId, night, roomTypeId, roomTypeId]);
    if (Number(r.numAffectedRows ?? 0) !== 1) return night;
  }
  return null;
}

/** Uncounts a closure's nights (reopened, or its room removed); never below zero. */
export async function reopenNights(trx: Db, roomTypeId: number, from: string, to: string): Promise<void> {
  for (const night of stayNights(from, to))
    await trx
      .updateTable('room_nights')
      .set((eb) => ({ closed: eb('closed', '-', 1) }))
      .where('room_type_id', '=', roomTypeId)
      .where('night', '=', night)
      .where('closed', '>', 0)
      .execute();
}

async function releaseNight(trx: Db, roomTypeId: number, night: string): Promise<void> {
  await trx
    .updateTable('room_nights')
    .set((eb) => ({ taken: eb('taken', '-', 1) }))
    .where('room_type_id', '=', roomTypeId)
    .where('night', '=', night)
    .where('taken', '>', 0)
    .execute();
}

/**
 * Takes one room of a type for every night of a stay, inside the caller's transaction: all the
 * nights or none (a night that is full gives back those taken before it, and false comes back).
 * Nights are taken in date order, so two stays that overlap never wait on each other in a cycle.
 */
export async function takeNights(trx: Db, roomTypeId: number, checkIn: string, checkOut: string): Promise<boolean> {
  const nights = stayNights(checkIn, checkOut);
  if (!nights.length) return false;
  for (let i = 0; i < nights.length; i++) {
    if (await takeNight(trx, roomTypeId, nights[i])) continue;
    for (const taken of nights.slice(0, i)) await releaseNight(trx, roomTypeId, taken);
    return false;
  }
  return true;
}

/** Gives back one room of a type for every night of a stay (an expired or cancelled order); never below zero. */
export async function releaseNights(trx: Db, roomTypeId: number, checkIn: string, checkOut: string): Promise<void> {
  for (const night of stayNights(checkIn, checkOut)) await releaseNight(trx, roomTypeId, night);
}

/** The nights taken or closed per type and gym date in [from, to). */
export const listTakenNights = (db: Db, from: string, to: string) =>
  db.selectFrom('room_nights').select(['room_type_id', 'night', 'taken', 'closed']).where('night', '>=', from).where('night', '<', to).execute();

/** The most rooms of a type taken and closed on one night from `from` on (0 when none). */
export async function busiestNight(db: Db, roomTypeId: number, from: string): Promise<number> {
  const r = await db
    .selectFrom('room_nights')
    .select((eb) => eb.fn.max<number | null>(eb('taken', '+', eb.ref('closed'))).as('m'))
    .where('room_type_id', '=', roomTypeId)
    .where('night', '>=', from)
    .executeTakeFirst();
  return Number(r?.m ?? 0);
}

// ---- an order's hold ----

/**
 * Gives an order's nights back once: the conditional update of holds_nights 1→0 is the key, so
 * two instances (or an expiry and a cancellation) racing on one order give them back once.
 * Answers whether this call gave them back.
 */
export async function releaseStayHold(trx: Db, orderId: number): Promise<boolean> {
  const stay = await trx
    .updateTable('order_stays')
    .set({ holds_nights: 0, updated_at: nowIso() })
    .where('order_id', '=', orderId)
    .where('holds_nights', '=', 1)
    .returning(['room_type_id', 'check_in', 'check_out'])
    .executeTakeFirst();
  if (!stay) return false;
  await releaseNights(trx, stay.room_type_id, stay.check_in, stay.check_out);
  return true;
}

/**
 * A payment that arrives on a lapsed order takes its nights again while they are all still free
 * (takeNights: all or none), inside the payment's transaction; the order's lock orders it against
 * the expiry job. Answers 'retaken', 'gone' when a night was sold since or check-in is past (the
 * stay stays released: staff are told), or null when the order holds no released stay.
 */
export async function retakeStayHold(trx: Db, orderId: number, today: string): Promise<'retaken' | 'gone' | null> {
  const stay = await trx
    .selectFrom('order_stays')
    .select(['room_type_id', 'check_in', 'check_out'])
    .where('order_id', '=', orderId)
    .where('holds_nights', '=', 0)
    .executeTakeFirst();
  if (!stay) return null;
  if (stay.check_in < today || !(await takeNights(trx, stay.room_type_id, stay.check_in, stay.check_out))) return 'gone';
  await trx.updateTable('order_stays').set({ holds_nights: 1, updated_at: nowIso() }).where('order_id', '=', orderId).where('holds_nights', '=', 0).execute();
  return 'retaken';
}
