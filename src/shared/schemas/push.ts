import { z } from 'zod';
import { LIMITS } from './common';

// POST /api/push/subscribe: what PushSubscription.toJSON() gives, plus the user agent.
export const pushSubscribeSchema = z.object({
  endpoint: z
    .string()
    .max(LIMITS.url)
    // The server also insists on https unless its config allows a local test endpoint.
    .pipe(z.url('endpoint must be a URL')),
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

// Answers of the push endpoints, for the client.
/** GET /api/push/public-key: the VAPID application server key (base64url). */
export interface PushPublicKeyResponse {
  publicKey: string;
}
