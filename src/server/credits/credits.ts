// Spending a pass on a booking (issue 21 §4): which order, whether it may be used for this class
// on this gym day, and the credit it takes, all inside the booking's transaction (the seat's).
// A credit is a pass_uses row; it is given back by clearing its keys (returned_at), never deleted.
import { addDays, instantToZoned, isoWeekday } from '../../shared/gym-time';
import { classCover, type PassCovers } from '../../shared/catalogue';
import { holdsPass, orderState } from '../../shared/ledger';
import { factsOf } from '../ledger/order-figures';
import { hashToken } from '../auth/tokens';
import { nowIso, type Db } from '../db/database';
import type { OrderRow, PassUseRow } from '../db/schema';
import { conflict, notFound } from '../errors';
import * as repo from './credits.repository';

export const PASS_NOT_FOUND = 'No pass has this link. Open the link from your order e-mail again.';
export const PASS_NOT_PAID = 'This pass is not paid, or no longer valid';
export const PASS_NOT_COVERED = 'Your pass does not cover this class';
export const PASS_OUT_OF_DATES = 'This class is outside the days of your pass';
export const PASS_DAY_USED = 'Your pass was already used for a class that day';
export const PASS_SLOT_USED = 'Your pass already holds a seat at that time';
export const PASS_NO_CREDIT = 'No session left on your pass';
export const PASS_WEEK_FULL = "Your programme's classes for this week are all booked";

/** Whether the order's pass pays for this class: a private pass only private classes, and back. */
export function passCovers(order: Pick<OrderRow, 'pass_kind' | 'pass_covers' | 'programme_disciplines'>, cover: PassCovers | 'private' | null): boolean {
  if (cover === null) return false;
  if (order.pass_kind === 'private') return cover === 'private';
  // A programme covers each of its disciplines (never a private class).
  if (order.pass_kind === 'programme') return cover !== 'private' && (order.programme_disciplines ?? order.pass_covers).split(',').includes(cover);
  return cover === order.pass_covers;
}

/** The ISO week (Monday to Sunday) of a gym date. */
export function isoWeekOf(date: string): { from: string; to: string } {
  const from = addDays(date, 1 - isoWeekday(date));
  return { from, to: addDays(from, 6) };
}

/** What a use is counted against: the gym date and the session's gym wall time. */
export interface PassTarget {
  course: string;
  byAppointment: boolean;
  startsAt: Date;
}

/** A use checked and not yet written (the booking's row id is still to come). */
export interface PassSpend {
  order: OrderRow;
  sessionDate: string;
  dayKey: string | null;
  slotKey: string | null;
  /** After this use; null: unlimited. */
  creditsLeft: number | null;
}

const TOKEN_MAX = 200;

/** One-a-day passes key a use by its date; unlimited ones by date and time (one seat per time). */
function keysOf(order: OrderRow, date: string, time: string): { dayKey: string | null; slotKey: string | null } {
  // A programme is unlimited within its days, limited only per week (checkPassUse).
  const unlimited = order.pass_kind === 'day' || order.pass_kind === 'days-unlimited' || order.pass_kind === 'programme';
  return unlimited ? { dayKey: null, slotKey: `${date}T${time}` } : { dayKey: date, slotKey: null };
}

/**
 * What a SQLite batch of bookings read once, before its first booking, of the passes they name:
 * the orders by token, their ledger sums and held uses, and which of the batch's days and session
 * times they hold. SQLite has one writer, so nothing else changes them while the batch runs; each
 * use the batch writes is added as it is written (notePassUse), so they stay what the database holds.
 */
export interface PassBatch {
  /** Token to its hash (hashed once). */
  hashes: Map<string, string>;
  /** By token hash. */
  orders: Map<string, OrderRow>;
  /** The customer of these orders is their live record (not merged into another). */
  liveCustomer: Set<number>;
  facts: repo.OrdersUseFacts;
  dayKeys: Set<string>;
  slotKeys: Set<string>;
}

const validToken = (token: string) => token.length > 0 && token.length <= TOKEN_MAX;

