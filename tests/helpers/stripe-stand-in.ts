import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import Stripe from 'stripe';

// A stand-in for the part of Stripe's API the app calls through the `stripe` library (no payment
// provider is reachable from the tests): Checkout sessions, refunds with idempotency keys, and a
// "pay" step that builds the webhook event Stripe would send, signed with the library's own helper.
// The app is pointed here through STRIPE_API_URL (config.stripe.apiUrl).

export const STAND_IN_SECRET_KEY = 'sk_test_standin_0123456789';
export const STAND_IN_WEBHOOK_SECRET = 'whsec_standin_0123456789abcdef';
export const WEBHOOK_PATH = '/api/payments/stripe/webhook';

type Json = Record<string, unknown>;

export interface StandInSession extends Json {
  id: string;
  object: 'checkout.session';
  amount_total: number;
  currency: string;
  metadata: Record<string, string>;
  client_reference_id: string | null;
  customer_email: string | null;
  locale: string | null;
  mode: string;
  expires_at: number | null;
  payment_intent: string | null;
  payment_status: 'unpaid' | 'paid';
  status: 'open' | 'complete' | 'expired';
  success_url: string | null;
  cancel_url: string | null;
  url: string | null;
}

export interface StandInRefund extends Json {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  charge: string;
  status: 'succeeded' | 'pending' | 'failed';
  metadata: Record<string, string>;
}

export interface StandInDispute extends Json {
  id: string;
  object: 'dispute';
  amount: number;
  currency: string;
  payment_intent: string;
  charge: string;
  reason: string;
  status: string;
  evidence_details: Json & { due_by: number };
}

export interface StandInCall {
  method: string;
  path: string;
  /** The form fields, nested as the library wrote them (line_items[0][quantity] → { line_items: [{ quantity }] }). */
  body: Json;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
}

export interface StripeEvent extends Json {
  id: string;
  object: 'event';
  type: string;
  created: number;
  data: { object: Json };
}

