import type { IncomingMessage, ServerResponse } from 'node:http';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext, CachedResponse } from '../context';
import { negotiateEncoding } from './accept-encoding';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../../shared/i18n/languages';
import { HSTS_VALUE, cameOverHttps } from '../http/transport-security';

// Whole answers to anonymous GETs of public data and pages are kept in memory, with their
// compressed copies, so a hit skips routing, the database, serialisation, rendering and
// compression. Any write that changes public data drops them all (PublicCache.invalidate).

/** The public JSON reads; everything else under /api is never cached. */
const PUBLIC_API = [
  /^\/api\/site-settings$/,
  /^\/api\/passes$/,
  /^\/api\/blog-posts$/,
  /^\/api\/blog-posts\/(?!id\/)[^/]+$/,
  /^\/api\/gallery$/,
  /^\/api\/blog-categories$/,
  /^\/api\/users$/,
];
// /booking shows the sessions' free places, which every booking changes without a public-data
// write: it is rendered afresh each time (as is /booking/manage/*, one visitor's own booking).
// The language prefixes (/de/booking …) are the same pages: the key is the URL, so each
// language's answer is kept apart. A visa letter's check (/verify/*) changes with a revocation
// that writes no public data: never kept either, nor a traveller's own page (/me, issue 47).
const PREFIX = `(?:/(?:${LANGUAGES.filter((l) => l !== DEFAULT_LANGUAGE).join('|')}))?`;
const NEVER = new RegExp(`^/(admin|assets|uploads|healthz|livez)(/|$)|^${PREFIX}/(booking|verify|me)(/|$)`);

declare module 'fastify' {
  interface FastifyRequest {
    /** Set on a cacheable miss: the cache generation when the request began. */
    cacheGeneration?: number;
  }
}

/**
 * The query parameters each cacheable path reads; every other parameter leaves the answer
 * unchanged, so it is left out of the cache key (tracking tags like ?fbclid= still get a hit).
 */
const KNOWN_PARAMS: readonly [RegExp, ReadonlySet<string>][] = [
  [/^\/api\/blog-posts$/, new Set(['published', 'category', 'limit', 'language'])],
  [new RegExp(`^${PREFIX}/blog$`), new Set(['category', 'page'])],
];
const NO_PARAMS: ReadonlySet<string> = new Set();

/** Longer keys are not cached at all: no public answer needs one, and each costs memory. */
export const MAX_KEY_LENGTH = 512;

function paramName(segment: string): string {
  const raw = segment.split('=', 1)[0].replaceAll('+', ' ');
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/**
 * The cache key of a URL: its path and the raw segments of the parameters that path reads, in
 * their order; unknown parameters are dropped. Null when too long to cache. The key is a URL
 * itself, and an answer is stored only when it was made for exactly that URL (see onSend), so
 * whatever the unknown parameters were, a hit answers what the key's URL would.
 */
export function answerKey(url: string): string | null {
  const q = url.indexOf('?');
  if (q < 0) return url.length <= MAX_KEY_LENGTH ? url : null;
  const path = url.slice(0, q);
  const known = KNOWN_PARAMS.find(([re]) => re.test(path))?.[1] ?? NO_PARAMS;
  const kept =
    known.size === 0
      ? []
      : url
          .slice(q + 1)
          .split('&')
          .filter((segment) => segment !== '' && known.has(paramName(segment)));
  const key = kept.length > 0 ? `${path}?${kept.join('&')}` : path;
  return key.length <= MAX_KEY_LENGTH ? key : null;
}

function cacheable(req: FastifyRequest): boolean {
  if (req.method !== 'GET' || req.headers.authorization) return false;
  const path = req.url.split('?')[0];
  if (NEVER.test(path)) return false;
  if (path.startsWith('/api/') || path === '/api') return PUBLIC_API.some((re) => re.test(path));
  return true;
}

/** Headers that belong to one answer, never to the cached copy. */
const PER_ANSWER = new Set([
  'content-length',
  'content-encoding',
  'vary',
  'transfer-encoding',
  'connection',
  'date',
  'set-cookie',
  'strict-transport-security',
]);

const COMPRESSIBLE = /^(text\/|application\/(json|xml|rss\+xml|javascript))/;

function bodyFor(key: string, entry: CachedResponse, encoding: 'br' | 'gzip' | null, ctx: AppContext): [Buffer, string | null] {
  if (!encoding || entry.body.length < 1024 || !COMPRESSIBLE.test(entry.headers['content-type'] ?? '')) return [entry.body, null];
  let buf = entry[encoding];
  if (!buf) {
    buf =
      encoding === 'br'
        ? zlib.brotliCompressSync(entry.body, {
            params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: entry.body.length },
          })
        : zlib.gzipSync(entry.body, { level: 6 });
    entry[encoding] = buf;
    ctx.publicCache.grewResponse(key, buf.length);
  }
  return [buf, encoding];
}

