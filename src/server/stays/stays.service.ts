import type { Updateable } from 'kysely';
import type { AvailabilityDto, RoomClosureDto, RoomTypeDto } from '../../shared/api-types/stays';
import { addDays, todayInZone } from '../../shared/gym-time';
import type { Language } from '../../shared/i18n/languages';
import type { AvailabilityQuery, RoomClosureInput, RoomTypeCreateInput, RoomTypePatchInput, RoomTypeTranslations } from '../../shared/schemas/stays';
import { STAY_LIMITS } from '../../shared/schemas/stays';
import { stayPriceSatang } from '../../shared/stay-price';
import type { AppContext } from '../context';
import type { Db } from '../db/database';
import type { RoomTypesTable } from '../db/schema';
import { badRequest, conflict, notFound } from '../errors';
import * as roomNights from '../room-nights/room-nights.repository';
import * as repo from './stays.repository';

// Rooms (issue 36 §1–2): room types and their rooms for "Hébergement", closures for repairs, and
// the public availability and price of a stay. Orders take and give back nights through
// stays.repository's takeNights/releaseNights inside their own transaction.

type RoomTypeRow = Awaited<ReturnType<typeof repo.listRoomTypes>>[number];
type RoomRow = Awaited<ReturnType<typeof repo.listRooms>>[number];

const parseJson = <T>(text: string, fallback: T): T => {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};

function present(row: RoomTypeRow, rooms: RoomRow[]): RoomTypeDto {
  const mine = rooms.filter((r) => r.room_type_id === row.id);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    translations: parseJson<RoomTypeTranslations>(row.translations, {}),
    beds: row.beds,
    maxGuests: row.max_guests,
    rooms: mine.length,
    roomList: mine.map((r) => ({ id: r.id, label: r.label })),
    nightlyPriceSatang: row.nightly_price_satang,
    weeklyPriceSatang: row.weekly_price_satang,
    monthlyPriceSatang: row.monthly_price_satang,
    photos: parseJson<string[]>(row.photos, []),
    version: row.version,
  };
}

export async function listRoomTypes(ctx: AppContext): Promise<RoomTypeDto[]> {
  const [types, rooms] = await Promise.all([repo.listRoomTypes(ctx.db), repo.listRooms(ctx.db)]);
  return types.map((t) => present(t, rooms));
}

async function presentOne(db: Db, id: number): Promise<RoomTypeDto> {
  const row = await repo.findRoomType(db, id);
  if (!row) throw notFound('Type de chambre introuvable');
  return present(row, await repo.listRooms(db, [id]));
}

/**
 * Makes the rooms of a type match the count and labels asked: renames in order, adds numbered
 * ones after the highest number, removes the last ones (with their closures); refused (409) when
 * a night from today on has more rooms sold or closed than would be left.
 */
async function syncRooms(ctx: AppContext, trx: Db, roomTypeId: number, count: number, labels: string[] | undefined): Promise<void> {
  const current = await repo.listRooms(trx, [roomTypeId]);
  const kept = current.slice(0, count);
  const removed = current.slice(count).map((r) => r.id);
  // A removed room's closures go with it: their nights stop counting as closed.
  for (const c of await repo.listRoomClosures(trx, removed)) await roomNights.reopenNights(trx, roomTypeId, c.first_night, addDays(c.last_night, 1));
  await repo.deleteRooms(trx, removed);
  if (removed.length) {
    const busiest = await roomNights.busiestNight(trx, roomTypeId, todayInZone(ctx.config.timezone));
    if (busiest > count) throw conflict(`${busiest} chambres de ce type sont déjà vendues ou fermées une même nuit : impossible de descendre à ${count}`);
  }
  if (labels) {
    // Two passes so that swapping two labels never meets the unique index halfway.
    for (const [i, r] of kept.entries()) await repo.renameRoom(trx, r.id, `~${r.id}`, i);
    for (const [i, r] of kept.entries()) await repo.renameRoom(trx, r.id, labels[i], i);
  }
  const taken = new Set(labels ? labels.slice(0, kept.length) : kept.map((r) => r.label));
  const added: { label: string; position: number }[] = [];
  let next = 1;
  for (let i = kept.length; i < count; i++) {
    let label = labels?.[i];
    if (!label) {
      while (taken.has(String(next))) next++;
      label = String(next);
    }
    taken.add(label);
    added.push({ label, position: i });
  }
  await repo.insertRooms(trx, roomTypeId, added);
}

