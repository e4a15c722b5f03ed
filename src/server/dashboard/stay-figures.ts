import type { StayMonthDto } from '../../shared/api-types';
import { instantToZoned } from '../../shared/gym-time';
import { moneyOut } from '../../shared/ledger';
import type { AppContext } from '../context';
import type { MonthWindow } from './month-window';
import * as repo from './stay-figures.repository';

// The dashboard's stay figures (issue 36 §7, decision 161): occupancy per gym month (room nights
// taken / room nights the rooms offer, less those closed for repairs), and takings split into
// training, rooms and pickups: each ledger line is shared between its order's lines in
// proportion to their prices, rounded to the satang, training taking the rounding.

const daysIn = (month: string) => new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate();

/** One ledger line split by its order's lines: money out counts negative. */
export function splitLine(l: repo.LedgerLineWithLines): { rooms: number; pickups: number; training: number } {
  const net = (moneyOut(l.kind) ? -1 : 1) * l.amount_satang;
  const whole = l.order_satang;
  if (whole <= 0) return { rooms: 0, pickups: 0, training: net };
  const rooms = Math.round((net * (l.stay_satang ?? 0)) / whole);
  const pickups = Math.round((net * (l.pickup_satang ?? 0)) / whole);
  return { rooms, pickups, training: net - rooms - pickups };
}

export async function stayFigures(ctx: AppContext, months: string[], w: MonthWindow): Promise<StayMonthDto[]> {
  const [nights, rooms, lines] = await Promise.all([
    repo.roomNightsByMonth(ctx.db, w.fromDate, w.beforeDate),
    repo.roomCount(ctx.db),
    repo.ledgerLinesWithOrderLines(ctx.db, w.fromIso, w.beforeIso),
  ]);
  const money = new Map(months.map((m) => [m, { rooms: 0, pickups: 0, training: 0 }]));
  for (const l of lines) {
    const bucket = money.get(instantToZoned(new Date(l.created_at), ctx.config.timezone).date.slice(0, 7));
    if (!bucket) continue;
    const s = splitLine(l);
    bucket.rooms += s.rooms;
    bucket.pickups += s.pickups;
    bucket.training += s.training;
  }
  return months.map((month) => {
    const n = nights.find((r) => r.month === month);
    const sold = Number(n?.taken ?? 0);
    const available = Math.max(0, rooms * daysIn(month) - Number(n?.closed ?? 0));
    const m = money.get(month)!;
    return {
      month,
      roomNightsSold: sold,
      roomNightsAvailable: available,
      occupancy: available > 0 ? sold / available : null,
      roomsSatang: m.rooms,
      pickupsSatang: m.pickups,
      trainingSatang: m.training,
    };
  });
}