/** Reads once what the batch's pass bookings need (three statements, however many bookings). */
export async function loadPassBatch(trx: Db, wanted: { token: string; startsAt: Date }[], timeZone: string): Promise<PassBatch> {
  const hashOf = new Map<string, string>();
  for (const w of wanted) if (validToken(w.token) && !hashOf.has(w.token)) hashOf.set(w.token, hashToken(w.token));
  const rows = await repo.findOrdersByTokenHashes(trx, [...new Set(hashOf.values())]);
  const orders = new Map<string, OrderRow>();
  const liveCustomer = new Set<number>();
  for (const { customer_merged: merged, ...o } of rows) {
    orders.set(o.token_hash, o);
    if (!merged) liveCustomer.add(o.id);
  }
  const dayKeys = new Set<string>();
  const slotKeys = new Set<string>();
  for (const w of wanted) {
    const hash = hashOf.get(w.token);
    const order = hash != null ? orders.get(hash) : undefined;
    if (!order || Number.isNaN(w.startsAt.getTime())) continue;
    const { date, time } = instantToZoned(w.startsAt, timeZone);
    const keys = keysOf(order, date, time);
    if (keys.dayKey != null) dayKeys.add(keys.dayKey);
    if (keys.slotKey != null) slotKeys.add(keys.slotKey);
  }
  const ids = [...new Set([...orders.values()].map((o) => o.id))];
  const facts = await repo.ordersUseFacts(trx, ids, [...dayKeys], [...slotKeys]);
  return { hashes: hashOf, orders, liveCustomer, facts, dayKeys, slotKeys };
}

/** The facts checkPassUse needs, from the batch when it read them, else from the database. */
function useFactsOf(trx: Db, orderId: number, keys: { dayKey: string | null; slotKey: string | null }, batch?: PassBatch): Promise<repo.OrderUseFacts> {
  const totals = batch?.facts.totals.get(orderId);
  const asked = keys.dayKey != null ? batch?.dayKeys.has(keys.dayKey) : keys.slotKey != null ? batch?.slotKeys.has(keys.slotKey) : false;
  if (!totals || !asked) return repo.orderUseFacts(trx, orderId, keys);
  const held = repo.heldKeyOf(orderId, keys);
  return Promise.resolve({ ...totals, clash: held != null && batch?.facts.heldKeys.has(held) ? 1 : 0 });
}

/** The order a booking names: by its page's token (public), or its id (staff at the desk). */
export async function orderForUse(trx: Db, by: { token: string } | { orderId: number }, dialect: 'sqlite' | 'postgres', batch?: PassBatch): Promise<OrderRow> {
  let order: OrderRow | undefined;
  if ('token' in by) {
    if (!validToken(by.token)) throw notFound(PASS_NOT_FOUND, 'pass_not_found');
    const tokenHash = batch?.hashes.get(by.token) ?? hashToken(by.token);
    order = batch?.orders.get(tokenHash) ?? (await repo.findOrderForUse(trx, { tokenHash }, dialect));
  } else order = await repo.findOrderForUse(trx, { orderId: by.orderId }, dialect);
  if (!order) throw notFound(PASS_NOT_FOUND, 'pass_not_found');
  return order;
}

/** The pass holder's customer id when the batch knows it is their live record; else undefined (look it up). */
export const liveHolderOf = (order: OrderRow, batch?: PassBatch): number | undefined => (batch?.liveCustomer.has(order.id) ? order.customer_id : undefined);

/**
 * Checks that `order` may pay for `target` (paid or deposit paid, not cancelled; covers the
 * class; the gym date within its days; a credit left; that day, or that time for an unlimited
 * pass, not already held). `ignoreUse`: a moved booking's own use. Throws the refusal; writes
 * nothing.
 */
