import type { CancellationQuoteDto } from '../../shared/api-types/stay-orders';
import { addDays, todayInZone } from '../../shared/gym-time';
import { heldSatang } from '../../shared/ledger';
import type { StayDatesPayload } from '../../shared/schemas/orders';
import { refundPercentFor, staySettingsOf } from '../../shared/stay-settings-data';
import { linkHash, type LinkKey } from '../links/link-key';
import type { AppContext } from '../context';
import type { Db } from '../db/database';
import { conflict, notFound } from '../errors';
import { ledgerTotals, lockOrder } from '../ledger/ledger.repository';
import { MONEY_REFUSALS } from '../ledger/money-refusals';
import { figuresOf, takesPayment } from '../ledger/order-figures';
import { findOrder, findOrderByTokenHash } from './orders.repository';
import { requestRefund } from '../payments/refunds.service';
import { currentSiteSettings } from '../site-settings/site-settings.service';
import * as repo from '../stays/stay-orders.repository';
import { ROOMS_FULL, arrivalOf, checkStayDates, daysFrom, depositAndBalance, priceOf, termsRulesOf } from '../stays/stay-orders.service';
import { movePickup } from '../stays/arrivals.repository';
import { findRoomType } from '../stays/stays.repository';
import { releaseNights, releaseStayHold, takeNights } from '../room-nights/room-nights.repository';

// A stay after its order (issue 36 §4, decision 158): the refund its accepted terms give on
// cancellation (quoted to staff, then confirmed), and a change of dates by the buyer from the
// order page within the terms, subject to availability.

export const NO_STAY = 'This order has no stay.';
export const CHANGE_CLOSED = 'The dates of this stay can no longer be changed online (see the terms). Please contact us.';
export const QUOTE_CHANGED = 'Le remboursement a changé depuis le devis (un paiement, ou un jour de plus) : vérifiez-le à nouveau.';

/** GET /api/orders/{id}/cancellation-quote: what the accepted terms give back if the stay is cancelled today (gym time). */
export async function cancellationQuote(ctx: AppContext, orderId: number, db: Db = ctx.db, now = new Date()): Promise<CancellationQuoteDto> {
  const row = await findOrder(db, orderId);
  if (!row) throw notFound(MONEY_REFUSALS.orderNotFound);
  const stay = await repo.findOrderStay(db, orderId);
  if (!stay) throw conflict(NO_STAY, 'no_stay');
  const { version, rules } = await termsRulesOf(db, row.terms_version, staySettingsOf(await currentSiteSettings(ctx)));
  const daysBeforeArrival = daysFrom(todayInZone(ctx.config.timezone, now), stay.check_in);
  const refundPercent = refundPercentFor(rules, daysBeforeArrival);
  const paidSatang = Math.max(0, heldSatang(await ledgerTotals(db, orderId)));
  return {
    termsVersion: version,
    checkIn: stay.check_in,
    daysBeforeArrival,
    refundPercent,
    paidSatang,
    // Rounded down to the baht: the gym never gives back more than its terms say.
    refundSatang: Math.floor((paidSatang * refundPercent) / 100 / 100) * 100,
    tiers: [...rules.tiers].sort((a, b) => b.daysBefore - a.daysBefore),
  };
}

/**
 * POST /api/orders/{id}/stay-cancellation (admins): staff confirm the quote they were shown. The
 * order is cancelled and its nights given back in one transaction (refused when the quote changed
 * since), then the quoted amount is refunded through the refunds' path (the card provider outside
 * any transaction).
 */
export async function cancelStayOrder(ctx: AppContext, orderId: number, confirmedRefundSatang: number, userId: number): Promise<void> {
  const quote = await ctx.db.transaction().execute(async (trx) => {
    if (!(await lockOrder(trx, orderId, ctx.dialect))) throw notFound(MONEY_REFUSALS.orderNotFound);
    const row = await findOrder(trx, orderId);
    if (!row || row.cancelled_at) throw conflict(MONEY_REFUSALS.orderClosed, 'order_closed');
    const q = await cancellationQuote(ctx, orderId, trx);
    if (q.refundSatang !== confirmedRefundSatang) throw conflict(QUOTE_CHANGED, 'stale_version');
    await repo.cancelKeeping(trx, orderId, q.paidSatang - q.refundSatang);
    await releaseStayHold(trx, orderId);
    return q;
  });
  if (quote.refundSatang > 0) {
    await requestRefund(
      ctx,
      orderId,
      { amountSatang: quote.refundSatang, note: `Annulation du séjour : ${quote.refundPercent} % (conditions v${quote.termsVersion ?? '?'})` },
      userId,
      `stay-cancellation-${orderId}`,
    );
  }
}

