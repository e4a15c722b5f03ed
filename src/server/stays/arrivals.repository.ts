import type { Db } from '../db/database';
import { ordersWithTotals, totalsColumns } from '../ledger/ledger.repository';
import { stayNights } from '../room-nights/room-nights.repository';

// All SQL of the arrival (issue 36 §5): the arrival e-mail's candidates and its claim, the
// pickup's flight, the "Arrivées" board, rooms given at check-in, the occupancy grid.

/** Stays whose order still holds its nights and is not cancelled. */
const liveStays = (db: Db) =>
  db
    .selectFrom('order_stays as s')
    .innerJoin('orders as o', 'o.id', 's.order_id')
    .innerJoin('customers as c', 'c.id', 'o.customer_id')
    .leftJoin('order_pickups as p', 'p.order_id', 's.order_id')
    .where('s.holds_nights', '=', 1)
    .where('o.cancelled_at', 'is', null);

const pickupColumns = ['p.airport', 'p.flight_number', 'p.arrives_at', 'p.sequence as pickup_sequence'] as const;

/** Stays checking in from `fromDate` to `throughDate` (gym dates) whose arrival e-mail is not sent, with an e-mail address. */
export const listArrivalMailCandidates = (db: Db, fromDate: string, throughDate: string) =>
  liveStays(db)
    .select(['s.order_id', 's.check_in', 's.check_out', 's.guests', 's.room_type_name', 'o.reference', 'o.language', 'c.name', 'c.email', ...pickupColumns])
    .where('s.arrival_mail_at', 'is', null)
    .where('c.email', 'is not', null)
    .where('s.check_in', '>=', fromDate)
    .where('s.check_in', '<=', throughDate)
    .orderBy('s.check_in')
    .orderBy('s.order_id')
    .execute();

/** Stays checking in on `date` (a gym date), with an address: the arrival day's push (decision 188). */
export const listArrivalsOn = (db: Db, date: string) =>
  liveStays(db)
    .select(['s.order_id', 's.check_in', 'o.language', 'c.email'])
    .where('c.email', 'is not', null)
    .where('s.check_in', '=', date)
    .orderBy('s.order_id')
    .execute();

/**
 * Claims a stay's arrival e-mail: sets arrival_mail_at only while unset. True for exactly one
 * caller whatever the instances (PostgreSQL re-checks the WHERE on the committed row; SQLite has
 * one writer). Run it in the transaction that writes the e-mail to the outbox.
 */
