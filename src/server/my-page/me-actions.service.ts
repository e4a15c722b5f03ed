import type { MePausePayload } from '../../shared/schemas/me';
import type { PrivateLessonMoveInput } from '../../shared/schemas/private-lessons';
import type { PickupFlightInput } from '../../shared/schemas/arrivals';
import type { StayDatesPayload } from '../../shared/schemas/orders';
import type { VisaLetterRequestPayload } from '../../shared/schemas/visa-letters';
import { hashToken, newToken } from '../auth/tokens';
import type { AppContext } from '../context';
import { nowIso } from '../db/database';
import { pausePass } from '../credits/pass-pause';
import { receiptByToken } from '../documents/receipts.service';
import { conflict, notFound } from '../errors';
import { ledgerTotals } from '../ledger/ledger.repository';
import { figuresOf, orderPageUrl, takesPayment } from '../ledger/order-figures';
import { findOrder } from '../orders/orders.repository';
import { moveByToken as moveLessonByKey } from '../private-lessons/lesson-changes.service';
import { changeStayDates } from '../orders/stay-changes.service';
import { cancelByToken, moveByToken } from '../reservations/booking-manage.service';
import { findReservation } from '../reservations/reservations.repository';
import { changePickupFlight } from '../stays/arrival-mail';
import { insertPageLink } from '../stays/arrivals.repository';
import { letterPdfByToken, requestLetter } from '../visa-letters/visa-letters.service';
import { acceptOffer, leaveWaitlist } from '../waitlist/waitlist.service';
import { findEntry } from '../waitlist/waitlist.repository';
import { idsOf } from './me-page.service';
import { emailsOf } from './me-records.repository';

// My page's actions (issue 47 point 2, decision 187): each checks that the record is the signed-in
// person's (404 otherwise, the same as a record that does not exist), then calls the very service
// function the manage link or the order page calls, with the record's current key as stored.
// The rules (deadlines, seats, credits, terms) are written there, once.

type Person = { id: number };
const NOT_YOURS = 'Not found';

async function ownBooking(ctx: AppContext, person: Person, id: number) {
  const row = await findReservation(ctx.db, id);
  const ids = await idsOf(ctx, person.id);
  if (!row || row.customer_id == null || !ids.includes(row.customer_id) || !row.manage_token_hash) throw notFound(NOT_YOURS);
  return { hash: row.manage_token_hash };
}

async function ownEntry(ctx: AppContext, person: Person, id: number) {
  const row = await findEntry(ctx.db, id);
  const emails = await emailsOf(ctx.db, await idsOf(ctx, person.id));
  if (!row || !emails.includes(row.email.trim().toLowerCase())) throw notFound(NOT_YOURS);
  return { hash: row.token_hash };
}

async function ownOrder(ctx: AppContext, person: Person, id: number) {
  const row = await findOrder(ctx.db, id);
  if (!row || !(await idsOf(ctx, person.id)).includes(row.customer_id)) throw notFound(NOT_YOURS);
  return row;
}

export const cancelBooking = async (ctx: AppContext, person: Person, id: number) => cancelByToken(ctx, await ownBooking(ctx, person, id));

export const moveBooking = async (ctx: AppContext, person: Person, id: number, sessionId: string) =>
  moveByToken(ctx, await ownBooking(ctx, person, id), sessionId);

/** A private lesson to another free slot: the lesson link's move (its e-mail carries a new link). */
export const moveLesson = async (ctx: AppContext, person: Person, id: number, input: PrivateLessonMoveInput) =>
  moveLessonByKey(ctx, await ownBooking(ctx, person, id), input);

export const leaveLine = async (ctx: AppContext, person: Person, id: number) => leaveWaitlist(ctx, await ownEntry(ctx, person, id));

export const acceptPlace = async (ctx: AppContext, person: Person, id: number) => acceptOffer(ctx, await ownEntry(ctx, person, id));

export const giveFlight = async (ctx: AppContext, person: Person, orderId: number, input: PickupFlightInput) =>
  changePickupFlight(ctx, { hash: (await ownOrder(ctx, person, orderId)).token_hash }, input);

export const moveStay = async (ctx: AppContext, person: Person, orderId: number, input: StayDatesPayload) =>
  changeStayDates(ctx, { hash: (await ownOrder(ctx, person, orderId)).token_hash }, input);

export const askForLetter = async (ctx: AppContext, person: Person, orderId: number, input: VisaLetterRequestPayload) =>
  requestLetter(ctx, { hash: (await ownOrder(ctx, person, orderId)).token_hash }, input);

/** The issued letter's PDF, as the order page gives it (the download audited, under My page's route). */
export const letterPdf = async (ctx: AppContext, person: Person, orderId: number, ip: string | null) =>
  letterPdfByToken(ctx, { hash: (await ownOrder(ctx, person, orderId)).token_hash }, ip, '/api/me/orders/:id/visa-letter.pdf');

export const receipt = async (ctx: AppContext, person: Person, orderId: number) =>
  receiptByToken(ctx, { hash: (await ownOrder(ctx, person, orderId)).token_hash });

export async function pause(ctx: AppContext, person: Person, orderId: number, input: MePausePayload) {
  await ownOrder(ctx, person, orderId);
  return pausePass(ctx, orderId, input);
}

/**
 * "Pay the balance": the order page pays (card checkout, PromptPay, slip), so My page opens it
 * through a new key of its own, as the balance reminder's e-mail does (order_page_links).
 */
export async function payLink(ctx: AppContext, person: Person, orderId: number): Promise<{ url: string }> {
  const order = await ownOrder(ctx, person, orderId);
  const f = figuresOf(order, await ledgerTotals(ctx.db, order.id));
  if (!takesPayment(f) || f.dueNowSatang <= 0) throw conflict('Nothing is owed on this order', 'order_closed');
  const token = newToken();
  await insertPageLink(ctx.db, order.id, hashToken(token), nowIso());
  return { url: orderPageUrl(ctx, token, order.language) };
}