export function registerResponseCache(app: FastifyInstance, ctx: AppContext): void {
  const cache = ctx.publicCache;

  app.addHook('onRequest', async (req, reply) => {
    if (!cacheable(req)) return;
    const key = answerKey(req.url);
    if (key === null) return;
    const entry = cache.getResponse(key);
    if (!entry) {
      // Only an answer to the key's own URL is stored: nothing else can fill the cache.
      if (key === req.url) req.cacheGeneration = cache.generation();
      return;
    }
    if (entry.pageView) ctx.stats.incrementBuffered('page_view');
    const [body, encoding] = bodyFor(key, entry, negotiateEncoding(req.headers['accept-encoding']), ctx);
    reply.code(entry.status).headers(entry.headers).header('vary', 'Accept-Encoding');
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(body);
  });

  // Runs before the compression hook, so it sees the serialised answer. Every header set so
  // far (content type, cache control, the security headers) is kept with it, so the fast
  // path below answers exactly what the app would.
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.cacheGeneration === undefined || reply.statusCode !== 200) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const headers: Record<string, string> = {};
    for (const [name, v] of Object.entries(reply.getHeaders())) {
      if (v !== undefined && !PER_ANSWER.has(name)) headers[name] = String(v);
    }
    const path = req.url.split('?')[0];
    const isPage = !path.startsWith('/api') && /^text\/html/.test(headers['content-type'] ?? '');
    cache.setResponse(req.url, { status: 200, headers, body: Buffer.from(payload), pageView: isPage }, req.cacheGeneration);
    return payload;
  });
}

/**
 * The hit path at the level of Node's request handler, before Fastify: a hit costs a map
 * lookup and one write, which is what lets public reads keep up with a bare Node server. It
 * answers only what is already cached (entries exist only for the anonymous public GETs
 * that cacheable() admits) and leaves everything else, signed-in calls included, to Fastify.
 * Such hits are not in the request log; the page-view counter still counts them.
 */
export function serveCachedAnswer(ctx: AppContext, req: IncomingMessage, res: ServerResponse): boolean {
  if (req.method !== 'GET' || req.headers.authorization !== undefined || !req.url) return false;
  const key = answerKey(req.url);
  if (key === null) return false;
  const entry = ctx.publicCache.getResponse(key);
  if (!entry) return false;
  if (entry.pageView) ctx.stats.incrementBuffered('page_view');
  const wanted = negotiateEncoding(req.headers['accept-encoding']);
  const ready = (entry.ready ??= {});
  let answer = ready[wanted ?? 'identity'];
  if (!answer) {
    // Made once per encoding: later hits write a ready body and header object.
    const [body, encoding] = bodyFor(key, entry, wanted, ctx);
    const headers: Record<string, string | number> = { ...entry.headers, vary: 'Accept-Encoding', 'content-length': body.length };
    if (encoding) headers['content-encoding'] = encoding;
    answer = ready[wanted ?? 'identity'] = { body, headers };
  }
  // HSTS depends on how this request came, not on the one that filled the cache.
  res.writeHead(entry.status, cameOverHttps(req, ctx.config.trustProxy) ? { ...answer.headers, 'strict-transport-security': HSTS_VALUE } : answer.headers);
  res.end(answer.body);
  return true;
}
