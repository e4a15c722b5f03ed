import type { Insertable, Updateable } from 'kysely';
import { addDays } from '../../shared/gym-time';
import type { Db } from '../db/database';
import { fixedQuery } from '../db/fixed-query';
import type { RoomTypesTable } from '../db/schema';

// All SQL of the rooms (issue 36). Each function takes db or a transaction.

// ---- room types and rooms ----

export const listRoomTypes = (db: Db) => db.selectFrom('room_types').selectAll().orderBy('position').orderBy('id').execute();

export const findRoomType = (db: Db, id: number) => db.selectFrom('room_types').selectAll().where('id', '=', id).executeTakeFirst();

export const insertRoomType = (db: Db, row: Insertable<RoomTypesTable>) => db.insertInto('room_types').values(row).returningAll().executeTakeFirstOrThrow();

/** Updates a room type if its version is still `expected` (when given); undefined otherwise. */
export const updateRoomType = (db: Db, id: number, set: Updateable<RoomTypesTable>, expected?: number) => {
  let q = db
    .updateTable('room_types')
    .set((eb) => ({ ...set, version: eb('version', '+', 1) }))
    .where('id', '=', id);
  if (expected !== undefined) q = q.where('version', '=', expected);
  return q.returningAll().executeTakeFirst();
};

export const listRooms = (db: Db, roomTypeIds?: number[]) => {
  let q = db.selectFrom('rooms').select(['id', 'room_type_id', 'label', 'position']);
  if (roomTypeIds) q = q.where('room_type_id', 'in', roomTypeIds.length ? roomTypeIds : [0]);
  return q.orderBy('room_type_id').orderBy('position').orderBy('id').execute();
};

export const findRoom = (db: Db, id: number) => db.selectFrom('rooms').selectAll().where('id', '=', id).executeTakeFirst();

export async function insertRooms(db: Db, roomTypeId: number, labels: { label: string; position: number }[]): Promise<void> {
  if (labels.length)
    await db
      .insertInto('rooms')
      .values(labels.map((l) => ({ room_type_id: roomTypeId, ...l })))
      .execute();
}

export const renameRoom = (db: Db, id: number, label: string, position: number) =>
  db.updateTable('rooms').set({ label, position }).where('id', '=', id).execute();

export async function deleteRooms(db: Db, ids: number[]): Promise<void> {
  if (ids.length) await db.deleteFrom('rooms').where('id', 'in', ids).execute();
}

// ---- nights ----

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

// ---- closures ----

/** Closures with a night from `from` on. */
export const listClosures = (db: Db, from: string) =>
  db
    .selectFrom('room_closures as c')
    .innerJoin('rooms as r', 'r.id', 'c.room_id')
    .select(['c.id', 'c.room_id', 'c.first_night', 'c.last_night', 'c.reason', 'r.label as room_label', 'r.room_type_id'])
    .where('c.last_night', '>=', from)
    .orderBy('c.first_night')
    .orderBy('c.id')
    .execute();

export const insertClosure = (db: Db, row: { room_id: number; first_night: string; last_night: string; reason: string; created_at: string }) =>
  db.insertInto('room_closures').values(row).returning('id').executeTakeFirstOrThrow();

/** Deletes a closure and answers what it closed (undefined when there was none). */
export const deleteClosure = (db: Db, id: number) =>
  db.deleteFrom('room_closures').where('id', '=', id).returning(['room_id', 'first_night', 'last_night']).executeTakeFirst();

/** A room's closures (to uncount them before the room goes, or to refuse an overlapping one). */
export const listRoomClosures = (db: Db, roomIds: number[]) =>
  db
    .selectFrom('room_closures as c')
    .innerJoin('rooms as r', 'r.id', 'c.room_id')
    .select(['c.id', 'c.room_id', 'c.first_night', 'c.last_night', 'r.room_type_id'])
    .where('c.room_id', 'in', roomIds.length ? roomIds : [0])
    .execute();
