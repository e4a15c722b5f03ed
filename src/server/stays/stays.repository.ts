import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../db/database';
import type { RoomTypesTable } from '../db/schema';

// The SQL of room types, rooms and closures (issue 36); the nights' counters are in
// room-nights/. Each function takes db or a transaction.

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
