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

/**
 * The rooms of a type open on a night: its rooms less those closed for repairs that night. Read in
 * the same statement as the counter's write, so a closure counts from its commit on.
 */
const OPEN_ROOMS = `(select count(*) from rooms r where r.room_type_id = ?
   and not exists (select 1 from room_closures c where c.room_id = r.id and c.first_night <= ? and c.last_night >= ?))`;

/** One night's counter, taken only while it stays below the open rooms: one conditional write. */
const takeNightQuery = fixedQuery<never>(
  `insert into room_nights (room_type_id, night, taken) select cast(? as integer), ?, 1 where ${OPEN_ROOMS} > 0
   on conflict (room_type_id, night) do update set taken = room_nights.taken + 1 where room_nights.taken < ${OPEN_ROOMS}`,
);

/** The nights of a stay: check-in day to the day before check-out (check-out day is not a night). */
export function stayNights(checkIn: string, checkOut: string): string[] {
  const nights: string[] = [];
  for (let d = checkIn; d < checkOut; d = addDays(d, 1)) nights.push(d);
  return nights;
}

async function takeNight(trx: Db, roomTypeId: number, night: string): Promise<boolean> {
  const r = await takeNightQuery(trx, [roomTypeId, night, roomTypeId, night, night, roomTypeId, night, night]);
  return Number(r.numAffectedRows ?? 0) === 1;
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

/** The nights taken per type and gym date in [from, to). */
export const listTakenNights = (db: Db, from: string, to: string) =>
  db.selectFrom('room_nights').select(['room_type_id', 'night', 'taken']).where('night', '>=', from).where('night', '<', to).where('taken', '>', 0).execute();

// ---- closures ----

/** Closures with any night in [from, to) (to absent: from `from` on). */
export const listClosures = (db: Db, from: string, to?: string) => {
  let q = db
    .selectFrom('room_closures as c')
    .innerJoin('rooms as r', 'r.id', 'c.room_id')
    .select(['c.id', 'c.room_id', 'c.first_night', 'c.last_night', 'c.reason', 'r.label as room_label', 'r.room_type_id'])
    .where('c.last_night', '>=', from);
  if (to) q = q.where('c.first_night', '<', to);
  return q.orderBy('c.first_night').orderBy('c.id').execute();
};

export const insertClosure = (db: Db, row: { room_id: number; first_night: string; last_night: string; reason: string; created_at: string }) =>
  db.insertInto('room_closures').values(row).returning('id').executeTakeFirstOrThrow();

export async function deleteClosure(db: Db, id: number): Promise<boolean> {
  const r = await db.deleteFrom('room_closures').where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}
