import { addDays, instantToZoned, todayInZone } from '../../shared/gym-time';
import { depositFor } from '../../shared/money';
import type { OrderPickupPayload, OrderStayPayload } from '../../shared/schemas/orders';
import { STAY_LIMITS } from '../../shared/schemas/stays';
import { stayPriceSatang } from '../../shared/stay-price';
import type { StaySettings, StayTermsRules } from '../../shared/stay-settings-data';
import type { AppContext } from '../context';
import { nowIso, type Db } from '../db/database';
import { badRequest, conflict } from '../errors';
import * as repo from './stay-orders.repository';
import { findTermsVersion } from '../site-settings/stay-terms.repository';
import { takeNights } from '../room-nights/room-nights.repository';
import { findRoomType } from './stays.repository';

// An order's stay and pickup (issue 36 §3–4, decision 157): checked and priced before the
// order's transaction, their nights taken and their rows written inside it. The terms a buyer
// accepts are versioned (stay_terms_versions): the order keeps the version.

export const ROOMS_FULL = 'No room of this type is left for these dates. Please choose other dates or another room.';
export const CHECK_IN_PAST = 'The check-in date cannot be before today (gym time).';

type RoomTypeRow = NonNullable<Awaited<ReturnType<typeof findRoomType>>>;

export interface StayLine {
  roomType: RoomTypeRow;
  checkIn: string;
  checkOut: string;
  guests: number;
  nights: number;
  amountSatang: number;
}

export interface PickupLine {
  airport: string;
  airportName: string;
  flightNumber: string | null;
  arrivesAt: string;
  amountSatang: number;
}

export interface StayLines {
  stay: StayLine | null;
  pickup: PickupLine | null;
}

/** The days from gym date `from` to `to` (negative when `to` is earlier). */
export const daysFrom = (from: string, to: string): number => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** The stay's dates as availability checks them: from today (gym time), at most 180 nights. */
export function checkStayDates(ctx: AppContext, checkIn: string, checkOut: string, now = new Date()): number {
  if (checkIn < todayInZone(ctx.config.timezone, now)) throw badRequest(CHECK_IN_PAST, 'check_in_past');
  if (checkOut <= checkIn) throw badRequest('Check-out must be after check-in');
  const nights = daysFrom(checkIn, checkOut);
  if (nights > STAY_LIMITS.nights) throw badRequest(`A stay is ${STAY_LIMITS.nights} nights at most.`, 'stay_too_long');
  return nights;
}

export const priceOf = (t: RoomTypeRow, nights: number) =>
  stayPriceSatang(nights, { nightlyPriceSatang: t.nightly_price_satang, weeklyPriceSatang: t.weekly_price_satang, monthlyPriceSatang: t.monthly_price_satang });

/** The stay and the pickup asked, checked and priced (reads only; nothing is taken yet). */
export async function planStayLines(
  ctx: AppContext,
  settings: StaySettings,
  asked: { stay?: OrderStayPayload | null; pickup?: OrderPickupPayload | null },
  now = new Date(),
): Promise<StayLines> {
  let stay: StayLine | null = null;
  if (asked.stay) {
    const s = asked.stay;
    const nights = checkStayDates(ctx, s.checkIn, s.checkOut, now);
    const roomType = await findRoomType(ctx.db, s.roomTypeId);
    if (!roomType) throw badRequest('This room is not available. Please choose another one.', 'room_type_unknown');
    if (s.guests > roomType.max_guests) throw badRequest(`This room takes ${roomType.max_guests} guests at most.`, 'too_many_guests');
    stay = { roomType, checkIn: s.checkIn, checkOut: s.checkOut, guests: s.guests, nights, amountSatang: priceOf(roomType, nights) };
  }
  let pickup: PickupLine | null = null;
  if (asked.pickup) {
    const p = asked.pickup;
    const airport = settings.airports.find((a) => a.code === p.airport);
    if (!airport) throw badRequest('We do not pick up at this airport. Please choose another one.', 'airport_unknown');
    const nowInGym = instantToZoned(now, ctx.config.timezone);
    if (p.arrivesAt < `${nowInGym.date}T${nowInGym.time}`) throw badRequest('The landing time is already past.', 'pickup_in_past');
    pickup = {
      airport: airport.code,
      airportName: airport.name,
      flightNumber: p.flightNumber ?? null,
      arrivesAt: p.arrivesAt,
      amountSatang: airport.pickupPriceSatang,
    };
  }
  return { stay, pickup };
}

