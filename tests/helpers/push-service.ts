import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';

// http_ece ships no types; only decrypt is used.
const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(buffer: Buffer, params: { version: 'aes128gcm'; privateKey: crypto.ECDH; authSecret: string }): Buffer;
};

/** What a browser's PushSubscription.toJSON() gives, plus the private half kept by the "browser". */
export interface BrowserSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface ReceivedPush {
  path: string;
  payload: unknown;
  /** The VAPID public key (k=) and the JWT claims that came with it. */
  vapidKey: string;
  claims: { aud: string; exp: number; sub: string };
  ttl: string | undefined;
  urgency: string | undefined;
}

export interface RejectedPush {
  path: string;
  reason: string;
}

export interface PushServiceStandIn {
  /** http://127.0.0.1:<port> */
  origin: string;
  received: ReceivedPush[];
  rejected: RejectedPush[];
  /** When set, a request whose k= differs is refused (the server's key from GET /api/push/public-key). */
  expectedPublicKey?: string;
  /** A browser-like subscription whose endpoint is on this service. */
  subscription(name?: string): BrowserSubscription;
  /** Answer this status to every push for the path (e.g. 410 Gone), instead of 201. */
  answer(endpointOrPath: string, status: number): void;
  /** Never answer pushes for the path (a push service that hangs). */
  hang(endpointOrPath: string): void;
  receivedFor(endpointOrPath: string): ReceivedPush[];
  close(): Promise<void>;
}

const b64url = (b: Buffer) => b.toString('base64url');
const HANG = -1;

/** Verifies `vapid t=<JWT>, k=<key>` per RFC 8292; returns the claims or throws the reason. */
function checkVapid(header: string | undefined, origin: string, expectedKey?: string) {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!m) throw new Error(`Authorization is not "vapid t=..., k=...": ${header}`);
  const [, jwt, k] = m;
  const point = Buffer.from(k, 'base64url');
  if (point.length !== 65 || point[0] !== 0x04) throw new Error('k is not an uncompressed P-256 point');
  if (expectedKey && k !== expectedKey) throw new Error('k is not the server public key');
  const parts = jwt.split('.');
  if (parts.length !== 3) throw new Error('t is not a JWT');
  const [h, p, s] = parts;
  const head = JSON.parse(Buffer.from(h, 'base64url').toString('utf8'));
  if (head.alg !== 'ES256') throw new Error(`JWT alg is ${head.alg}, not ES256`);
  const key = crypto.createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64url(point.subarray(1, 33)), y: b64url(point.subarray(33, 65)) },
    format: 'jwk',
  });
  const ok = crypto.verify('sha256', Buffer.from(`${h}.${p}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(s, 'base64url'));
  if (!ok) throw new Error('JWT signature does not verify with k');
  const claims = JSON.parse(Buffer.from(p, 'base64url').toString('utf8'));
  if (claims.aud !== origin) throw new Error(`JWT aud ${claims.aud} is not ${origin}`);
  const now = Math.floor(Date.now() / 1000);
  if (typeof claims.exp !== 'number' || claims.exp <= now) throw new Error('JWT has expired');
  if (claims.exp > now + 24 * 3600 + 60) throw new Error('JWT exp is more than 24 hours ahead');
  if (typeof claims.sub !== 'string' || !/^(mailto:|https:)/.test(claims.sub)) throw new Error('JWT sub is not mailto: or https:');
  return { k, claims };
}

/** A local push service: checks VAPID, decrypts aes128gcm with the subscription's private key. */
export async function startPushService(): Promise<PushServiceStandIn> {
  const browsers = new Map<string, { ecdh: crypto.ECDH; auth: string }>();
  const statuses = new Map<string, number>();
  let counter = 0;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = (req.url ?? '/').split('?')[0];
      const reject = (status: number, reason: string) => {
        svc.rejected.push({ path, reason });
        res.writeHead(status, { 'content-type': 'text/plain' }).end(reason);
      };
      if (req.method !== 'POST') return reject(405, 'POST only');
      let vapid: ReturnType<typeof checkVapid>;
      try {
        vapid = checkVapid(req.headers.authorization, svc.origin, svc.expectedPublicKey);
      } catch (err) {
        return reject(403, (err as Error).message);
      }
      const forced = statuses.get(path);
      if (forced === HANG) return; // keep the socket open, say nothing
      if (forced) return res.writeHead(forced).end();
      const browser = browsers.get(path);
      if (!browser) return reject(404, 'unknown subscription');
      if (req.headers['content-encoding'] !== 'aes128gcm') return reject(400, `content-encoding ${req.headers['content-encoding']}`);
      if (!req.headers.ttl) return reject(400, 'TTL header missing');
      let payload: unknown;
      try {
        const plain = ece.decrypt(Buffer.concat(chunks), { version: 'aes128gcm', privateKey: browser.ecdh, authSecret: browser.auth });
        payload = JSON.parse(plain.toString('utf8'));
      } catch (err) {
        return reject(400, `cannot decrypt: ${(err as Error).message}`);
      }
      svc.received.push({
        path,
        payload,
        vapidKey: vapid.k,
        claims: vapid.claims,
        ttl: req.headers.ttl as string | undefined,
        urgency: req.headers.urgency as string | undefined,
      });
      res.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const toPath = (endpointOrPath: string) => (endpointOrPath.startsWith('http') ? new URL(endpointOrPath).pathname : endpointOrPath);

  const svc: PushServiceStandIn = {
    origin: `http://127.0.0.1:${port}`,
    received: [],
    rejected: [],
    subscription(name) {
      counter += 1;
      const path = `/push/${name ?? 'device'}-${counter}-${crypto.randomBytes(4).toString('hex')}`;
      const ecdh = crypto.createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = b64url(crypto.randomBytes(16));
      browsers.set(path, { ecdh, auth });
      return { endpoint: `${svc.origin}${path}`, keys: { p256dh: b64url(ecdh.getPublicKey()), auth } };
    },
    answer(endpointOrPath, status) {
      statuses.set(toPath(endpointOrPath), status);
    },
    hang(endpointOrPath) {
      statuses.set(toPath(endpointOrPath), HANG);
    },
    receivedFor(endpointOrPath) {
      const path = toPath(endpointOrPath);
      return svc.received.filter((r) => r.path === path);
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return svc;
}
