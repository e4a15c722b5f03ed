import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import type { PushSubscribeInput } from '../../shared/schemas/push';
import type { Config } from '../config';
import type { AppContext, PushPayload } from '../context';
import { nowIso, type Db } from '../db/database';
import type { PushSubscriptionRow, UserRow } from '../db/schema';
import { badRequest, notFound } from '../errors';
import { subscriptionsChanged } from './subscription-cache';
import * as repo from './push.repository';
import { vapidKeys } from './vapid';
import { guardedLookup, isPublicAddress, PrivateAddressError, resolvePublic, systemResolver } from './endpoint-guard';
import { ENDPOINT_NOT_URL } from '../../shared/messages';
import { trimChar } from '../../shared/trim-char';

export const ENDPOINT_NOT_HTTPS = 'endpoint must be an https URL of a push service';
export const ENDPOINT_PRIVATE = 'endpoint must not point to a local or private address';
export const ENDPOINT_UNRESOLVED = 'endpoint host name could not be resolved';
export const ENDPOINT_CREDENTIALS = 'endpoint must not contain a user name or password';
export const BAD_P256DH = 'keys.p256dh must be an uncompressed P-256 public key (65 bytes, base64url)';
export const BAD_AUTH = 'keys.auth must be at least 16 bytes (base64url)';
export const SUBSCRIPTION_NOT_FOUND = 'Push subscription not found';
export const NO_SUBSCRIPTION = 'No push subscription for this account: enable notifications on this device first';

/** How long one push service may take to answer, and how many sends run at once. */
export const PUSH_TIMEOUT_MS = 10_000;
export const PUSH_CONCURRENCY = 4;
/** A push service keeps an undelivered message this long (seconds) for an offline device. */
const PUSH_TTL_SECONDS = 24 * 3600;

export const TEST_PAYLOAD: PushPayload = {
  title: 'Notification de test',
  body: 'Les notifications push fonctionnent sur cet appareil.',
  url: '/admin/dashboard',
  tag: 'push-test',
};

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Names that are this machine whatever DNS says, and address literals that are not public. */
function isPrivateHost(hostname: string): boolean {
  const host = trimChar(hostname.replace(/^\[|\]$/g, ''), '.', 'end').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  return net.isIP(host) !== 0 && !isPublicAddress(host);
}

/** Tests only: a stand-in push service on this machine, over plain http (pushAllowInsecureEndpoints). */
const isAllowedLoopback = (url: URL, config: Pick<Config, 'pushAllowInsecureEndpoints'>) =>
  url.protocol === 'http:' && config.pushAllowInsecureEndpoints && LOOPBACK_HOSTS.has(url.hostname);

/** Why an endpoint is refused, or null when the server may send to it. */
export function endpointProblem(endpoint: string, allowInsecureLoopback: boolean): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return ENDPOINT_NOT_URL;
  }
  if (url.username || url.password) return ENDPOINT_CREDENTIALS;
  if (isAllowedLoopback(url, { pushAllowInsecureEndpoints: allowInsecureLoopback })) return null;
  if (url.protocol !== 'https:') return ENDPOINT_NOT_HTTPS;
  if (isPrivateHost(url.hostname)) return ENDPOINT_PRIVATE;
  return null;
}

/** base64url (padding tolerated) → bytes, or null when the text is not base64url. */
function decodeKey(text: string): Buffer | null {
  const bare = trimChar(text, '=', 'end');
  if (!/^[A-Za-z0-9_-]*$/.test(bare)) return null;
  return Buffer.from(bare, 'base64url');
}

/**
 * Resolves the endpoint's host now and refuses it unless every address is public; the same
 * check runs again in the connection of every send (guardedLookup), against DNS rebinding.
 */
async function endpointAddressProblem(endpoint: string, config: Config): Promise<string | null> {
  const url = new URL(endpoint);
  if (isAllowedLoopback(url, config)) return null;
  try {
    await resolvePublic(url.hostname, config.pushResolver ?? systemResolver);
    return null;
  } catch (err) {
    return err instanceof PrivateAddressError ? ENDPOINT_PRIVATE : ENDPOINT_UNRESOLVED;
  }
}

/**
 * The checks every subscription passes (staff's and travellers'): a public push service and
 * well-formed keys, answered in the unpadded form web-push expects; 400 otherwise.
 */
export async function checkedSubscription(ctx: AppContext, input: PushSubscribeInput): Promise<{ endpoint: string; p256dh: string; auth: string }> {
  const problem = endpointProblem(input.endpoint, ctx.config.pushAllowInsecureEndpoints) ?? (await endpointAddressProblem(input.endpoint, ctx.config));
  if (problem) throw badRequest(problem);
  const p256dh = decodeKey(input.keys.p256dh);
  if (!p256dh || p256dh.length !== 65 || p256dh[0] !== 0x04) throw badRequest(BAD_P256DH);
  const auth = decodeKey(input.keys.auth);
  if (!auth || auth.length < 16) throw badRequest(BAD_AUTH);
  return { endpoint: input.endpoint, p256dh: p256dh.toString('base64url'), auth: auth.toString('base64url') };
}