/** The gym date the traveller arrives: check-in, else the pickup's day. */
export const arrivalOf = (lines: { stay: { checkIn: string } | null; pickup: { arrivesAt: string } | null }): string | null =>
  lines.stay?.checkIn ?? lines.pickup?.arrivesAt.slice(0, 10) ?? null;

/**
 * The deposit and the balance's due date of an order with a stay or a pickup (Paramètres ›
 * Séjours): the deposit rule on the whole order; the balance N days before arrival or at the desk
 * (no date). A balance that would be due today or earlier is due now: the deposit is the whole.
 */
export function depositAndBalance(
  s: StaySettings,
  amountSatang: number,
  arrival: string,
  today: string,
): { depositSatang: number; balanceDueDate: string | null } {
  const deposit = depositFor(amountSatang, s.deposit);
  if (deposit <= 0 || deposit >= amountSatang) return { depositSatang: 0, balanceDueDate: null };
  if (s.balance.mode === 'on-arrival') return { depositSatang: deposit, balanceDueDate: null };
  const due = addDays(arrival, -s.balance.days);
  if (due <= today) return { depositSatang: 0, balanceDueDate: null };
  return { depositSatang: deposit, balanceDueDate: due };
}

/** Takes the stay's nights (409 rooms_full when one is full) and writes the lines, in the order's transaction. */
export async function writeStayLines(trx: Db, orderId: number, lines: StayLines): Promise<void> {
  const at = nowIso();
  if (lines.stay) {
    const s = lines.stay;
    if (!(await takeNights(trx, s.roomType.id, s.checkIn, s.checkOut))) throw conflict(ROOMS_FULL, 'rooms_full');
    await repo.insertOrderStay(trx, {
      order_id: orderId,
      room_type_id: s.roomType.id,
      room_type_name: s.roomType.name,
      check_in: s.checkIn,
      check_out: s.checkOut,
      guests: s.guests,
      amount_satang: s.amountSatang,
      created_at: at,
      updated_at: at,
    });
  }
  if (lines.pickup) {
    const p = lines.pickup;
    await repo.insertOrderPickup(trx, {
      order_id: orderId,
      airport: p.airport,
      flight_number: p.flightNumber,
      arrives_at: p.arrivesAt,
      amount_satang: p.amountSatang,
      created_at: at,
      updated_at: at,
    });
  }
}

/** The name an order without a pass carries in pass_name (lists, e-mails, push, the card checkout). */
export function linesName(lines: StayLines): string {
  const parts: string[] = [];
  if (lines.stay) parts.push(`${lines.stay.roomType.name} (${lines.stay.nights} nights)`);
  if (lines.pickup) parts.push(`Airport pickup ${lines.pickup.airport}`);
  return parts.join(' + ');
}

// ---- terms ----

/** The rules of a stored version (the seed's when the version is missing: never for an order that stored one). */
export async function termsRulesOf(db: Db, version: number | null, fallback: StaySettings): Promise<{ version: number | null; rules: StayTermsRules }> {
  const row = version != null ? await findTermsVersion(db, version) : undefined;
  if (!row) return { version, rules: { tiers: fallback.terms.tiers, freeChangeDays: fallback.terms.freeChangeDays } };
  return { version: row.version, rules: JSON.parse(row.rules) as StayTermsRules };
}