export async function checkPassUse(
  trx: Db,
  order: OrderRow,
  target: PassTarget,
  timeZone: string,
  opts: { ignoreUse?: PassUseRow; now?: Date; batch?: PassBatch } = {},
): Promise<PassSpend> {
  const { date, time } = instantToZoned(target.startsAt, timeZone);
  const keys = keysOf(order, date, time);
  const facts = await useFactsOf(trx, order.id, keys, opts.batch);
  const state = orderState(factsOf(order, facts), opts.now ?? new Date());
  if (!holdsPass(state) || order.cancelled_at) throw conflict(PASS_NOT_PAID, 'pass_not_paid');
  // An order without a pass (a stay or a pickup alone, pass_id '') pays for no class.
  if (order.pass_id === '' || !passCovers(order, classCover(target.course, target.byAppointment))) throw conflict(PASS_NOT_COVERED, 'pass_not_covered');
  if (date < order.start_date || date > order.end_date) throw conflict(PASS_OUT_OF_DATES, 'pass_out_of_dates');
  const own = opts.ignoreUse && opts.ignoreUse.returned_at == null ? opts.ignoreUse : undefined;
  const ownClash = own != null && ((keys.dayKey != null && own.day_key === keys.dayKey) || (keys.slotKey != null && own.slot_key === keys.slotKey)) ? 1 : 0;
  // A moved booking keeps the credit it holds: it takes no new one. No credit left is said first.
  const held = facts.held - (own ? 1 : 0);
  if (order.credits != null && held >= order.credits) throw conflict(PASS_NO_CREDIT, 'pass_no_credit');
  if (facts.clash - ownClash > 0) {
    throw conflict(keys.dayKey ? PASS_DAY_USED : PASS_SLOT_USED, keys.dayKey ? 'pass_day_used' : 'pass_slot_used');
  }
  if (order.pass_kind === 'programme' && order.programme_sessions_per_week != null) {
    // Its sessions a week, per ISO week in gym time: the uses held that week (a batch's earlier
    // bookings wrote theirs already: one writer, in order).
    const inWeek = await repo.weekUses(trx, order.id, isoWeekOf(date), own?.id);
    if (inWeek >= order.programme_sessions_per_week) throw conflict(PASS_WEEK_FULL, 'pass_week_full');
  }
  return { order, sessionDate: date, ...keys, creditsLeft: order.credits == null ? null : order.credits - held - 1 };
}

/**
 * A use just written in a batch that read its passes once: counted in what the batch read, so the
 * next booking of the same pass sees it. A key the batch did not read stays unread (its facts come
 * from the database, which now holds the use).
 */
export function notePassUse(batch: PassBatch, spend: PassSpend): void {
  const totals = batch.facts.totals.get(spend.order.id);
  if (totals) totals.held += 1;
  const read = spend.dayKey != null ? batch.dayKeys.has(spend.dayKey) : spend.slotKey != null && batch.slotKeys.has(spend.slotKey);
  const held = repo.heldKeyOf(spend.order.id, spend);
  if (read && held != null) batch.facts.heldKeys.add(held);
}

/** The rows that record checked uses for the bookings just written. */
const useRows = (items: { spend: PassSpend; reservationId: number }[]): repo.NewPassUse[] =>
  items.map(({ spend, reservationId }) => ({
    order_id: spend.order.id,
    reservation_id: reservationId,
    session_date: spend.sessionDate,
    day_key: spend.dayKey,
    slot_key: spend.slotKey,
  }));

export const recordUses = (trx: Db, items: { spend: PassSpend; reservationId: number }[]): Promise<void> => repo.insertPassUses(trx, useRows(items));

/** The last instant a booking made with a pass can be cancelled with its credit given back. */
export const creditDeadline = (startsAt: Date, cancelHours: number): Date => new Date(startsAt.getTime() - cancelHours * 3_600_000);

/** Past the deadline (a booking's: reservations/booking-rules.ts creditDeadlineOf): a cancel now keeps the credit, and the customer's cancel counts as late. */
export const isLate = (deadline: Date, now = new Date()): boolean => now.getTime() > deadline.getTime();

/** What a booking's manage page and e-mail say of its pass: whether a cancel now gives the credit back, and until when it does. */
export interface PassTerms {
  creditReturned: boolean;
  deadline: Date;
}