export interface StripeStandIn {
  /** http://127.0.0.1:<port>: STRIPE_API_URL. */
  url: string;
  /** What config.stripe should be to use this stand-in. */
  settings: { secretKey: string; webhookSecret: string; apiUrl: string };
  /** Every API call received, in order (pages and pay clicks excluded). */
  calls: StandInCall[];
  sessions: Map<string, StandInSession>;
  refunds: Map<string, StandInRefund>;
  /** The buyer pays: the session becomes paid with a new payment intent; answers the checkout.session.completed event. */
  pay(sessionId: string): StripeEvent;
  /** An event of any type around an object, as Stripe would deliver it. */
  event(type: string, object: Json): StripeEvent;
  /** Makes a refund as Stripe's dashboard would (no idempotency key): for events about it. */
  refundAtStripe(paymentIntent: string, amount: number): StandInRefund;
  /** The Stripe-Signature header for a payload (timestamp in seconds, now by default). */
  sign(payload: string, opts?: { timestamp?: number; secret?: string }): string;
  /** Posts an event to the app's webhook, signed unless told otherwise. */
  deliver(
    app: FastifyInstance,
    event: StripeEvent,
    opts?: { signature?: string | null; body?: string; timestamp?: number; secret?: string },
  ): Promise<LightMyRequestResponse>;
  /** When set, a click on the stand-in's pay page delivers the event here over HTTP (browser journeys). */
  webhookUrl?: string;
  /** Milliseconds every API answer waits before it is sent (a slow provider). */
  delayMs: number;
  /** When set, refunds are refused with this message (a 400 card_declined-like error). */
  refuseRefunds?: string;
  /** A dispute on a paid payment intent, as the card holder's bank opens one. */
  dispute(paymentIntent: string, opts?: { amount?: number; reason?: string; status?: string }): StandInDispute;
  disputes: Map<string, StandInDispute>;
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Form fields as the library encodes them (qs style: a[b][0][c]=v) into nested objects and arrays. */
export function parseForm(text: string): Json {
  const root: Json = {};
  for (const pair of text.split('&').filter(Boolean)) {
    const [rawKey, rawValue = ''] = pair.split('=');
    const key = decodeURIComponent(rawKey.replace(/\+/g, ' '));
    const value = decodeURIComponent(rawValue.replace(/\+/g, ' '));
    const path = key.replace(/\]/g, '').split('[');
    let node: Json = root;
    for (const [i, part] of path.entries()) {
      if (i === path.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Json;
    }
  }
  return arraysOf(root) as Json;
}

function arraysOf(value: unknown): unknown {
  if (!value || typeof value !== 'object') return value;
  const entries = Object.entries(value as Json).map(([k, v]) => [k, arraysOf(v)] as const);
  if (entries.length > 0 && entries.every(([k]) => /^\d+$/.test(k))) return entries.sort((a, b) => Number(a[0]) - Number(b[0])).map(([, v]) => v);
  return Object.fromEntries(entries);
}

const stripeError = (message: string, type = 'invalid_request_error', code?: string) => ({ error: { message, type, ...(code ? { code } : {}) } });

export async function startStripeStandIn(opts: { secretKey?: string; webhookSecret?: string } = {}): Promise<StripeStandIn> {
  const secretKey = opts.secretKey ?? STAND_IN_SECRET_KEY;
  const webhookSecret = opts.webhookSecret ?? STAND_IN_WEBHOOK_SECRET;
  const calls: StandInCall[] = [];
  const sessions = new Map<string, StandInSession>();
  const refunds = new Map<string, StandInRefund>();
  const disputes = new Map<string, StandInDispute>();
  /** Payment intents of paid sessions: what was taken and what was paid back. */
  const intents = new Map<string, { amount: number; refunded: number; charge: string; metadata: Record<string, string> }>();
  /** payment_intent_data.metadata of each session, for the payment intent made when it is paid. */
  const intentMetadata = new Map<string, Record<string, string>>();
  /** Idempotency-Key → the request's fields and the answer given (Stripe replays it for 24 h). */
  const idempotent = new Map<string, { fields: string; status: number; body: unknown }>();
  let origin = '';

  function createSession(body: Json): [number, unknown] {
    const items = (body.line_items ?? []) as { quantity?: string; price_data?: { currency?: string; unit_amount?: string } }[];
    if (body.mode !== 'payment' || items.length === 0) return [400, stripeError('mode payment with line_items expected')];
    const currencies = new Set(items.map((i) => i.price_data?.currency));
    const amount = items.reduce((sum, i) => sum + Number(i.price_data?.unit_amount) * Number(i.quantity ?? 1), 0);
    if (currencies.size !== 1 || !Number.isSafeInteger(amount) || amount <= 0) return [400, stripeError('line_items: one currency, whole amounts')];
    const expiresAt = body.expires_at === undefined ? null : Number(body.expires_at);
    if (expiresAt !== null && (expiresAt < nowSeconds() + 1800 || expiresAt > nowSeconds() + 86_400)) {
      return [400, stripeError('expires_at must be between 30 minutes and 24 hours from now', 'invalid_request_error', 'parameter_invalid_integer')];
    }
    const sessionId = id('cs');
    const session: StandInSession = {
      id: sessionId,
      object: 'checkout.session',
      amount_total: amount,
      amount_subtotal: amount,
      currency: [...currencies][0] as string,
      metadata: (body.metadata ?? {}) as Record<string, string>,
      client_reference_id: (body.client_reference_id as string | undefined) ?? null,
      customer_email: (body.customer_email as string | undefined) ?? null,
      locale: (body.locale as string | undefined) ?? null,
      mode: 'payment',
      created: nowSeconds(),
      expires_at: expiresAt,
      livemode: false,
      payment_intent: null,
      payment_status: 'unpaid',
      status: 'open',
      success_url: (body.success_url as string | undefined) ?? null,
      cancel_url: (body.cancel_url as string | undefined) ?? null,
      url: `${origin}/pay/${sessionId}`,
    };
    sessions.set(sessionId, session);
    intentMetadata.set(sessionId, ((body.payment_intent_data as Json | undefined)?.metadata ?? {}) as Record<string, string>);
    return [200, session];
  }

  function makeRefund(fields: { payment_intent?: unknown; amount?: unknown; metadata?: unknown }, fromApi = false): [number, unknown] {
    if (fromApi && standIn.refuseRefunds) return [402, stripeError(standIn.refuseRefunds, 'card_error', 'refund_declined')];
    const pi = typeof fields.payment_intent === 'string' ? intents.get(fields.payment_intent) : undefined;
    if (!pi) return [404, stripeError(`No such payment_intent: '${String(fields.payment_intent)}'`, 'invalid_request_error', 'resource_missing')];
    const amount = fields.amount === undefined ? pi.amount - pi.refunded : Number(fields.amount);
    if (!Number.isSafeInteger(amount) || amount <= 0)
      return [400, stripeError('Invalid positive integer', 'invalid_request_error', 'parameter_invalid_integer')];
    if (amount > pi.amount - pi.refunded)
      return [400, stripeError('Refund amount is greater than unrefunded amount on charge', 'invalid_request_error', 'amount_too_large')];
    pi.refunded += amount;
    const refund: StandInRefund = {
      id: id('re'),
      object: 'refund',
      amount,
      currency: 'thb',
      payment_intent: fields.payment_intent as string,
      charge: pi.charge,
      status: 'succeeded',
      created: nowSeconds(),
      metadata: (fields.metadata ?? {}) as Record<string, string>,
    };
    refunds.set(refund.id, refund);
    return [200, refund];
  }

  function route(method: string, path: string, body: Json): [number, unknown] {
    if (method === 'POST' && path === '/v1/checkout/sessions') return createSession(body);
    const session = /^\/v1\/checkout\/sessions\/([\w-]+)(\/expire)?$/.exec(path);
    if (session) {
      const found = sessions.get(session[1]);
      if (!found) return [404, stripeError(`No such checkout.session: '${session[1]}'`, 'invalid_request_error', 'resource_missing')];
      if (method === 'POST' && session[2]) {
        if (found.status !== 'open') return [400, stripeError('Only open sessions can be expired')];
        found.status = 'expired';
      }
      return [200, found];
    }
    if (method === 'POST' && path === '/v1/refunds') return makeRefund(body, true);
    const list = (items: Json[]) => [200, { object: 'list', data: items, has_more: false, url: path }] as [number, unknown];
    if (method === 'GET' && path === '/v1/refunds') return list([...refunds.values()].filter((r) => r.payment_intent === body.payment_intent));
    if (method === 'GET' && path === '/v1/disputes') return list([...disputes.values()].filter((d) => d.payment_intent === body.payment_intent));
    const intent = /^\/v1\/payment_intents\/([\w-]+)$/.exec(path);
    if (method === 'GET' && intent) {
      const pi = intents.get(intent[1]);
      if (!pi) return [404, stripeError(`No such payment_intent: '${intent[1]}'`, 'invalid_request_error', 'resource_missing')];
      return [
        200,
        { id: intent[1], object: 'payment_intent', amount: pi.amount, currency: 'thb', status: 'succeeded', metadata: pi.metadata, latest_charge: pi.charge },
      ];
    }
    return [404, stripeError(`Unrecognized request URL (${method}: ${path})`)];
  }

  function api(req: http.IncomingMessage, res: http.ServerResponse, text: string) {
    const url = new URL(req.url ?? '/', origin);
    const body = req.method === 'GET' ? Object.fromEntries(url.searchParams) : parseForm(text);
    const key = typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : undefined;
    calls.push({ method: req.method ?? '', path: url.pathname, body, idempotencyKey: key, authorization: req.headers.authorization });
    const send = (status: number, answer: unknown, replayed = false) => {
      if (standIn.delayMs > 0) {
        setTimeout(() => {
          res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req'), ...(replayed ? { 'idempotent-replayed': 'true' } : {}) });
          res.end(JSON.stringify(answer));
        }, standIn.delayMs);
        return;
      }
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req'), ...(replayed ? { 'idempotent-replayed': 'true' } : {}) });
      res.end(JSON.stringify(answer));
    };
    if (req.headers.authorization !== `Bearer ${secretKey}`) return send(401, stripeError('Invalid API Key provided', 'invalid_request_error'));
    // Stripe's rule: the same key with the same fields answers the first answer again; other fields are refused.
    const fields = `${req.method} ${url.pathname} ${text}`;
    const seen = key && req.method === 'POST' ? idempotent.get(key) : undefined;
    if (seen) {
      if (seen.fields !== fields)
        return send(400, stripeError('Keys for idempotent requests can only be used with the same parameters they were first used with.', 'idempotency_error'));
      return send(seen.status, seen.body, true);
    }
    const [status, answer] = route(req.method ?? '', url.pathname, body);
    if (key && req.method === 'POST') idempotent.set(key, { fields, status, body: answer });
    send(status, answer);
  }

  const standIn: StripeStandIn = {
    url: '',
    settings: { secretKey, webhookSecret, apiUrl: '' },
    calls,
    sessions,
    refunds,
    disputes,
    delayMs: 0,
    dispute(paymentIntent, dOpts = {}) {
      const pi = intents.get(paymentIntent);
      if (!pi) throw new Error(`no payment intent ${paymentIntent} at the stand-in`);
      const d: StandInDispute = {
        id: id('dp'),
        object: 'dispute',
        amount: dOpts.amount ?? pi.amount,
        currency: 'thb',
        payment_intent: paymentIntent,
        charge: pi.charge,
        reason: dOpts.reason ?? 'fraudulent',
        status: dOpts.status ?? 'needs_response',
        created: nowSeconds(),
        livemode: false,
        metadata: {},
        evidence_details: { due_by: nowSeconds() + 7 * 86_400, has_evidence: false, past_due: false, submission_count: 0 },
      };
      disputes.set(d.id, d);
      return d;
    },
    pay(sessionId) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId} at the stand-in`);
      if (session.status === 'expired') throw new Error(`session ${sessionId} is expired: it can no longer be paid`);
      if (!session.payment_intent) {
        session.payment_intent = id('pi');
        intents.set(session.payment_intent, { amount: session.amount_total, refunded: 0, charge: id('ch'), metadata: intentMetadata.get(sessionId) ?? {} });
      }
      session.payment_status = 'paid';
      session.status = 'complete';
      return standIn.event('checkout.session.completed', { ...session });
    },
    event(type, object) {
      return {
        id: id('evt'),
        object: 'event',
        api_version: Stripe.API_VERSION,
        created: nowSeconds(),
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
        data: { object },
      };
    },
    refundAtStripe(paymentIntent, amount) {
      const [status, answer] = makeRefund({ payment_intent: paymentIntent, amount });
      if (status !== 200) throw new Error(`refund refused: ${JSON.stringify(answer)}`);
      return answer as StandInRefund;
    },
    sign(payload, signOpts = {}) {
      return Stripe.webhooks.generateTestHeaderString({ payload, secret: signOpts.secret ?? webhookSecret, timestamp: signOpts.timestamp });
    },
    deliver(app, event, deliverOpts = {}) {
      const payload = JSON.stringify(event);
      const signature = deliverOpts.signature === undefined ? standIn.sign(payload, deliverOpts) : deliverOpts.signature;
      return app.inject({
        method: 'POST',
        url: WEBHOOK_PATH,
        headers: { 'content-type': 'application/json; charset=utf-8', ...(signature === null ? {} : { 'stripe-signature': signature }) },
        payload: deliverOpts.body ?? payload,
      });
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  // The buyer's side: the page a session's url opens, and its Pay button (browser journeys).
  async function page(req: http.IncomingMessage, res: http.ServerResponse) {
    const sessionId = /^\/pay\/([\w-]+)$/.exec(new URL(req.url ?? '/', origin).pathname)?.[1];
    const session = sessionId ? sessions.get(sessionId) : undefined;
    if (!session) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('No such checkout session');
      return;
    }
    if (req.method === 'POST') {
      const event = standIn.pay(session.id);
      if (standIn.webhookUrl) {
        const payload = JSON.stringify(event);
        await fetch(standIn.webhookUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': standIn.sign(payload) },
          body: payload,
        });
      }
      res.writeHead(303, { location: session.success_url ?? '/' }).end();
      return;
    }
    const amount = (session.amount_total / 100).toFixed(2);
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width"><title>Stripe Checkout stand-in</title></head>` +
        `<body><h1>Pay ${amount} ${session.currency.toUpperCase()}</h1><p>${session.customer_email ?? ''}</p>` +
        `<form method="post" action="/pay/${session.id}"><button type="submit">Pay</button></form>` +
        (session.cancel_url ? `<a href="${session.cancel_url}">Cancel</a>` : '') +
        `</body></html>`,
    );
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      if (req.url?.startsWith('/pay/')) {
        page(req, res).catch((err: unknown) => res.writeHead(500).end(String(err)));
      } else api(req, res, text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  standIn.url = origin;
  standIn.settings.apiUrl = origin;
  return standIn;
}
