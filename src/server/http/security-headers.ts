import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config';
import { INSTAGRAM_IMG_HOSTS } from './transport-security';

/** The security headers of every answer (CSP, frame and referrer rules); `dev` allows Vite's inline preamble and socket. */
export function registerSecurityHeaders(app: FastifyInstance, config: Pick<Config, 'cspImgHosts'>, { dev }: { dev: boolean }): void {
  // Security headers, the same on every answer: the helmet middleware is built once here (the
  // Fastify plugin built it again for every request, a measurable share of a booking's CPU).
  const helmetOptions = (imgExtra: string[]) => ({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Development only: Vite's React refresh preamble is an inline script.
        scriptSrc: dev ? ["'self'", "'unsafe-inline'"] : ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Only the hosts we show images from: our own uploads, Instagram's (gallery items) and
        // any the gym adds for featured images hosted elsewhere (CSP_IMG_HOSTS).
        imgSrc: ["'self'", 'data:', 'blob:', ...INSTAGRAM_IMG_HOSTS, ...config.cspImgHosts, ...imgExtra],
        fontSrc: ["'self'", 'data:'],
        connectSrc: dev ? ["'self'", 'ws:'] : ["'self'"],
        frameSrc: ['https://www.google.com', 'https://maps.google.com', 'https://www.openstreetmap.org'],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // Sent per answer, and only over HTTPS (addStrictTransportSecurity below).
    strictTransportSecurity: false,
    // Gallery images may be shown by other sites (link previews).
    crossOriginResourcePolicy: { policy: 'cross-origin' as const },
  });
  const securityHeaders = helmet(helmetOptions([]));
  // The back office shows customers' HTML e-mails in a sandboxed srcdoc frame, which inherits
  // this policy: remote images must be allowed here for the staff's "Afficher les images
  // distantes" click; the frame's own policy blocks them until that click (issue 22).
  const adminSecurityHeaders = helmet(helmetOptions(['https:', 'http:']));
  app.addHook('onRequest', (req, reply, done) => {
    const headers = req.url === '/admin' || req.url.startsWith('/admin/') || req.url.startsWith('/admin?') ? adminSecurityHeaders : securityHeaders;
    headers(req.raw, reply.raw, (err?: unknown) => done(err instanceof Error ? err : undefined));
  });
}
