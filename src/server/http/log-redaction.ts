import type { FastifyInstance, FastifyRequest } from 'fastify';

// What the request log may show of a URL. A link's key (a booking's, a lesson's, an order's or a
// waiting-list place's token, a calendar feed's secret, a visa letter's code, a reset link's
// token) opens what it names, so it never reaches the log: the route that carries one says so
// where it is declared (`config: { secretParams: ['token'] }`, `secretQuery`), and this one
// redaction reads that declaration from the request's route.

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Path parameters that carry a key: the request log shows them as [redacted]. */
    secretParams?: readonly string[];
    /** Query parameters that carry a key: the request log shows their values as [redacted]. */
    secretQuery?: readonly string[];
  }
}

export const REDACTED = '[redacted]';

/** A route's pattern ('/api/bookings/manage/:token'; none when no route matched) and its declared keys. */
export interface SecretRoute {
  url?: string;
  secretParams?: readonly string[];
  secretQuery?: readonly string[];
}

// What no route declared (a 404, a catch-all page's path, any other parameter) is judged by its
// shape, so a key a route forgot, or a link mistyped, still stays out: a long value that is not
// lowercase words ('how-to-wrap-your-hands', 'visa-letter.pdf'), or a query value whose name says key.
const READABLE = /^[a-z0-9]{1,15}(?:[-_.][a-z0-9]{1,15})*$/;
const KEY_NAME = /(?:token|secret|key|code|password)$/i;
const shown = (value: string) => (value.length >= 16 && !READABLE.test(value) ? REDACTED : value);

/** The parameter names in one segment of a route's pattern (':file', ':lat-:lng'). */
const paramNames = (pattern: string) => Array.from(pattern.matchAll(/:(\w+)/g), (m) => m[1]);

function decodedName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}

function redactPath(path: string, route: SecretRoute): string {
  const pattern = route.url?.split('/');
  let wildcard = false;
  return path
    .split('/')
    .map((segment, i) => {
      const p = pattern?.[i];
      // A wildcard's rest ('/*' pages, '/uploads/*') is any path: judged by its shape.
      if (p === '*') wildcard = true;
      if (wildcard || p === undefined) return shown(segment);
      const names = paramNames(p);
      if (names.length === 0) return segment;
      return names.some((n) => route.secretParams?.includes(n)) ? REDACTED : shown(segment);
    })
    .join('/');
}

function redactQuery(query: string, route: SecretRoute): string {
  return query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return shown(pair);
      const name = decodedName(pair.slice(0, eq));
      const secret = route.secretQuery?.includes(name) === true || KEY_NAME.test(name);
      return `${shown(pair.slice(0, eq))}=${secret ? REDACTED : shown(pair.slice(eq + 1))}`;
    })
    .join('&');
}

/** The URL as the log may show it: the route's declared keys, and anything shaped like one, as [redacted]. */
export function redactUrl(url: string, route: SecretRoute = {}): string {
  const q = url.indexOf('?');
  if (q < 0) return redactPath(url, route);
  return `${redactPath(url.slice(0, q), route)}?${redactQuery(url.slice(q + 1), route)}`;
}

/** Fastify's request serializer (method, url, host, remote address and port), with the URL redacted. */
export function serializeRequest(req: FastifyRequest) {
  const { url, config } = req.routeOptions;
  return {
    method: req.method,
    url: redactUrl(req.url, { url, secretParams: config.secretParams, secretQuery: config.secretQuery }),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/** A declared key the route's path does not have is a typo that would log the key: the app stops at registration. */
export function checkSecretDeclarations(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    const names = paramNames(route.url);
    const unknown = (route.config?.secretParams ?? []).filter((n) => !names.includes(n));
    if (unknown.length > 0) throw new Error(`${String(route.method)} ${route.url} declares secretParams it has no parameter for: ${unknown.join(', ')}`);
  });
}
