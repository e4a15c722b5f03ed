import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pushSubscribeSchema, pushUnsubscribeSchema } from '../../shared/schemas/push';
import type { AppContext } from '../context';
import { errorResponses, noContentSchema } from '../http/responses';
import { meCookieToken } from './me-cookie';
import { signedInCustomer } from './me.service';
import { meManifest } from './me-manifest';
import { localizedSiteSettings } from '../site-settings/site-settings.service';
import { isLanguage } from '../../shared/i18n/languages';
import { subscribeTraveller, unsubscribeTraveller } from '../push/traveller-push';

const TAGS = ['My page'];

// Web Push on My page (issue 47 point 6, decision 188): the traveller's session cookie, never a
// staff token; the staff's own subscriptions stay under /api/push.
export function mePushRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/me/push-subscriptions', {
    config: { access: 'public', limit: 'pushSubscribe' },
    schema: {
      tags: TAGS,
      summary: 'Notify the signed-in traveller on this browser (its push subscription)',
      description: 'A waiting-list offer, a class the gym cancelled or moved, a balance due in three days, the arrival: each once, in the person’s language.',
      body: pushSubscribeSchema,
      response: { 204: noContentSchema, ...errorResponses(400, 401) },
    },
    handler: async (req, reply) => {
      const customer = await signedInCustomer(ctx, meCookieToken(req.headers.cookie));
      await subscribeTraveller(ctx, customer, req.body);
      return reply.code(204).header('cache-control', 'no-store').send(null);
    },
  });

  // The endpoint in the query (a DELETE takes no body here); it is a capability URL, so the log never shows it.
  r.delete('/api/me/push-subscriptions', {
    config: { access: 'public', limit: 'pushSubscribe', secretQuery: ['endpoint'] },
    schema: {
      tags: TAGS,
      summary: 'Stop notifying on this browser (?endpoint=, its push subscription’s endpoint)',
      description: 'Answers 204 whether or not the endpoint was stored: holding it proves holding the browser.',
      querystring: pushUnsubscribeSchema,
      response: { 204: noContentSchema, ...errorResponses(400, 401) },
    },
    handler: async (req, reply) => {
      await signedInCustomer(ctx, meCookieToken(req.headers.cookie));
      await unsubscribeTraveller(ctx, req.query.endpoint);
      return reply.code(204).header('cache-control', 'no-store').send(null);
    },
  });

  // My page's web app manifest: /me and /{lang}/me link to it, so the page can go on the home screen.
  app.get<{ Querystring: { lang?: string } }>('/me.webmanifest', { config: { access: 'public' } }, async (req, reply) => {
    const lang = isLanguage(req.query.lang) ? req.query.lang : 'en';
    const site = await localizedSiteSettings(ctx, lang);
    return reply
      .type('application/manifest+json; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(JSON.stringify(meManifest(site, lang)));
  });
}