const columns = (input: RoomTypePatchInput): Updateable<RoomTypesTable> => {
  const set: Updateable<RoomTypesTable> = {};
  if (input.name !== undefined) set.name = input.name;
  if (input.description !== undefined) set.description = input.description;
  if (input.translations !== undefined) set.translations = JSON.stringify(input.translations);
  if (input.beds !== undefined) set.beds = input.beds;
  if (input.maxGuests !== undefined) set.max_guests = input.maxGuests;
  if (input.nightlyPriceSatang !== undefined) set.nightly_price_satang = input.nightlyPriceSatang;
  if (input.weeklyPriceSatang !== undefined) set.weekly_price_satang = input.weeklyPriceSatang;
  if (input.monthlyPriceSatang !== undefined) set.monthly_price_satang = input.monthlyPriceSatang;
  if (input.photos !== undefined) set.photos = JSON.stringify(input.photos);
  return set;
};

export async function createRoomType(ctx: AppContext, input: RoomTypeCreateInput): Promise<RoomTypeDto> {
  const now = new Date().toISOString();
  const id = await ctx.db.transaction().execute(async (trx) => {
    const position = (await repo.listRoomTypes(trx)).length;
    const row = await repo.insertRoomType(trx, {
      name: input.name,
      description: input.description,
      translations: JSON.stringify(input.translations),
      beds: input.beds,
      max_guests: input.maxGuests,
      nightly_price_satang: input.nightlyPriceSatang,
      weekly_price_satang: input.weeklyPriceSatang ?? null,
      monthly_price_satang: input.monthlyPriceSatang ?? null,
      photos: JSON.stringify(input.photos),
      position,
      created_at: now,
      updated_at: now,
    });
    await syncRooms(ctx, trx, row.id, input.rooms, input.roomLabels);
    return row.id;
  });
  return presentOne(ctx.db, id);
}

export async function updateRoomType(ctx: AppContext, id: number, input: RoomTypePatchInput): Promise<RoomTypeDto> {
  await ctx.db.transaction().execute(async (trx) => {
    const before = await repo.findRoomType(trx, id);
    if (!before) throw notFound('Type de chambre introuvable');
    const row = await repo.updateRoomType(trx, id, { ...columns(input), updated_at: new Date().toISOString() }, input.version);
    if (!row) throw conflict('Ce type de chambre a été modifié entre-temps : rechargez la page', 'stale_version');
    if (input.rooms !== undefined || input.roomLabels !== undefined) {
      const count = input.rooms ?? input.roomLabels?.length ?? 0;
      await syncRooms(ctx, trx, id, count, input.roomLabels);
    }
  });
  return presentOne(ctx.db, id);
}

// ---- closures ----

export async function listClosures(ctx: AppContext, from?: string): Promise<RoomClosureDto[]> {
  const rows = await repo.listClosures(ctx.db, from ?? todayInZone(ctx.config.timezone));
  return rows.map((r) => ({
    id: r.id,
    roomId: r.room_id,
    roomLabel: r.room_label,
    roomTypeId: r.room_type_id,
    firstNight: r.first_night,
    lastNight: r.last_night,
    reason: r.reason,
  }));
}

/**
 * Closes a room for repairs: each night is counted closed with one conditional write, like a sale,
 * so a closure and a sale never both take the last room. Refused (409) when a night has no free
 * room of the type left (sold nights stay sold: move the guest or the closure first), or when the
 * room is already closed on one of the nights.
 */
