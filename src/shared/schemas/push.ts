import { z } from 'zod';
import { LIMITS } from './common';
import { ENDPOINT_NOT_URL } from '../messages';

// POST /api/push/subscribe: what PushSubscription.toJSON() gives, plus the user agent.
export const pushSubscribeSchema = z.object({
  endpoint: z
    .string()
    .max(LIMITS.url)
    // The server also insists on https unless its config allows a local test endpoint.
    .pipe(z.url(ENDPOINT_NOT_URL)),
  keys: z.object({
    p256dh: z
      .string()
      .min(1, 'keys.p256dh is required')
      .max(200)
      .regex(/^[A-Za-z0-9_-]+=*$/, 'keys.p256dh must be base64url'),
    auth: z
      .string()
      .min(1, 'keys.auth is required')
      .max(100)
      .regex(/^[A-Za-z0-9_-]+=*$/, 'keys.auth must be base64url'),
  }),
  userAgent: z.string().max(500).nullish(),
});
export type PushSubscribeInput = z.infer<typeof pushSubscribeSchema>;

// POST /api/push/unsubscribe.
export const pushUnsubscribeSchema = z.object({
  endpoint: z.string().min(1, 'endpoint is required').max(LIMITS.url),
});

// The answers' shapes are in ../api-types/ (PushPublicKeyDto, PushSubscriptionDto, PushTestResultDto).
