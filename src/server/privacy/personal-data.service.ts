import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { phoneDigits, PERSONAL_DATA_NEEDS_KEY, type PersonalDataKey } from '../../shared/schemas/personal-data';
import type { AppContext } from '../context';
import type { Db } from '../db/database';
import type {
  ContactSubmissionRow,
  ConversationMessageRow,
  ConversationRow,
  CustomerRow,
  NewsletterSubscriberRow,
  OrderPaymentRow,
  OrderRow,
  OutboxRow,
  PassUseRow,
  ReservationRow,
  VisaLetterRow,
} from '../db/schema';
import { hashToken, newToken } from '../auth/tokens';
import { emailKey } from '../customers/customer-keys';
import { nowIso } from '../db/database';
import { attachmentStorage } from '../inbound/attachments';
import { slipStorage } from '../orders/order-page.service';
import * as orderRepo from './personal-orders.repository';
import { badRequest } from '../errors';
import { findEmlFiles, removeEmlFiles, type EmlFile } from './eml-files';
import * as repo from './personal-data.repository';
import { releaseSeat } from '../timetable/timetable.service';
import { eraseLettersOfOrders, lettersOfOrders } from '../visa-letters/visa-letters.repository';
import { eraseWaiverSignatures } from '../waivers/waivers.service';
import { revokeCheckInCodes } from '../check-in/check-in-code';
import { forgetLinksOf } from '../links/retired-links.repository';
import { deleteForCustomers as endMeSessions } from '../me/me.repository';
import { deleteForCustomers as forgetTravellerPush } from '../push/traveller-push.repository';
import { deleteForCustomers as forgetReviewRequests } from '../review-requests/review-requests.repository';

/**
 * Two numbers are the same when their last 9 digits are (the national number without its
 * leading 0 or country code: "+66 81 234 5678" and "081-234-5678" match); shorter ones must be equal.
 */
const PHONE_TAIL = 9;
export function samePhone(stored: string | null, wanted: string): boolean {
  if (!stored) return false;
  const a = phoneDigits(stored);
  const b = phoneDigits(wanted);
  if (a.length < 6 || b.length < 6) return false;
  return a.length >= PHONE_TAIL && b.length >= PHONE_TAIL ? a.slice(-PHONE_TAIL) === b.slice(-PHONE_TAIL) : a === b;
}

export interface PersonalData {
  email: string | null;
  phone: string | null;
  reservations: ReservationRow[];
  contactSubmissions: ContactSubmissionRow[];
  conversations: ConversationRow[];
  messages: ConversationMessageRow[];
  newsletterSubscriptions: NewsletterSubscriberRow[];
  outbox: OutboxRow[];
  emlFiles: EmlFile[];
  idempotencyKeyIds: number[];
  customers: CustomerRow[];
  orders: OrderRow[];
  ledger: OrderPaymentRow[];
  passUses: PassUseRow[];
  /** Records of mails read from the mailbox (from the address, or in its conversations). */
  inboundMailIds: number[];
  inboundMails: Awaited<ReturnType<typeof repo.findInboundMails>>;
  /** Mails from the address held for staff (sender not verified). */
  heldMailIds: number[];
  heldMails: Awaited<ReturnType<typeof repo.findHeldMails>>;
  /** Files attached to its conversations' messages; storage_key null when only listed. */
  attachments: Awaited<ReturnType<typeof repo.findAttachments>>;
  /** The address's bounce record, by its key. */
  bounces: string[];
  bounceRecords: Awaited<ReturnType<typeof repo.findBounces>>;
  /** Visa letters of its orders, with the passport data (issue 35). */
  visaLetters: VisaLetterRow[];
}