export async function subscribe(ctx: AppContext, user: UserRow, input: PushSubscribeInput): Promise<PushSubscriptionRow> {
  const checked = await checkedSubscription(ctx, input);
  const row = await repo.upsertSubscription(ctx.db, {
    userId: user.id,
    ...checked,
    userAgent: input.userAgent ?? null,
    createdAt: nowIso(),
  });
  subscriptionsChanged(ctx.db);
  return row;
}

// Knowing the endpoint proves possession of the browser's subscription (it is a capability URL),
// so whoever is signed in on that browser may remove it, even if another account stored it.
export async function unsubscribe(ctx: AppContext, endpoint: string): Promise<void> {
  if (!(await repo.deleteByEndpoint(ctx.db, endpoint))) throw notFound(SUBSCRIPTION_NOT_FOUND);
}

export interface DeliveryResult {
  sent: number;
  removed: number;
  failed: number;
}

export interface DeliveryDeps {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  timeoutMs?: number;
  concurrency?: number;
}

/** Sends the test notification to the caller's own devices and waits for the answers. */
export async function sendTest(ctx: AppContext, user: UserRow): Promise<DeliveryResult> {
  const subs = await repo.listForUser(ctx.db, user.id);
  if (subs.length === 0) throw notFound(NO_SUBSCRIPTION);
  return deliver(ctx, subs, TEST_PAYLOAD);
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** What the service worker receives; clipped so it stays well under the 4 KB push limit. */
export function pushBody(p: PushPayload): string {
  return JSON.stringify({
    title: clip(p.title, 120),
    body: clip(p.body, 600),
    url: p.url ?? '/admin/dashboard',
    ...(p.tag ? { tag: clip(p.tag, 64) } : {}),
  });
}

/** POSTs the encrypted message; resolves with the push service's status code. */
function post(details: webpush.RequestDetails, timeoutMs: number, config: Config): Promise<number> {
  return new Promise((resolve, reject) => {
    const url = new URL(details.endpoint);
    const client = url.protocol === 'http:' ? http : https;
    // Address literals were checked by endpointProblem (the lookup is not called for them);
    // names are resolved and checked by the connection itself.
    const lookup = isAllowedLoopback(url, config) ? undefined : guardedLookup(config.pushResolver ?? systemResolver);
    const req = client.request(url, { method: 'POST', headers: details.headers, lookup, signal: AbortSignal.timeout(timeoutMs) }, (res) => {
      res.resume(); // the answer's body is of no use; drain it so the socket is freed
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(details.body ?? undefined);
  });
}

/**
 * Sends one payload to the given subscriptions, a few at a time. A 404 or 410 means the browser
 * dropped the subscription: the row is deleted. Other failures are logged with the push
 * service's origin only (the endpoint path and the keys are secrets).
 */
export type PushTarget = Pick<PushSubscriptionRow, 'id' | 'endpoint' | 'p256dh' | 'auth'>;

/** `remove` drops a subscription the push service says is gone (a traveller's live in another table). */
export async function deliver(
  deps: DeliveryDeps,
  subs: PushTarget[],
  payload: PushPayload,
  remove: (id: number) => Promise<unknown> = (id) => repo.deleteById(deps.db, id),
): Promise<DeliveryResult> {
  const result: DeliveryResult = { sent: 0, removed: 0, failed: 0 };
  if (subs.length === 0) return result;
  const keys = await vapidKeys(deps.db, deps.config);
  const body = pushBody(payload);
  const timeoutMs = deps.timeoutMs ?? PUSH_TIMEOUT_MS;

  async function sendOne(sub: PushTarget): Promise<void> {
    let origin = 'invalid endpoint';
    try {
      origin = new URL(sub.endpoint).origin;
      const problem = endpointProblem(sub.endpoint, deps.config.pushAllowInsecureEndpoints);
      if (problem) throw new Error(problem);
      const details = webpush.generateRequestDetails({ endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } }, body, {
        vapidDetails: { subject: deps.config.vapid.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
        TTL: PUSH_TTL_SECONDS,
        contentEncoding: 'aes128gcm',
        urgency: 'high',
      });
      const status = await post(details, timeoutMs, deps.config);
      if (status >= 200 && status < 300) {
        result.sent += 1;
      } else if (status === 404 || status === 410) {
        await remove(sub.id);
        result.removed += 1;
        deps.log.info({ subscriptionId: sub.id, pushService: origin, statusCode: status }, 'push subscription expired, removed');
      } else {
        result.failed += 1;
        deps.log.warn({ subscriptionId: sub.id, pushService: origin, statusCode: status }, 'push service refused the notification');
      }
    } catch (err) {
      result.failed += 1;
      const e = err as { code?: string; name?: string; message?: string };
      deps.log.warn({ subscriptionId: sub.id, pushService: origin, error: e.code ?? e.name ?? 'Error', reason: e.message }, 'push notification not delivered');
    }
  }

  const queue = [...subs];
  const workers = Array.from({ length: Math.min(deps.concurrency ?? PUSH_CONCURRENCY, queue.length) }, async () => {
    for (let sub = queue.shift(); sub; sub = queue.shift()) await sendOne(sub);
  });
  await Promise.all(workers);
  return result;
}