export async function closeRoom(ctx: AppContext, input: RoomClosureInput): Promise<{ id: number }> {
  if (addDays(input.firstNight, STAY_LIMITS.nights * 2) < input.lastNight) throw badRequest(`Une fermeture dure ${STAY_LIMITS.nights * 2} nuits au plus`);
  return ctx.db.transaction().execute(async (trx) => {
    const room = await repo.findRoom(trx, input.roomId);
    if (!room) throw notFound('Chambre introuvable');
    const overlapping = (await repo.listRoomClosures(trx, [room.id])).some((c) => c.first_night <= input.lastNight && input.firstNight <= c.last_night);
    if (overlapping) throw conflict('Cette chambre est déjà fermée sur une partie de ces nuits');
    const full = await roomNights.closeNights(trx, room.room_type_id, input.firstNight, addDays(input.lastNight, 1));
    if (full) throw conflict(`Toutes les chambres de ce type sont prises la nuit du ${full} : fermeture impossible`);
    return repo.insertClosure(trx, {
      room_id: input.roomId,
      first_night: input.firstNight,
      last_night: input.lastNight,
      reason: input.reason,
      created_at: new Date().toISOString(),
    });
  });
}

export async function reopenRoom(ctx: AppContext, id: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const closure = await repo.deleteClosure(trx, id);
    if (!closure) throw notFound('Fermeture introuvable');
    const room = await repo.findRoom(trx, closure.room_id);
    if (room) await roomNights.reopenNights(trx, room.room_type_id, closure.first_night, addDays(closure.last_night, 1));
  });
}

// ---- availability ----

/** Per type, per night of [checkIn, checkOut): the rooms still free (rooms less nights taken and closed). */
async function roomsLeftPerNight(db: Db, typeIds: number[], checkIn: string, checkOut: string): Promise<Map<number, Map<string, number>>> {
  const [rooms, counted] = await Promise.all([repo.listRooms(db, typeIds), roomNights.listTakenNights(db, checkIn, checkOut)]);
  const nights = roomNights.stayNights(checkIn, checkOut);
  const out = new Map<number, Map<string, number>>();
  for (const typeId of typeIds) {
    const count = rooms.filter((r) => r.room_type_id === typeId).length;
    const perNight = new Map(nights.map((n) => [n, count]));
    for (const c of counted) if (c.room_type_id === typeId) perNight.set(c.night, count - Number(c.taken) - Number(c.closed));
    out.set(typeId, perNight);
  }
  return out;
}

const localized = (row: RoomTypeRow, language: Language) => {
  const t = language === 'en' ? undefined : parseJson<RoomTypeTranslations>(row.translations, {})[language];
  return { name: t?.name || row.name, description: t?.description || row.description };
};

/**
 * The room types that can hold the guests, with the rooms free on every night of the stay and
 * its price. Refuses a check-in before today (gym time), a check-out not after it, and stays
 * over 180 nights.
 */
export async function availability(ctx: AppContext, q: AvailabilityQuery, now: Date = new Date()): Promise<AvailabilityDto> {
  if (q.checkIn < todayInZone(ctx.config.timezone, now)) throw badRequest('checkIn is before today (gym time)');
  if (q.checkOut <= q.checkIn) throw badRequest('checkOut must be after checkIn');
  if (addDays(q.checkIn, STAY_LIMITS.nights) < q.checkOut) throw badRequest(`A stay is ${STAY_LIMITS.nights} nights at most`);
  const nights = roomNights.stayNights(q.checkIn, q.checkOut).length;
  const types = (await repo.listRoomTypes(ctx.db)).filter((t) => t.max_guests >= q.guests);
  const left = await roomsLeftPerNight(
    ctx.db,
    types.map((t) => t.id),
    q.checkIn,
    q.checkOut,
  );
  return {
    checkIn: q.checkIn,
    checkOut: q.checkOut,
    nights,
    roomTypes: types.map((t) => ({
      id: t.id,
      ...localized(t, q.language),
      beds: t.beds,
      photos: parseJson<string[]>(t.photos, []),
      maxGuests: t.max_guests,
      roomsLeft: Math.max(0, Math.min(...(left.get(t.id)?.values() ?? [0]))),
      priceSatang: stayPriceSatang(nights, {
        nightlyPriceSatang: t.nightly_price_satang,
        weeklyPriceSatang: t.weekly_price_satang,
        monthlyPriceSatang: t.monthly_price_satang,
      }),
      nights,
    })),
  };
}