/** Every record of an e-mail address and/or a phone number (either matches). */
export async function findPersonalData(ctx: AppContext, key: PersonalDataKey, db: Db = ctx.db): Promise<PersonalData> {
  const email = key.email || undefined;
  const phone = key.phone || undefined;
  if (!email && !phone) throw badRequest(PERSONAL_DATA_NEEDS_KEY);
  const lookup: repo.Lookup = { email, withPhones: phone !== undefined };
  const ofKey = <R extends { email: string | null; phone: string | null }>(r: R) =>
    (email !== undefined && r.email?.toLowerCase() === email) || (phone !== undefined && samePhone(r.phone, phone));

  const customers = (await orderRepo.findCustomers(db, { emailKey: emailKey(email) ?? undefined, withPhones: phone !== undefined })).filter(
    (c) => (email !== undefined && c.email_key === emailKey(email)) || (phone !== undefined && samePhone(c.phone, phone)),
  );
  const orders = await orderRepo.findOrders(
    db,
    customers.map((c) => c.id),
  );
  const orderIds = orders.map((o) => o.id);
  const [ledger, passUses, visaLetters] = await Promise.all([
    orderRepo.findLedger(db, orderIds),
    orderRepo.findPassUses(db, orderIds),
    lettersOfOrders(db, orderIds),
  ]);
  const [reservations, contactSubmissions, newsletterSubscriptions] = await Promise.all([
    repo.findReservations(db, lookup).then((rows) => rows.filter(ofKey)),
    repo.findContactSubmissions(db, lookup).then((rows) => rows.filter(ofKey)),
    repo.findSubscriptions(db, email),
  ]);
  const conversations = await repo.findConversations(
    db,
    email,
    contactSubmissions.map((c) => c.id),
  );
  const messages = await repo.findMessages(
    db,
    conversations.map((c) => c.id),
  );
  // Texts that name the person in e-mails and stored answers: the address, and each phone
  // number as it was written in the records found (e-mails quote it as typed).
  const phones = new Set<string>();
  if (phone) phones.add(phone);
  for (const r of [...reservations, ...contactSubmissions, ...customers]) if (r.phone) phones.add(r.phone);
  const texts = [...(email ? [email] : []), ...phones];
  const [outbox, keys] = await Promise.all([
    repo.findOutbox(
      db,
      email,
      texts,
      reservations.map((r) => r.id),
    ),
    repo.findIdempotencyKeys(db, texts),
  ]);
  const emlFiles = await findEmlFiles(ctx.config.dataDir, new Set(outbox.map((o) => o.id)), texts);
  const conversationIds = conversations.map((c) => c.id);
  const [inboundMails, attachments, bounces] = await Promise.all([
    repo.findInboundMails(db, email, conversationIds, texts),
    repo.findAttachments(db, conversationIds),
    repo.findBounces(db, emailKey(email)),
  ]);
  const heldMails = await repo.findHeldMails(
    db,
    email,
    inboundMails.map((m) => m.id),
  );
  return {
    email: email ?? null,
    phone: phone ?? null,
    reservations,
    contactSubmissions,
    conversations,
    messages,
    newsletterSubscriptions,
    outbox,
    emlFiles,
    idempotencyKeyIds: keys.map((k) => k.id),
    customers,
    orders,
    ledger,
    passUses,
    inboundMailIds: inboundMails.map((m) => m.id),
    inboundMails,
    heldMailIds: heldMails.map((m) => m.id),
    heldMails,
    attachments,
    bounces: bounces.map((b) => b.email_key),
    bounceRecords: bounces,
    visaLetters,
  };
}

export interface Erased {
  reservations: number;
  conversations: number;
  messages: number;
  contactSubmissions: number;
  newsletterSubscriptions: number;
  outbox: number;
  emlFiles: number;
  idempotencyKeys: number;
  customers: number;
  orders: number;
  transferSlips: number;
  inboundMails: number;
  heldMails: number;
  attachments: number;
  bounces: number;
  visaLetters: number;
}

/**
 * Erases a person: every row found is anonymised in one transaction (rows, counts, statuses and
 * dates stay, so statistics still add up; names, addresses, numbers and texts go), e-mails not
 * yet sent are stopped; mails read from the mailbox lose their sender, subject, text and HTML,
 * held copies and the bounce record go; the .eml copies, transfer slips and attached files are
 * deleted once the rows are committed.
 */
