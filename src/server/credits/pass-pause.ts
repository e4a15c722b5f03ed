import { addDays, todayInZone } from '../../shared/gym-time';
import type { MePausePayload } from '../../shared/schemas/me';
import type { AppContext } from '../context';
import { nowIso } from '../db/database';
import type { OrderRow } from '../db/schema';
import { conflict } from '../errors';
import { ledgerTotals, lockOrder } from '../ledger/ledger.repository';
import { figuresOf } from '../ledger/order-figures';
import { findOrder } from '../orders/orders.repository';
import { currentSiteSettings } from '../site-settings/site-settings.service';
import { insertPause, pausedDaysOf } from './pass-pause.repository';

// A traveller who leaves town pauses their pass from My page (issue 47 point 2, decision 187):
// its last gym day moves by the days paused. The owner's members.pauseDays (Paramètres) bounds
// the days paused in all per pass (0 = never); only a paid pass not yet over, from today on.

export const PAUSE_NOT_ALLOWED = 'This gym does not pause passes';
export const PAUSE_OVER_LIMIT = 'A pass may be paused for fewer days than that';
export const PAUSE_NOT_OPEN = 'Only a paid pass that is not over may be paused';
export const PAUSE_IN_PAST = 'A pause starts today or later';

/** The pass an order sells (a stay-only order sells none). */
export const sellsPass = (o: Pick<OrderRow, 'pass_id'>): boolean => o.pass_id !== '';

/** Whether an order's pass may be paused now: paid in full, not cancelled, its last day not past. */
export function pausable(o: OrderRow, state: string, today: string): boolean {
  return sellsPass(o) && !o.cancelled_at && (state === 'paid' || state === 'overpaid') && o.end_date >= today;
}

/** Pauses the order's pass (its owner checked by the caller): one transaction, the order locked. */
export async function pausePass(ctx: AppContext, orderId: number, input: MePausePayload, now = new Date()): Promise<OrderRow> {
  const allowed = (await currentSiteSettings(ctx)).members.pauseDays;
  if (allowed <= 0) throw conflict(PAUSE_NOT_ALLOWED, 'pause_not_allowed');
  const today = todayInZone(ctx.config.timezone, now);
  // Not retroactive: a class already taken cannot be "paused" away.
  if (input.startsOn < today) throw conflict(PAUSE_IN_PAST, 'pause_in_past');
  const paused = await ctx.db.transaction().execute(async (trx) => {
    await lockOrder(trx, orderId, ctx.dialect);
    const order = await findOrder(trx, orderId);
    if (!order) throw conflict(PAUSE_NOT_OPEN, 'pass_not_pausable');
    const state = figuresOf(order, await ledgerTotals(trx, orderId), now).state;
    if (!pausable(order, state, today) || input.startsOn > order.end_date) throw conflict(PAUSE_NOT_OPEN, 'pass_not_pausable');
    if ((await pausedDaysOf(trx, orderId)) + input.days > allowed) throw conflict(PAUSE_OVER_LIMIT, 'pause_over_limit');
    const endDate = addDays(order.end_date, input.days);
    await insertPause(trx, { orderId, startsOn: input.startsOn, days: input.days, endDate, at: nowIso() });
    return { ...order, end_date: endDate };
  });
  ctx.push.notifyStaff({ title: 'Forfait en pause', body: `${paused.reference} — ${input.days} j`, url: '/admin/orders', tag: `order-${orderId}` });
  return paused;
}
