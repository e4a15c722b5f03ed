import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { idParamSchema } from '../../shared/schemas/common';
import { newsletterSubscribeSchema } from '../../shared/schemas/newsletter';
import type { Guards } from '../auth/guards';
import type { AppContext } from '../context';
import { parseOrThrow } from '../lib/validation';
import { gymName } from '../mail/templates';
import { presentSubscriber } from './newsletter.presenter';
import * as service from './newsletter.service';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

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

export async function newsletterRoutes(app: FastifyInstance, ctx: AppContext, g: Guards) {
  app.post('/api/newsletter-subscribers', async (req, reply) => {
    const input = parseOrThrow(newsletterSubscribeSchema, req.body);
    return reply.code(201).send(presentSubscriber(await service.subscribe(ctx, input)));
  });

  app.get('/api/newsletter-subscribers', { preHandler: g.requireUser }, async () => (await service.listSubscribers(ctx)).map(presentSubscriber));

  app.delete('/api/newsletter-subscribers/:id', { preHandler: g.requireUser }, async (req, reply) => {
    const { id } = parseOrThrow(idParamSchema, req.params);
    await service.deleteSubscriber(ctx, id);
    return reply.code(204).send();
  });

  // Public: the link every newsletter e-mail carries.
  app.get('/api/newsletter/unsubscribe', async (req, reply) => {
    const token = (req.query as Record<string, unknown> | undefined)?.token;
    if (typeof token !== 'string' || !/^[A-Za-z0-9_-]{1,200}$/.test(token)) {
      return answer(req, reply, 400, 'Invalid unsubscribe link.', 'This link is incomplete. Please use the link from your latest e-mail.');
    }
    if (!(await service.unsubscribe(ctx, token))) {
      return answer(req, reply, 404, 'Unknown unsubscribe link.', 'This link does not match any subscription. It may have been removed already.');
    }
    return answer(req, reply, 200, 'You have been unsubscribed.', `You will no longer receive the ${gymName()} newsletter.`);
  });
}
