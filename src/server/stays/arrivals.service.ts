import type { ArrivalsBoardDto, BoardDayDto, BoardStayDto, OccupancyDto, PickupDto } from '../../shared/api-types/arrivals';
import { addDays, todayInZone } from '../../shared/gym-time';
import type { CheckInInput, OccupancyQuery } from '../../shared/schemas/arrivals';
import type { AppContext } from '../context';
import { conflict, notFound } from '../errors';
import { figuresOf } from '../ledger/order-figures';
import { totalsOf } from '../ledger/ledger.repository';
import * as repo from './arrivals.repository';
import { listTakenNights, stayNights } from '../room-nights/room-nights.repository';

// The "Arrivées" board (issue 36 §5): a day's and the next day's arrivals, departures, guests in
// house and pickups, with what each order still owes; check-in gives a room number, check-out
// frees the room's nights to come; the occupancy grid per room type.

type BoardRow = Awaited<ReturnType<typeof repo.listBoardStays>>[number];

const pickupOf = (r: { airport: string | null; flight_number: string | null; arrives_at: string | null; pickup_sequence: number | null }): PickupDto | null =>
  r.airport && r.arrives_at ? { airport: r.airport, flightNumber: r.flight_number, arrivesAt: r.arrives_at, sequence: Number(r.pickup_sequence ?? 0) } : null;

function presentStay(r: BoardRow): BoardStayDto {
  return {
    orderId: r.id,
    reference: r.reference,
    name: r.name,
    phone: r.phone,
    roomTypeId: r.room_type_id,
    roomTypeName: r.room_type_name,
    checkIn: r.check_in,
    checkOut: r.check_out,
    guests: r.guests,
    roomId: r.room_id,
    roomLabel: r.room_label,
    checkedInAt: r.checked_in_at,
    checkedOutAt: r.checked_out_at,
    owedSatang: figuresOf(r, totalsOf(r)).owedSatang,
    balanceDueDate: r.balance_due_date,
    pickup: pickupOf(r),
  };
}

export async function arrivalsBoard(ctx: AppContext, date?: string): Promise<ArrivalsBoardDto> {
  const first = date ?? todayInZone(ctx.config.timezone);
  const dates = [first, addDays(first, 1)];
  const after = addDays(first, 2);
  const [stays, pickups, rooms] = await Promise.all([
    repo.listBoardStays(ctx.db, first, after),
    repo.listBoardPickups(ctx.db, first, after),
    repo.listRoomsWithTypes(ctx.db),
  ]);
  const presented = stays.map((r) => presentStay(r));
  const days: BoardDayDto[] = dates.map((d) => ({
    date: d,
    arrivals: presented.filter((s) => s.checkIn === d),
    departures: presented.filter((s) => s.checkOut === d),
    staying: presented.filter((s) => s.checkIn < d && d < s.checkOut),
    pickups: pickups
      .filter((p) => p.arrives_at.slice(0, 10) === d)
      .map((p) => ({ orderId: p.id, reference: p.reference, name: p.name, phone: p.phone, ...pickupOf(p)! })),
  }));
  return { days, rooms: rooms.map((r) => ({ id: r.id, label: r.label, roomTypeId: r.room_type_id, roomTypeName: r.room_type_name })) };
}

/**
 * Gives a stay its room (or moves it to another): each night of the stay is one row keyed by
 * room and night, so a room never holds two stays on one night, whichever desk writes first;
 * refused (409) then, or when the room is of another type or closed for repairs on a night.
 */
export async function checkIn(ctx: AppContext, orderId: number, input: CheckInInput): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const stay = await repo.findStay(trx, orderId);
    if (!stay || stay.cancelled_at || Number(stay.holds_nights) !== 1) throw notFound('Séjour introuvable');
    if (stay.checked_out_at) throw conflict('Ce séjour est déjà parti');
    const room = await trx.selectFrom('rooms').select(['id', 'room_type_id', 'label']).where('id', '=', input.roomId).executeTakeFirst();
    if (!room) throw notFound('Chambre introuvable');
    if (room.room_type_id !== stay.room_type_id) throw conflict(`La chambre ${room.label} n’est pas du type réservé`);
    const lastNight = addDays(stay.check_out, -1);
    if ((await repo.closuresMeeting(trx, room.id, stay.check_in, lastNight)).length)
      throw conflict(`La chambre ${room.label} est fermée pour travaux pendant ce séjour`);
    await repo.freeRoomNights(trx, orderId);
    if (!(await repo.takeRoomNights(trx, room.id, orderId, stay.check_in, stay.check_out))) {
      const holder = await repo.roomHolder(trx, room.id, stay.check_in, stay.check_out);
      throw conflict(
        `La chambre ${room.label} est déjà occupée la nuit du ${holder?.night ?? stay.check_in}${holder ? ` (commande ${holder.reference})` : ''}`,
      );
    }
    await repo.setCheckedIn(trx, orderId, room.id, new Date().toISOString());
  });
}

/** The guest leaves: the room's nights from today on are free for another guest. */
export async function checkOut(ctx: AppContext, orderId: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const stay = await repo.findStay(trx, orderId);
    if (!stay) throw notFound('Séjour introuvable');
    if (!(await repo.setCheckedOut(trx, orderId, new Date().toISOString())))
      throw conflict(stay.checked_out_at ? 'Ce séjour est déjà parti' : 'Ce séjour n’est pas encore arrivé');
    await repo.freeRoomNights(trx, orderId, todayInZone(ctx.config.timezone));
  });
}

/** Per room type and night from `from`: the rooms taken by stays and closed for repairs, beside the rooms it has. */
export async function occupancy(ctx: AppContext, q: OccupancyQuery): Promise<OccupancyDto> {
  const from = q.from ?? todayInZone(ctx.config.timezone);
  const before = addDays(from, q.days);
  const dates = stayNights(from, before);
  const [types, counted] = await Promise.all([repo.roomCounts(ctx.db), listTakenNights(ctx.db, from, before)]);
  const byKey = new Map(counted.map((c) => [`${c.room_type_id}|${c.night}`, c]));
  return {
    from,
    dates,
    roomTypes: types.map((t) => ({
      id: t.id,
      name: t.name,
      rooms: Number(t.rooms),
      nights: dates.map((d) => {
        const c = byKey.get(`${t.id}|${d}`);
        return { taken: Number(c?.taken ?? 0), closed: Number(c?.closed ?? 0) };
      }),
    })),
  };
}
