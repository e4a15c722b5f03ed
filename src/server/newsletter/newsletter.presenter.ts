import { toBool } from '../db/database';
import type { NewsletterSubscriberRow } from '../db/schema';
import type { NewsletterSignUpAnswer, NewsletterSubscriberDto } from '../../shared/api-types';
import type { HoneypotDecoy } from '../http/honeypot';
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

/** What every sign-up answers, whatever the address's state (decision 174): the e-mail says the rest. */
const SIGN_UP_ANSWER = 'Thank you. Please check your inbox (and your spam folder): the e-mail we sent you says what comes next.';
export const signUpAnswer: NewsletterSignUpAnswer = { success: true, message: SIGN_UP_ANSWER };

/** A sign-up's success, for a bot that filled the honeypot (nothing was stored or mailed). */
export const subscriberDecoy: HoneypotDecoy = { status: 201, answer: () => signUpAnswer };