export async function claimArrivalMail(trx: Db, orderId: number, nowIso: string): Promise<boolean> {
  const r = await trx
    .updateTable('order_stays')
    .set({ arrival_mail_at: nowIso })
    .where('order_id', '=', orderId)
    .where('arrival_mail_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export const insertPageLink = (trx: Db, orderId: number, tokenHash: string, nowIso: string) =>
  trx.insertInto('order_page_links').values({ order_id: orderId, token_hash: tokenHash, created_at: nowIso }).execute();

/** The order of a page key (its first one or an arrival e-mail's) with its pickup, if it has one. */
export const findPickupByTokenHash = (db: Db, tokenHash: string) =>
  db
    .selectFrom('orders as o')
    .innerJoin('customers as c', 'c.id', 'o.customer_id')
    .leftJoin('order_pickups as p', 'p.order_id', 'o.id')
    .leftJoin('order_stays as s', 's.order_id', 'o.id')
    .select(['o.id', 'o.reference', 'o.language', 'o.cancelled_at', 'c.name', 'c.email', 's.check_in', ...pickupColumns])
    .where((eb) =>
      eb.or([eb('o.token_hash', '=', tokenHash), eb('o.id', 'in', eb.selectFrom('order_page_links').select('order_id').where('token_hash', '=', tokenHash))]),
    )
    .executeTakeFirst();

/** Writes the flight and bumps the calendar file's SEQUENCE in one statement; the new row. */
export const updatePickupFlight = (trx: Db, orderId: number, flightNumber: string, arrivesAt: string, nowIso: string) =>
  trx
    .updateTable('order_pickups')
    .set((eb) => ({ flight_number: flightNumber, arrives_at: arrivesAt, sequence: eb('sequence', '+', 1), updated_at: nowIso }))
    .where('order_id', '=', orderId)
    .returning(['airport', 'flight_number', 'arrives_at', 'sequence'])
    .executeTakeFirst();

/** Moves the pickup's landing (its stay's dates moved), bumping the calendar file's SEQUENCE; false without a pickup. */
export async function movePickup(trx: Db, orderId: number, arrivesAt: string, nowIso: string): Promise<boolean> {
  const r = await trx
    .updateTable('order_pickups')
    .set((eb) => ({ arrives_at: arrivesAt, sequence: eb('sequence', '+', 1), updated_at: nowIso }))
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

// ---- the board ----

/** The orders of stays that arrive, leave or sleep in [from, before) (gym dates). */
const boardOrderIds = async (db: Db, from: string, before: string) =>
  (await db.selectFrom('order_stays').select('order_id').where('check_in', '<', before).where('check_out', '>=', from).execute()).map((r) => r.order_id);

/** Stays that arrive, leave or sleep in [from, before) (gym dates), with the buyer, room, pickup and ledger totals. */
export const listBoardStays = async (db: Db, from: string, before: string) =>
  // The ledger's sums of those orders only, not of every order.
  ordersWithTotals(db, await boardOrderIds(db, from, before))
    .innerJoin('order_stays as s', 's.order_id', 'o.id')
    .innerJoin('customers as c', 'c.id', 'o.customer_id')
    .leftJoin('order_pickups as p', 'p.order_id', 'o.id')
    .leftJoin('rooms as r', 'r.id', 's.room_id')
    .select([
      'o.id',
      'o.reference',
      'o.amount_satang',
      'o.deposit_satang',
      'o.expires_at',
      'o.cancelled_at',
      'o.balance_due_date',
      'c.name',
      'c.phone',
      's.room_type_id',
      's.room_type_name',
      's.check_in',
      's.check_out',
      's.guests',
      's.room_id',
      'r.label as room_label',
      's.checked_in_at',
      's.checked_out_at',
      ...pickupColumns,
      ...totalsColumns,
    ])
    .where('s.holds_nights', '=', 1)
    .where('o.cancelled_at', 'is', null)
    .where('s.check_in', '<', before)
    .where('s.check_out', '>=', from)
    .orderBy('s.check_in')
    .orderBy('o.id')
    .execute();

/** Pickups landing in [from, before) (gym dates) of orders not cancelled, stays or not. */
export const listBoardPickups = (db: Db, from: string, before: string) =>
  db
    .selectFrom('order_pickups as p')
    .innerJoin('orders as o', 'o.id', 'p.order_id')
    .innerJoin('customers as c', 'c.id', 'o.customer_id')
    .select(['o.id', 'o.reference', 'c.name', 'c.phone', ...pickupColumns])
    .where('o.cancelled_at', 'is', null)
    .where('p.arrives_at', '>=', from)
    .where('p.arrives_at', '<', before)
    .orderBy('p.arrives_at')
    .orderBy('o.id')
    .execute();

export const listRoomsWithTypes = (db: Db) =>
  db
    .selectFrom('rooms as r')
    .innerJoin('room_types as t', 't.id', 'r.room_type_id')
    .select(['r.id', 'r.label', 'r.room_type_id', 't.name as room_type_name'])
    .orderBy('t.position')
    .orderBy('t.id')
    .orderBy('r.position')
    .orderBy('r.id')
    .execute();

// ---- check-in and check-out ----

export const findStay = (db: Db, orderId: number) =>
  db
    .selectFrom('order_stays as s')
    .innerJoin('orders as o', 'o.id', 's.order_id')
    .select([
      's.order_id',
      's.room_type_id',
      's.check_in',
      's.check_out',
      's.holds_nights',
      's.room_id',
      's.checked_in_at',
      's.checked_out_at',
      'o.cancelled_at',
    ])
    .where('s.order_id', '=', orderId)
    .executeTakeFirst();

/** A room's closures that meet [firstNight, lastNight]. */
export const closuresMeeting = (db: Db, roomId: number, firstNight: string, lastNight: string) =>
  db
    .selectFrom('room_closures')
    .select('id')
    .where('room_id', '=', roomId)
    .where('first_night', '<=', lastNight)
    .where('last_night', '>=', firstNight)
    .execute();

/** Gives back the room a stay held from `fromNight` on (all its nights when not given). */
export async function freeRoomNights(trx: Db, orderId: number, fromNight?: string): Promise<void> {
  let q = trx.deleteFrom('room_stay_nights').where('order_id', '=', orderId);
  if (fromNight) q = q.where('night', '>=', fromNight);
  await q.execute();
}

/**
 * Gives a room to a stay for each of its nights: one row per room and night under the primary
 * key, so two stays never share a room on a night (a row already there is left as it is and the
 * count comes back short: the caller rolls back).
 */
export async function takeRoomNights(trx: Db, roomId: number, orderId: number, checkIn: string, checkOut: string): Promise<boolean> {
  const nights = stayNights(checkIn, checkOut);
  const r = await trx
    .insertInto('room_stay_nights')
    .values(nights.map((night) => ({ room_id: roomId, night, order_id: orderId })))
    .onConflict((oc) => oc.columns(['room_id', 'night']).doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) === nights.length;
}

/** The stay that holds a room on one of the nights (to name it in the refusal). */
export const roomHolder = (db: Db, roomId: number, checkIn: string, checkOut: string) =>
  db
    .selectFrom('room_stay_nights as n')
    .innerJoin('orders as o', 'o.id', 'n.order_id')
    .select(['o.reference', 'n.night'])
    .where('n.room_id', '=', roomId)
    .where('n.night', '>=', checkIn)
    .where('n.night', '<', checkOut)
    .orderBy('n.night')
    .executeTakeFirst();

export const setCheckedIn = (trx: Db, orderId: number, roomId: number, nowIso: string) =>
  trx
    .updateTable('order_stays')
    .set((eb) => ({ room_id: roomId, checked_in_at: eb.fn.coalesce('checked_in_at', eb.val(nowIso)), updated_at: nowIso }))
    .where('order_id', '=', orderId)
    .execute();

/** Checks a stay out once: true for the one caller that did. */
export async function setCheckedOut(trx: Db, orderId: number, nowIso: string): Promise<boolean> {
  const r = await trx
    .updateTable('order_stays')
    .set({ checked_out_at: nowIso, updated_at: nowIso })
    .where('order_id', '=', orderId)
    .where('checked_in_at', 'is not', null)
    .where('checked_out_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

// ---- occupancy ----

export const roomCounts = (db: Db) =>
  db
    .selectFrom('room_types as t')
    .leftJoin('rooms as r', 'r.room_type_id', 't.id')
    .select(['t.id', 't.name', (eb) => eb.fn.count<number | string>('r.id').as('rooms')])
    .groupBy(['t.id', 't.name', 't.position'])
    .orderBy('t.position')
    .orderBy('t.id')
    .execute();