export async function erasePersonalData(ctx: AppContext, key: PersonalDataKey): Promise<Erased> {
  const { found, messages } = await ctx.db.transaction().execute(async (trx) => {
    const found = await findPersonalData(ctx, key, trx);
    // Waiting-list places of the person (found here, anonymised below).
    const places = (await repo.findWaitlistEntries(trx, { email: key.email || undefined, withPhones: Boolean(key.phone) })).filter(
      (w) => (key.email && w.email.toLowerCase() === key.email) || (key.phone && samePhone(w.phone, key.phone)),
    );
    // Every link the person was mailed answers "data removed" from now on: only its hash is kept (decision 184).
    await forgetLinksOf(
      trx,
      { reservations: found.reservations.map((x) => x.id), waitlist: places.map((w) => w.id), orders: found.orders.map((o) => o.id) },
      nowIso(),
    );
    const r = await repo.eraseRows(
      trx,
      {
        reservations: found.reservations.map((x) => x.id),
        contactSubmissions: found.contactSubmissions.map((x) => x.id),
        conversations: found.conversations.map((x) => x.id),
        newsletterSubscriptions: found.newsletterSubscriptions.map((x) => x.id),
        outbox: found.outbox.map((x) => x.id),
        idempotencyKeys: found.idempotencyKeyIds,
        inboundMails: found.inboundMailIds,
        heldMails: found.heldMailIds,
        attachments: found.attachments.map((a) => a.id),
        bounces: found.bounces,
      },
      () => randomBytes(32).toString('base64url'),
    );
    // Waiting-list places go out of line, anonymised; a seat held for one goes back to the counter.
    const held = await repo.eraseWaitlistEntries(
      trx,
      places.map((w) => w.id),
      () => hashToken(newToken()),
    );
    for (const h of held) await releaseSeat(trx, h.weekly_session_id, h.session_date);
    // Orders and ledger lines stay (money records, decision "privacy of orders"): their personal fields go.
    // A letter names the person and its passport: revoked at once, its data and PDF blanked.
    await eraseLettersOfOrders(
      trx,
      found.orders.map((o) => o.id),
      nowIso(),
    );
    await orderRepo.eraseOrderRows(
      trx,
      { customers: found.customers.map((c) => c.id), orders: found.orders.map((o) => o.id) },
      () => hashToken(newToken()),
      nowIso(),
    );
    // The waiver and its health answers (issue 47 point 4): deleted, drawing included.
    await eraseWaiverSignatures(
      trx,
      found.customers.map((c) => c.id),
    );
    // Their door code stops opening anything.
    await revokeCheckInCodes(
      trx,
      found.customers.map((c) => c.id),
      nowIso(),
    );
    // Signed in on My page (issue 47): every session and unspent sign-in link of the person ends.
    await endMeSessions(
      trx,
      found.customers.map((c) => c.id),
    );
    // Their browsers stop being notified, and nothing queued for them goes (decision 188).
    await forgetTravellerPush(
      trx,
      found.customers.map((c) => c.id),
    );
    // Who was asked for a review (issue 48 point 5): the person's rows go.
    await forgetReviewRequests(
      trx,
      found.customers.map((c) => c.id),
    );
    return { found, messages: r.messages };
  });
  // SQLite: the WAL still holds the pages as they were before the erase; copying it into the
  // database (zeroed by secure_delete) and emptying it leaves no old copy in the files.
  if (ctx.dialect === 'sqlite')
    await sql`pragma wal_checkpoint(TRUNCATE)`.execute(ctx.db).catch((err: unknown) => ctx.log.warn({ err }, 'checkpoint after an erase failed'));
  const emlFiles = await removeEmlFiles(found.emlFiles);
  // The transfer slips' files, once the rows no longer point at them.
  const slips = slipStorage(ctx);
  let transferSlips = 0;
  for (const o of found.orders) {
    if (!o.slip_key) continue;
    await slips.remove(o.slip_key);
    transferSlips += 1;
  }
  // The mails' attached files (private storage: DATA_DIR or S3), once no row names them.
  const files = attachmentStorage(ctx);
  let attachments = 0;
  for (const a of found.attachments) {
    if (!a.storage_key) continue;
    await files.remove(a.storage_key);
    attachments += 1;
  }
  return {
    reservations: found.reservations.length,
    conversations: found.conversations.length,
    messages,
    contactSubmissions: found.contactSubmissions.length,
    newsletterSubscriptions: found.newsletterSubscriptions.length,
    outbox: found.outbox.length,
    emlFiles,
    idempotencyKeys: found.idempotencyKeyIds.length,
    customers: found.customers.length,
    orders: found.orders.length,
    transferSlips,
    inboundMails: found.inboundMailIds.length,
    heldMails: found.heldMailIds.length,
    attachments,
    bounces: found.bounces.length,
    visaLetters: found.visaLetters.length,
  };
}

/**
 * A deleted booking's e-mails still waiting in the outbox (its confirmation, its reminder, the
 * gym's notice) are deleted with it, in the caller's transaction: the rows that name it
 * (outbox.reservation_id, migration 007). E-mails queued before that column existed carry no
 * number: for those, a row is the booking's when its calendar has the booking's UID or its text
 * the booking's number ("Booking: #12", as every booking e-mail states it).
 */
export async function dropQueuedBookingMails(db: Db, reservationId: number): Promise<number> {
  const number = new RegExp(`^Booking:\\s+#${reservationId}(?!\\d)`, 'm');
  const uid = `reservation-${reservationId}@`;
  const rows = await repo.findPendingMailsMentioning(db, reservationId);
  const ids = rows
    .filter((r) => r.reservation_id === reservationId || (r.reservation_id == null && (number.test(r.text_body) || (r.calendar ?? '').includes(uid))))
    .map((r) => r.id);
  return repo.deleteOutboxRows(db, ids);
}
