import { toBool } from '../db/database';
import type { NewsletterSubscriberRow } from '../db/schema';
import type { NewsletterSubscriberDto } from '../../shared/api-types';
import type { NewsletterSubscribeInput } from '../../shared/schemas/newsletter';
import { decoyId, type HoneypotDecoy } from '../http/honeypot';
import { subscriberStatus } from './subscriber-status';
export type { NewsletterSubscriberDto };

/** Never includes the tokens: they are the subscriber's secrets. */
export const presentSubscriber = (r: NewsletterSubscriberRow): NewsletterSubscriberDto => ({
  id: r.id,
  email: r.email,
  name: r.name,
  isActive: toBool(r.is_active),
  status: subscriberStatus(r),
  subscribedAt: r.subscribed_at,
  confirmedAt: r.confirmed_at,
});

/** A sign-up's success, for a bot that filled the honeypot (nothing was stored or mailed). */
export const subscriberDecoy: HoneypotDecoy = {
  status: 201,
  answer: (input: NewsletterSubscribeInput): NewsletterSubscriberDto => ({
    id: decoyId(),
    email: input.email,
    name: input.name,
    // As a real sign-up answers: pending until the address is confirmed (double opt-in).
    isActive: false,
    status: 'pending',
    subscribedAt: new Date().toISOString(),
    confirmedAt: null,
  }),
};
