import { pageOf, type SubscriberListQuery } from '../../shared/schemas/lists';
import { createHash, randomBytes } from 'node:crypto';
import type { NewsletterSubscribeInput } from '../../shared/schemas/newsletter';
import type { AppContext } from '../context';
import { fromBool, isUniqueViolation, nowIso, toBool } from '../db/database';
import type { NewsletterSubscriberRow } from '../db/schema';
import { notFound } from '../errors';
import { newsletterAlreadySubscribedMail, newsletterConfirmMail, newsletterWelcomeMail } from './newsletter-mails';
import * as repo from './newsletter.repository';
import { subscriberStatus } from './subscriber-status';
import { mailConfig } from '../site-settings/site-settings.service';
import { textSearch } from '../db/search';
import { bouncingAmong } from '../mail/delivery/outbox.repository';
import { recordCampaignUnsubscribe } from '../campaigns/campaigns.service';

export const SUBSCRIBER_NOT_FOUND = 'Subscriber not found';

/** A known address gets a sign-up's e-mail (confirmation again, or "already subscribed") at most this often. */
export const CONFIRM_RESEND_MS = 3600_000;
/** A confirmation link works this long after its e-mail was queued. */
export const CONFIRM_TTL_MS = 7 * 24 * 3600_000;

const newToken = () => randomBytes(24).toString('base64url');
/** Confirmation tokens are stored as their SHA-256 only: a database leak confirms nobody. */
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const ago = (ms: number, now = Date.now()) => new Date(now - ms).toISOString();

/**
 * Double opt-in: a new (or returning) address is stored pending and gets one confirmation
 * e-mail; it is active only once the link's page is confirmed (confirm below). One row per
 * address whatever its case: the unique index on lower(email) decides races. `isActive` from
 * the form is not trusted: nobody is subscribed without confirming.
 *
 * The caller answers the same whatever happened here (decision 174): new, pending, confirmed
 * or unsubscribed, the address's owner learns which from the e-mail, nobody else. Every path
 * reads the row, writes it and queues through the outbox in one transaction, so none is
 * noticeably faster than the others.
 */
export async function subscribe(ctx: AppContext, input: NewsletterSubscribeInput): Promise<void> {
  const token = newToken();
  const now = nowIso();
  const known = await repo.findByEmail(ctx.db, input.email);
  try {
    await (known ? knownAddress(ctx, known, input, token, now) : newAddress(ctx, input, token, now));
  } catch (err) {
    if (known || !isUniqueViolation(err)) throw err;
    // Another sign-up of the address won the race: it is known now (deleted again meanwhile: nothing to do).
    const raced = await repo.findByEmail(ctx.db, input.email);
    if (raced) await knownAddress(ctx, raced, input, token, now);
  }
  ctx.mail.kick();
}

async function newAddress(ctx: AppContext, input: NewsletterSubscribeInput, token: string, now: string): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const s = await repo.insertSubscriber(trx, {
      email: input.email,
      name: input.name,
      is_active: fromBool(false),
      unsubscribe_token: newToken(),
      subscribed_at: now,
      confirmed_at: null,
      confirm_token_hash: hashToken(token),
      confirm_sent_at: now,
      language: input.language,
    });
    await ctx.mail.enqueue(trx, newsletterConfirmMail(mailConfig(ctx), { to: s.email, token, language: s.language }));
  });
}

/**
 * The address is known: a leaver starts again like a new address; a pending one gets its
 * confirmation again (a new link, in the page's language now); a subscriber is told it is
 * subscribed already, in its own language, with its unsubscribe link. Pending and confirmed
 * addresses get one such e-mail an hour at most, however many sign-ups arrive.
 */
