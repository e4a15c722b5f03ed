import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

/** One year, subdomains included: what helmet sent before, now only over HTTPS. */
export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

/** Where gallery items linked from Instagram load their pictures. */
export const INSTAGRAM_IMG_HOSTS = ['https://www.instagram.com', 'https://*.cdninstagram.com', 'https://*.fbcdn.net'];

/**
 * Whether the client reached us over HTTPS: our own TLS, or a trusted proxy's
 * X-Forwarded-Proto (its first value, as Fastify reads it). A browser ignores HSTS sent over
 * plain HTTP, and a plain-HTTP deployment must not be told to pin HTTPS.
 */
export function cameOverHttps(req: IncomingMessage, trustProxy: boolean): boolean {
  if ((req.socket as Partial<TLSSocket>).encrypted) return true;
  if (!trustProxy) return false;
  const proto = req.headers['x-forwarded-proto'];
  const first = (Array.isArray(proto) ? proto[0] : proto)?.split(',')[0].trim().toLowerCase();
  return first === 'https';
}

export function addStrictTransportSecurity(app: FastifyInstance, config: Pick<Config, 'trustProxy'>): void {
  app.addHook('onSend', async (req, reply, payload) => {
    if (cameOverHttps(req.raw, config.trustProxy)) reply.header('strict-transport-security', HSTS_VALUE);
    return payload;
  });
}
