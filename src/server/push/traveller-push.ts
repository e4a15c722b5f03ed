import { LANGUAGE_TAGS, type Language } from '../../shared/i18n/languages';
import { localePath } from '../../shared/i18n/paths';
import { formatThb } from '../../shared/money';
import type { PushSubscribeInput } from '../../shared/schemas/push';
import type { AppContext } from '../context';
import { findCustomer, resolveCustomer } from '../customers/customers.repository';
import { nowIso, type Db } from '../db/database';
import type { CustomerRow } from '../db/schema';
import { travellerPushTexts } from '../mail/templates/traveller-push-texts';
import { checkedSubscription } from './push.service';
import * as repo from './traveller-push.repository';
import { kickTravellerPush } from './traveller-push-queue';

// Web Push for travellers (issue 47 point 6, decision 188): a browser turned on from My page,
// and the four notifications, each queued in the transaction that queues its e-mail, once per
// notification and person (push_outbox.dedupe_key), only for a person with a subscription.

/** POST /api/me/push-subscriptions: this browser notifies the signed-in traveller. */
export async function subscribeTraveller(ctx: AppContext, customer: CustomerRow, input: PushSubscribeInput): Promise<void> {
  const checked = await checkedSubscription(ctx, input);
  await repo.upsertSubscription(ctx.db, { customerId: customer.id, ...checked, userAgent: input.userAgent ?? null, createdAt: nowIso() });
}

/**
 * DELETE /api/me/push-subscriptions: the endpoint is a capability URL, so whoever holds it holds
 * the browser (as for staff, decision 011). Unknown already: nothing to do, same answer.
 */
export async function unsubscribeTraveller(ctx: AppContext, endpoint: string): Promise<void> {
  await repo.deleteByEndpoint(ctx.db, endpoint);
}

export type TravellerPushEvent =
  | { kind: 'offer'; entryId: number; offeredAt: string; course: string; gymDate: string; gymTime: string }
  | { kind: 'cancel'; reservationId: number; course: string; gymDate: string; gymTime: string }
  | { kind: 'move'; reservationId: number; dateTime: string; course: string; gymDate: string; gymTime: string }
  | { kind: 'balance'; orderId: number; dueDate: string; reference: string; owedSatang: number }
  | { kind: 'arrival'; orderId: number; checkIn: string };

/** Who it is for: a customer record (followed to the one kept after a merge), or an e-mail address. */
export type PushRecipient = { customerId: number } | { email: string };

const dateText = (language: Language, gymDate: string) =>
  new Intl.DateTimeFormat(LANGUAGE_TAGS[language], { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${gymDate}T00:00:00Z`),
  );

/** The notification's key: the event, and (appended by the caller) the person. */
function eventKey(e: TravellerPushEvent): string {
  switch (e.kind) {
    case 'offer':
      return `offer:${e.entryId}:${e.offeredAt}`;
    case 'cancel':
      return `cancel:${e.reservationId}`;
    case 'move':
      return `move:${e.reservationId}:${e.dateTime}`;
    case 'balance':
      return `balance:${e.orderId}:${e.dueDate}`;
    case 'arrival':
      return `arrival:${e.orderId}:${e.checkIn}`;
  }
}

/** The words in the reader's language; the lock screen shows no link, the click opens My page. */
export function pushWords(e: TravellerPushEvent, language: Language): { title: string; body: string } {
  const t = travellerPushTexts(language);
  switch (e.kind) {
    case 'offer':
      return { title: t.offerTitle(e.course), body: t.offerBody(`${dateText(language, e.gymDate)} ${e.gymTime}`) };
    case 'cancel':
      return { title: t.cancelTitle(e.course), body: t.cancelBody(`${dateText(language, e.gymDate)} ${e.gymTime}`) };
    case 'move':
      return { title: t.moveTitle(e.course), body: t.moveBody(`${dateText(language, e.gymDate)} ${e.gymTime}`) };
    case 'balance':
      return { title: t.balanceTitle(e.reference), body: t.balanceBody(formatThb(e.owedSatang, LANGUAGE_TAGS[language]), dateText(language, e.dueDate)) };
    case 'arrival':
      return { title: t.arrivalTitle, body: t.arrivalBody(dateText(language, e.checkIn)) };
  }
}

async function recipientOf(db: Db, to: PushRecipient): Promise<CustomerRow | undefined> {
  return 'customerId' in to ? resolveCustomer(db, to.customerId) : findCustomer(db, { email: to.email, phone: null });
}

/**
 * Queues the push of an event, in the caller's transaction (`db`), next to its e-mail. Nothing
 * for a person without a subscription; nothing the second time the same event comes (the key is
 * unique, whichever instance wrote it first). Answers whether a row was written; the push worker
 * is woken once the caller's transaction has had time to commit.
 */
export async function queueTravellerPush(db: Db, to: PushRecipient, language: Language, event: TravellerPushEvent): Promise<boolean> {
  const customer = await recipientOf(db, to);
  if (!customer || !(await repo.hasSubscription(db, customer.id))) return false;
  const { title, body } = pushWords(event, language);
  const key = eventKey(event);
  const written = await repo.insertPush(db, {
    dedupeKey: `${key}:c${customer.id}`,
    customerId: customer.id,
    title,
    body,
    url: localePath(language, '/me'),
    tag: key.slice(0, 64),
    now: nowIso(),
  });
  if (written) kickTravellerPush(db);
  return written;
}
