import type { FastifyInstance } from 'fastify';

// Content-coding negotiation (RFC 9110 §12.5.3), one rule for every answer: the answer cache
// (its Fastify hook and the fast path before Fastify) and @fastify/compress for the rest.

/** The codings we send, in our order of preference when the client rates them equally. */
export const CODINGS = ['br', 'gzip'] as const;
export type Coding = (typeof CODINGS)[number];

/**
 * The coding to answer with, or null for the identity (uncompressed) answer.
 * - q=0 means "not acceptable"; a missing q means 1; the highest q wins, ties go to CODINGS order.
 * - `*` rates every coding the header does not name.
 * - `x-gzip` is gzip.
 * - No acceptable coding gives the identity answer, even under `identity;q=0` or `*;q=0`:
 *   a page the browser can read beats a 406 (docs/decisions/032-content-codings-follow-the-clients-q-values-nothing.md).
 * - Identity wins only when the header rates it explicitly above every acceptable coding.
 * - No header (or an empty one) gives identity, as before.
 */
export function negotiateEncoding(header: string | string[] | undefined): Coding | null {
  if (Array.isArray(header)) header = header.join(',');
  if (!header) return null;
  const rated = new Map<string, number>();
  for (const part of header.split(',')) {
    const [rawName, ...params] = part.split(';');
    let name = rawName.trim().toLowerCase();
    if (!name) continue;
    if (name === 'x-gzip') name = 'gzip';
    let q = 1;
    for (const p of params) {
      const [k, v] = p.split('=').map((s) => s.trim().toLowerCase());
      if (k === 'q') {
        const n = v !== undefined && /^(0(\.\d{0,3})?|1(\.0{0,3})?)$/.test(v) ? Number(v) : NaN;
        q = Number.isNaN(n) ? 0 : n;
      }
    }
    // A coding named twice keeps its first rating.
    if (!rated.has(name)) rated.set(name, q);
  }
  const star = rated.get('*');
  let best: Coding | null = null;
  let bestQ = 0;
  for (const coding of CODINGS) {
    const q = rated.get(coding) ?? star ?? 0;
    if (q > bestQ) {
      best = coding;
      bestQ = q;
    }
  }
  const identityQ = rated.get('identity');
  if (best && identityQ !== undefined && identityQ > bestQ) return null;
  return best;
}

/**
 * @fastify/compress negotiates on its own, and differently (it reads `*` as gzip, so
 * `gzip;q=0, *` still gets gzip, and `*` never gets br). Before it runs, the request's
 * Accept-Encoding is replaced by the one coding negotiateEncoding() chose, or `identity`, so
 * a compressed answer made by the plugin is the same choice as one served from the cache.
 */
export function registerEncodingNegotiation(app: FastifyInstance): void {
  app.addHook('onRequest', async (req) => {
    const header = req.headers['accept-encoding'];
    if (header === undefined) return;
    req.headers['accept-encoding'] = negotiateEncoding(header) ?? 'identity';
  });
}