async function knownAddress(ctx: AppContext, existing: NewsletterSubscriberRow, input: NewsletterSubscribeInput, token: string, now: string): Promise<void> {
  const status = subscriberStatus(existing);
  await ctx.db.transaction().execute(async (trx) => {
    if (status === 'confirmed') {
      const row = await repo.markNoticeSent(trx, existing.id, existing.confirm_sent_at, ago(CONFIRM_RESEND_MS), now);
      if (row)
        await ctx.mail.enqueue(
          trx,
          newsletterAlreadySubscribedMail(mailConfig(ctx), { to: row.email, unsubscribeToken: row.unsubscribe_token, language: row.language }),
        );
      return;
    }
    const row =
      status === 'unsubscribed'
        ? await repo.restartPending(trx, existing.id, {
            name: input.name,
            confirm_token_hash: hashToken(token),
            confirm_sent_at: now,
            subscribed_at: now,
            language: input.language,
          })
        : await repo.renewConfirmation(trx, existing.id, existing.confirm_sent_at, ago(CONFIRM_RESEND_MS), {
            confirm_token_hash: hashToken(token),
            confirm_sent_at: now,
            // The page asked from now: the new e-mail, and the later ones, speak its language.
            language: input.language,
          });
    if (row) await ctx.mail.enqueue(trx, newsletterConfirmMail(mailConfig(ctx), { to: row.email, token, language: row.language }));
  });
}

export type ConfirmResult = { status: 'confirmed' | 'already-confirmed'; subscriber: NewsletterSubscriberRow } | { status: 'invalid' };

/** Whether a confirmation link is one that can still be used (the GET page asks before confirming). */
export async function checkConfirmToken(ctx: AppContext, token: string): Promise<'pending' | 'already-confirmed' | 'invalid'> {
  const row = await repo.findByConfirmHash(ctx.db, hashToken(token));
  if (!row) return 'invalid';
  if (toBool(row.is_active)) return 'already-confirmed';
  return row.confirm_sent_at && row.confirm_sent_at > ago(CONFIRM_TTL_MS) ? 'pending' : 'invalid';
}

/** The link's POST: pending → confirmed, the welcome e-mail queued in the same transaction. */
export async function confirm(ctx: AppContext, token: string): Promise<ConfirmResult> {
  const hash = hashToken(token);
  const done = await ctx.db.transaction().execute(async (trx) => {
    const row = await repo.confirmByHash(trx, hash, ago(CONFIRM_TTL_MS), nowIso());
    if (row)
      await ctx.mail.enqueue(trx, newsletterWelcomeMail(mailConfig(ctx), { to: row.email, unsubscribeToken: row.unsubscribe_token, language: row.language }));
    return row;
  });
  if (done) {
    ctx.mail.kick();
    await ctx.stats.increment('newsletter_signup');
    return { status: 'confirmed', subscriber: done };
  }
  const row = await repo.findByConfirmHash(ctx.db, hash);
  return row && toBool(row.is_active) ? { status: 'already-confirmed', subscriber: row } : { status: 'invalid' };
}

export const listSubscribers = (ctx: AppContext) => repo.listSubscribers(ctx.db);

export async function searchSubscribers(ctx: AppContext, q: SubscriberListQuery) {
  const { page, pageSize, offset } = pageOf(q);
  const found = await repo.searchSubscribers(ctx.db, { like: q.q ? textSearch(ctx.dialect, q.q) : undefined, status: q.status }, pageSize, offset);
  // The page's addresses that bounce (issue 22): shown beside them; the outbox sends them nothing.
  const bouncing = await bouncingAmong(
    ctx.db,
    found.rows.map((r) => r.email.trim().toLowerCase()),
  );
  return { ...found, bouncing, page, pageSize };
}

export async function deleteSubscriber(ctx: AppContext, id: number): Promise<void> {
  if (!(await repo.deleteSubscriber(ctx.db, id))) throw notFound(SUBSCRIBER_NOT_FOUND);
}

/** POST /api/newsletter-subscribers/bulk/delete: the selected subscribers, in one transaction. */
export const deleteSubscribers = (ctx: AppContext, ids: number[]): Promise<number[]> => ctx.db.transaction().execute((trx) => repo.deleteSubscribers(trx, ids));

/** Whether an unsubscribe token belongs to a subscriber (the GET page asks before acting). */
export const isUnsubscribeToken = async (ctx: AppContext, token: string): Promise<boolean> => (await repo.findByUnsubscribeToken(ctx.db, token)) !== undefined;

/**
 * Returns false when no subscriber holds this token. Unsubscribing twice is fine. `campaign`: the
 * signed campaign-recipient parameter of a campaign e-mail's link, so the campaign counts it.
 */
export async function unsubscribe(ctx: AppContext, token: string, campaign?: string): Promise<boolean> {
  const row = await repo.deactivateByToken(ctx.db, token);
  if (row) await recordCampaignUnsubscribe(ctx, row.id, campaign);
  return row !== undefined;
}
