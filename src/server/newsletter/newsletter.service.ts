import { randomBytes } from 'node:crypto';
import type { NewsletterSubscribeInput } from '../../shared/schemas/newsletter';
import type { AppContext } from '../context';
import { fromBool, isUniqueViolation, nowIso } from '../db/database';
import type { NewsletterSubscriberRow } from '../db/schema';
import { conflict, notFound } from '../errors';
import { newsletterWelcomeMail } from '../mail/templates';
import * as repo from './newsletter.repository';

export const ALREADY_SUBSCRIBED = 'This email is already subscribed.';
export const SUBSCRIBER_NOT_FOUND = 'Subscriber not found';

const newToken = () => randomBytes(24).toString('base64url');

/**
 * One subscription per address whatever its case: the unique index on lower(email) decides,
 * so two sign-ups racing each other still end in one row and one 409.
 */
export async function subscribe(ctx: AppContext, input: NewsletterSubscribeInput): Promise<NewsletterSubscriberRow> {
  const welcome = (s: NewsletterSubscriberRow) => newsletterWelcomeMail(ctx.config, { to: s.email, name: s.name, token: s.unsubscribe_token });
  let subscriber: NewsletterSubscriberRow | undefined;
  try {
    subscriber = await ctx.db.transaction().execute(async (trx) => {
      const s = await repo.insertSubscriber(trx, {
        email: input.email,
        name: input.name,
        is_active: fromBool(input.isActive),
        unsubscribe_token: newToken(),
        subscribed_at: nowIso(),
      });
      if (input.isActive) await ctx.mail.enqueue(trx, welcome(s));
      return s;
    });
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    // The address is known. Someone who unsubscribed earlier may come back; an active
    // subscriber is a duplicate.
    if (input.isActive) {
      subscriber = await ctx.db.transaction().execute(async (trx) => {
        const s = await repo.reactivateSubscriber(trx, input.email, { name: input.name, unsubscribe_token: newToken(), subscribed_at: nowIso() });
        if (s) await ctx.mail.enqueue(trx, welcome(s));
        return s;
      });
    }
    if (!subscriber) throw conflict(ALREADY_SUBSCRIBED);
  }
  ctx.mail.kick();
  await ctx.stats.increment('newsletter_signup');
  return subscriber;
}

export const listSubscribers = (ctx: AppContext) => repo.listSubscribers(ctx.db);

export async function deleteSubscriber(ctx: AppContext, id: number): Promise<void> {
  if (!(await repo.deleteSubscriber(ctx.db, id))) throw notFound(SUBSCRIBER_NOT_FOUND);
}

/** Returns false when no subscriber holds this token. Unsubscribing twice is fine. */
export async function unsubscribe(ctx: AppContext, token: string): Promise<boolean> {
  return (await repo.deactivateByToken(ctx.db, token)) !== undefined;
}
