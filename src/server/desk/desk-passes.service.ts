// The walk-in form's pass picker: the paid passes of the customers staff type in, each checked
// against the chosen session by the booking's own rule (checkPassUse), with the refusal in
// French when it may not pay for it. Reads only: the booking checks again under its lock.
import { todayInZone } from '../../shared/gym-time';
import { holdsPass } from '../../shared/ledger';
import { totalsOf } from '../ledger/ledger.repository';
import { figuresOf } from '../ledger/order-figures';
import { parseSessionId, type DeskPassesQuery } from '../../shared/schemas/desk';
import type { ErrorCode } from '../../shared/error-codes';
import type { AppContext } from '../context';
import { textSearch } from '../db/search';
import { HttpError, badRequest, notFound } from '../errors';
import { ordersWithTotals, searchCustomers } from '../customers/customer-records.repository';
import { checkPassUse } from '../credits/credits';
import { findOccurrence } from '../timetable/timetable.service';

/** The booking's pass refusals as the back office says them. */
export const DESK_PASS_REFUSALS: Partial<Record<ErrorCode, string>> = {
  pass_not_found: 'Pass introuvable : aucune commande ne porte ce numéro',
  pass_not_paid: "Ce pass n'est pas payé, ou n'est plus valable",
  pass_not_covered: 'Ce pass ne couvre pas ce cours',
  pass_out_of_dates: 'Ce cours est en dehors des jours du pass',
  pass_day_used: 'Ce pass a déjà servi pour un cours ce jour-là',
  pass_slot_used: 'Ce pass tient déjà une place à cette heure',
  pass_no_credit: 'Plus aucun crédit sur ce pass : rien n’a été réservé',
  pass_week_full: 'Les séances de la semaine de ce programme sont toutes prises',
};

/** A pass refusal rethrown in French (same status and code); any other error unchanged. */
export function inFrench(err: unknown): unknown {
  if (err instanceof HttpError) {
    const fr = DESK_PASS_REFUSALS[err.code];
    if (fr) return new HttpError(err.statusCode, fr, err.code);
  }
  return err;
}

export interface DeskPassOption {
  orderId: number;
  reference: string;
  customerId: number;
  customerName: string;
  customerEmail: string | null;
  customerPhone: string | null;
  passName: string;
  creditsLeft: number | null;
  startDate: string;
  endDate: string;
  usable: boolean;
  refusal: string | null;
  code: ErrorCode | null;
}

const CUSTOMERS_SHOWN = 10;

/**
 * GET /api/desk/passes: the passes of the (at most ten) customers matching `q` that are paid (or
 * their deposit) and not over by today, usable ones first. A session that is not on the
 * timetable answers 404, as the booking would.
 */
export async function deskPasses(ctx: AppContext, query: DeskPassesQuery, now: Date = new Date()): Promise<DeskPassOption[]> {
  const ref = parseSessionId(query.sessionId);
  if (!ref) throw badRequest('La séance doit être écrite <créneau>:<AAAA-MM-JJ>');
  const timeZone = ctx.config.timezone;
  const o = await findOccurrence(ctx.db, ref.weeklySessionId, ref.date, timeZone);
  if (!o?.scheduled) throw notFound('Séance introuvable');
  const { rows: customers } = await searchCustomers(ctx.db, { like: textSearch(ctx.dialect, query.q) }, CUSTOMERS_SHOWN, 0);
  const byId = new Map(customers.map((c) => [c.id, c]));
  const today = todayInZone(timeZone, now);
  const orders = (await ordersWithTotals(ctx.db, [...byId.keys()])).filter(
    (order) => holdsPass(figuresOf(order, totalsOf(order), now).state) && order.end_date >= today,
  );
  const options: DeskPassOption[] = [];
  for (const order of orders) {
    const customer = byId.get(order.customer_id)!;
    let refusal: string | null = null;
    let code: ErrorCode | null = null;
    try {
      await checkPassUse(ctx.db, order, { course: o.course, byAppointment: false, startsAt: o.startsAt }, timeZone, { now });
    } catch (err) {
      const fr = inFrench(err);
      if (!(fr instanceof HttpError)) throw fr;
      refusal = fr.message;
      code = fr.code;
    }
    options.push({
      orderId: order.id,
      reference: order.reference,
      customerId: customer.id,
      customerName: customer.name,
      customerEmail: customer.email,
      customerPhone: customer.phone,
      passName: order.pass_name,
      creditsLeft: order.credits == null ? null : Math.max(0, order.credits - order.credits_used),
      startDate: order.start_date,
      endDate: order.end_date,
      usable: refusal === null,
      refusal,
      code,
    });
  }
  return options.sort((a, b) => Number(b.usable) - Number(a.usable) || a.endDate.localeCompare(b.endDate) || a.orderId - b.orderId);
}
