import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { newsletterSubscriberDtoSchema, unsubscribeAnswerSchema } from '../../shared/api-types';
import { errorAnswerSchema, idParamSchema } from '../../shared/schemas/common';
import { newsletterSubscribeSchema } from '../../shared/schemas/newsletter';
import type { AppContext } from '../context';
import { errorResponses, noContentSchema } from '../http/responses';
import { escapeHtml } from '../lib/escape-html';
import { gymName } from '../mail/templates';
import { presentSubscriber } from './newsletter.presenter';
import * as service from './newsletter.service';

function page(title: string, heading: string, text: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;margin:0;min-height:100vh;display:grid;place-items:center;background:#f5f5f5;color:#111}main{max-width:32rem;padding:2rem;text-align:center}a{color:#b91c1c}</style>
</head>
<body>
<main>
<h1>${escapeHtml(heading)}</h1>
<p>${escapeHtml(text)}</p>
<p><a href="/">Back to the website</a></p>
</main>
</body>
</html>
`;
}

/** The link is opened from an e-mail, in a browser: answer a page; API clients get JSON. */
function answer(req: FastifyRequest, reply: FastifyReply, status: number, heading: string, text: string) {
  reply.code(status).header('cache-control', 'no-store');
  if (String(req.headers.accept ?? '').includes('text/html')) {
    return reply.type('text/html; charset=utf-8').send(page(heading, heading, text));
  }
  return reply.send(status < 400 ? { success: true, message: heading } : { error: heading });
}

const TAGS = ['Newsletter'];

/** GET /api/newsletter/unsubscribe?token=...: the subscriber's secret from the e-mail's link. */
const unsubscribeQuerySchema = z.object({
  token: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,200}$/)
    .describe('The unsubscribe token the newsletter e-mail carries'),
});

/** The unsubscribe link answers a page to a browser (Accept: text/html) and JSON to anyone else. */
const pageOrJson = (description: string, json: z.ZodType) => ({
  description,
  content: { 'application/json': { schema: json }, 'text/html': { schema: z.string().describe('A short page saying so') } },
});

export function newsletterRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/newsletter-subscribers', {
    config: { access: 'public' },
    schema: {
      tags: TAGS,
      summary: 'Subscribe to the newsletter (the public sign-up form)',
      body: newsletterSubscribeSchema,
      response: { 201: newsletterSubscriberDtoSchema, ...errorResponses(400, 409) },
    },
    handler: async (req, reply) => reply.code(201).send(presentSubscriber(await service.subscribe(ctx, req.body))),
  });

  r.get('/api/newsletter-subscribers', {
    config: { access: 'user' },
    schema: { tags: TAGS, summary: 'List subscribers', response: { 200: newsletterSubscriberDtoSchema.array(), ...errorResponses(401) } },
    handler: async () => (await service.listSubscribers(ctx)).map(presentSubscriber),
  });

  r.delete('/api/newsletter-subscribers/:id', {
    config: { access: 'user' },
    schema: { tags: TAGS, summary: 'Delete a subscriber', params: idParamSchema, response: { 204: noContentSchema, ...errorResponses(400, 401, 404) } },
    handler: async (req, reply) => {
      await service.deleteSubscriber(ctx, req.params.id);
      return reply.code(204).send(null);
    },
  });

  // Public: the link every newsletter e-mail carries. A bad link is answered in the page's
  // words (attachValidation), not with the validator's JSON.
  r.get('/api/newsletter/unsubscribe', {
    config: { access: 'public' },
    attachValidation: true,
    schema: {
      tags: TAGS,
      summary: 'Unsubscribe (the link in every newsletter e-mail)',
      querystring: unsubscribeQuerySchema,
      response: {
        200: pageOrJson('Unsubscribed', unsubscribeAnswerSchema),
        400: pageOrJson('The link is incomplete', errorAnswerSchema),
        404: pageOrJson('No subscription has this token', errorAnswerSchema),
      },
    },
    handler: async (req, reply) => {
      if (req.validationError) {
        return answer(req, reply, 400, 'Invalid unsubscribe link.', 'This link is incomplete. Please use the link from your latest e-mail.');
      }
      if (!(await service.unsubscribe(ctx, req.query.token))) {
        return answer(req, reply, 404, 'Unknown unsubscribe link.', 'This link does not match any subscription. It may have been removed already.');
      }
      return answer(req, reply, 200, 'You have been unsubscribed.', `You will no longer receive the ${gymName()} newsletter.`);
    },
  });
}