export function passTerms(use: PassUseRow | undefined, deadline: Date, now = new Date()): PassTerms | undefined {
  if (!use) return undefined;
  return { creditReturned: use.returned_at != null || now.getTime() <= deadline.getTime(), deadline };
}

/**
 * A cancelled booking gives its credit back when cancelled by its deadline (`cancelHours` before
 * the class, or what booking-rules.ts creditDeadlineOf says of a moved one); later, or a no-show,
 * keeps it. Answers whether a credit came back.
 */
export async function returnCreditOnCancel(trx: Db, reservationId: number, deadline: Date, now = new Date()): Promise<boolean> {
  const use = await repo.useOfReservation(trx, reservationId);
  if (!use || use.returned_at != null) return false;
  if (isLate(deadline, now)) return false;
  return (await repo.returnUse(trx, use.id, nowIso())) !== undefined;
}

/**
 * A booking moved to another session: its use must pay for the new one too (the same rules; its
 * own credit is kept), then follows it. Refusals throw, so the move rolls back.
 */
export async function moveUseTo(trx: Db, reservationId: number, target: PassTarget, timeZone: string, dialect: 'sqlite' | 'postgres'): Promise<void> {
  const use = await repo.useOfReservation(trx, reservationId);
  if (!use || use.returned_at != null) return;
  const order = await orderForUse(trx, { orderId: use.order_id }, dialect);
  const spend = await checkPassUse(trx, order, target, timeZone, { ignoreUse: use });
  await repo.moveUse(trx, use.id, { session_date: spend.sessionDate, day_key: spend.dayKey, slot_key: spend.slotKey });
}

/**
 * The gym moved a booking's weekly session: its use follows to the new day and time without the
 * pass's checks (the gym chose the change; the person keeps their place). When the pass already
 * holds that day or time for another booking, this booking's credit comes back instead.
 */
export async function followGymMove(trx: Db, reservationId: number, startsAt: Date, timeZone: string, dialect: 'sqlite' | 'postgres'): Promise<void> {
  const use = await repo.useOfReservation(trx, reservationId);
  if (!use || use.returned_at != null) return;
  const order = await repo.findOrderForUse(trx, { orderId: use.order_id }, dialect);
  if (!order) return;
  const { date, time } = instantToZoned(startsAt, timeZone);
  const keys = keysOf(order, date, time);
  const to = { session_date: date, day_key: keys.dayKey, slot_key: keys.slotKey };
  if (await repo.keyHeldByOther(trx, order.id, use.id, to)) await repo.returnUse(trx, use.id, nowIso());
  else await repo.moveUse(trx, use.id, to);
}

/**
 * The booking's credit comes back whatever the deadline, if it still holds one: the gym called
 * the class off, or staff forgave a late cancel or a no-show. Answers whether one came back.
 */
export async function returnCreditAlways(trx: Db, reservationId: number): Promise<boolean> {
  const use = await repo.useOfReservation(trx, reservationId);
  if (!use || use.returned_at != null) return false;
  return (await repo.returnUse(trx, use.id, nowIso())) !== undefined;
}

/**
 * A booking the gym cancelled, booked again at another session from its manage page: the credit
 * it got back pays again, under the same rules as a new booking (refusals throw, so the rebook
 * rolls back).
 */
export async function reclaimUseFor(trx: Db, reservationId: number, target: PassTarget, timeZone: string, dialect: 'sqlite' | 'postgres'): Promise<void> {
  const use = await repo.useOfReservation(trx, reservationId);
  if (!use || use.returned_at == null) return;
  const order = await orderForUse(trx, { orderId: use.order_id }, dialect);
  const spend = await checkPassUse(trx, order, target, timeZone);
  if (!(await repo.reclaimUse(trx, use.id, { session_date: spend.sessionDate, day_key: spend.dayKey, slot_key: spend.slotKey }))) {
    throw conflict(PASS_NO_CREDIT, 'pass_no_credit');
  }
}