/** A landing 'YYYY-MM-DDTHH:MM' moved by `days`; never before today (gym date): then today, same hour. */
function movedLanding(arrivesAt: string, days: number, today: string): string {
  const date = addDays(arrivesAt.slice(0, 10), days);
  return `${date < today ? today : date}${arrivesAt.slice(10)}`;
}

/**
 * POST /api/orders/by-token/{token}/stay-dates: the buyer moves the stay (same room type) while
 * the accepted terms allow it (freeChangeDays before the current check-in). The old nights are
 * given back and the new ones taken in one transaction (all or nothing: 409 rooms_full), the
 * price difference goes into the order's total and the deposit and balance date follow. The
 * pickup moves by as many days (its calendar file's SEQUENCE bumped), and staff are pushed.
 */
export async function changeStayDates(ctx: AppContext, token: LinkKey, input: StayDatesPayload, now = new Date()): Promise<number> {
  const settings = staySettingsOf(await currentSiteSettings(ctx));
  const nights = checkStayDates(ctx, input.checkIn, input.checkOut, now);
  const today = todayInZone(ctx.config.timezone, now);
  const found = await findOrderByTokenHash(ctx.db, linkHash(token));
  if (!found) throw notFound('Order not found');
  const orderId = found.id;
  const moved = await ctx.db.transaction().execute(async (trx) => {
    if (!(await lockOrder(trx, orderId, ctx.dialect))) throw notFound('Order not found');
    const row = await findOrder(trx, orderId);
    const stay = await repo.findOrderStay(trx, orderId);
    if (!row || !stay || stay.holds_nights !== 1) throw conflict(NO_STAY, 'no_stay');
    if (!takesPayment(figuresOf(row, await ledgerTotals(trx, orderId), now))) throw conflict(CHANGE_CLOSED, 'stay_change_closed');
    const { rules } = await termsRulesOf(trx, row.terms_version, settings);
    if (addDays(stay.check_in, -rules.freeChangeDays) < today) throw conflict(CHANGE_CLOSED, 'stay_change_closed');
    const type = await findRoomType(trx, stay.room_type_id);
    if (!type) throw conflict(ROOMS_FULL, 'rooms_full');
    // Old nights first: a stay moved by a day keeps the nights it shares with itself.
    await releaseNights(trx, stay.room_type_id, stay.check_in, stay.check_out);
    if (!(await takeNights(trx, stay.room_type_id, input.checkIn, input.checkOut))) throw conflict(ROOMS_FULL, 'rooms_full');
    const amount = priceOf(type, nights);
    await repo.moveOrderStay(trx, orderId, { check_in: input.checkIn, check_out: input.checkOut, amount_satang: amount });
    const total = row.amount_satang - stay.amount_satang + amount;
    const pickup = await repo.findOrderPickup(trx, orderId);
    // The pickup moves with the stay, by as many days, at the same hour (the flight may change: the order page takes a new one).
    const landing = pickup ? movedLanding(pickup.arrives_at, daysFrom(stay.check_in, input.checkIn), today) : null;
    if (pickup && landing && landing !== pickup.arrives_at) await movePickup(trx, orderId, landing, new Date().toISOString());
    const arrival = arrivalOf({ stay: { checkIn: input.checkIn }, pickup: landing ? { arrivesAt: landing } : null }) ?? input.checkIn;
    const { depositSatang, balanceDueDate } = depositAndBalance(settings, total, arrival, today);
    const passless = row.pass_id === '';
    await repo.setOrderAmounts(trx, orderId, {
      amount_satang: total,
      deposit_satang: depositSatang,
      balance_due_date: balanceDueDate,
      ...(passless ? { start_date: input.checkIn, end_date: input.checkOut } : {}),
    });
    return { reference: row.reference, landing: pickup && landing !== pickup.arrives_at ? `${landing} (${pickup.airport})` : null };
  });
  // Staff plan the drivers from the board: a moved stay is news, its pickup above all.
  ctx.push.notifyStaff({
    title: 'Séjour déplacé',
    body: `${moved.reference} — ${input.checkIn} → ${input.checkOut}${moved.landing ? `, transfert ${moved.landing.replace('T', ' ')}` : ''}`,
    url: '/admin/arrivals',
    tag: `stay-${orderId}`,
  });
  return orderId;
}
