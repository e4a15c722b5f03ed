import type { FastifyRequest } from 'fastify';

// What the request log may show of a URL. A manage link's token is the key to a booking, an
// order page's to a pass, a waiting-list link's to a place in line (in every language's path): they never reach the log (nor does the
// newsletter's unsubscribe token, a query parameter).

const MANAGE_PATH = /^(\/api\/bookings\/manage\/|\/api\/waitlist\/|(?:\/[a-z]{2})?\/booking\/(?:manage|order|waitlist)\/|\/api\/orders\/by-token\/)[^/?#]*/;
const TOKEN_QUERY = /([?&]token=)[^&#]*/g;

/** The URL with secret tokens written as [redacted]. */
export function redactUrl(url: string): string {
  return url.replace(MANAGE_PATH, '$1[redacted]').replace(TOKEN_QUERY, '$1[redacted]');
}

/** Fastify's request serializer (method, url, host, remote address and port), with the URL redacted. */
export function serializeRequest(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}
