import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  newsletterSignUpAnswerSchema,
  newsletterSubscriberDtoSchema,
  newsletterSubscriberPageDtoSchema,
  unsubscribeAnswerSchema,
} from '../../shared/api-types';
import { isListQuery, subscriberListQuerySchema } from '../../shared/schemas/lists';
import { bulkIdsSchema, bulkResultSchema } from '../../shared/schemas/bulk';
import { errorAnswerSchema, idParamSchema } from '../../shared/schemas/common';
import { defaultErrorCode } from '../../shared/error-codes';
import { newsletterSubscribeSchema } from '../../shared/schemas/newsletter';
import type { AppContext } from '../context';
import { errorResponses, noContentSchema } from '../http/responses';
import { withLanguage } from '../http/with-language';
import { escapeHtml } from '../lib/escape-html';
import { gymName } from '../mail/templates/site-mails';
import { mailConfig } from '../site-settings/site-settings.service';
import { presentSubscriber, signUpAnswer, subscriberDecoy } from './newsletter.presenter';
import * as service from './newsletter.service';

/** A button the page shows; the form POSTs to the same link (a GET never changes anything). */
interface PageForm {
  action: string;
  label: string;
}

function page(title: string, heading: string, text: string, form?: PageForm): string {
  const button = form
    ? `<form method="post" action="${escapeHtml(form.action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${escapeHtml(form.label)}</button></form>`
    : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;margin:0;min-height:100vh;display:grid;place-items:center;background:#f5f5f5;color:#111}main{max-width:32rem;padding:2rem;text-align:center}a{color:#b91c1c}button{font:inherit;font-weight:700;min-height:2.75rem;padding:0 1.5rem;border:0;border-radius:999px;background:#b91c1c;color:#fff;cursor:pointer}</style>
</head>
<body>
<main>
<h1>${escapeHtml(heading)}</h1>
<p>${escapeHtml(text)}</p>
${button}
<p><a href="/">Back to the website</a></p>
</main>
</body>
</html>
`;
}

/** The links are opened from an e-mail, in a browser: answer a page; API clients get JSON. */
function answer(req: FastifyRequest, reply: FastifyReply, status: number, heading: string, text: string, form?: PageForm) {
  reply.code(status).header('cache-control', 'no-store');
  if (String(req.headers.accept ?? '').includes('text/html')) {
    return reply.type('text/html; charset=utf-8').send(page(heading, heading, text, form));
  }
  return reply.send(status < 400 ? { success: true, message: heading } : { error: heading, code: defaultErrorCode(status) });
}

const TAGS = ['Newsletter'];

/** ?token=...: the subscriber's secret from the e-mail's link. */
const tokenQuerySchema = (what: string) =>
  z.object({
    token: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,200}$/)
      .describe(`The ${what} token the e-mail's link carries`),
  });
const unsubscribeQuerySchema = tokenQuerySchema('unsubscribe').extend({
  // Checked by its signature, not here: a damaged one never stops the unsubscribe.
  c: z.string().max(100).optional().describe('The campaign e-mail the link came from (signed): the campaign counts the unsubscribe'),
});
const confirmQuerySchema = tokenQuerySchema('confirmation');

/** The links answer a page to a browser (Accept: text/html) and JSON to anyone else. */
const pageOrJson = (description: string, json: z.ZodType) => ({
  description,
  content: { 'application/json': { schema: json }, 'text/html': { schema: z.string().describe('A short page saying so') } },
});

const linkResponses = (ok: string) => ({
  200: pageOrJson(ok, unsubscribeAnswerSchema),
  400: pageOrJson('The link is incomplete', errorAnswerSchema),
  404: pageOrJson('The link matches nothing (or has expired)', errorAnswerSchema),
});

const actionUrl = (path: string, token: string) => `${path}?token=${encodeURIComponent(token)}`;

const BAD_CONFIRM = ['Invalid confirmation link.', 'This link is incomplete. Please use the link from your latest e-mail.'] as const;
const UNKNOWN_CONFIRM = [
  'This confirmation link is not valid.',
  'It may have expired or been replaced by a newer e-mail. Sign up again on the website to get a new one.',
] as const;
const ALREADY_CONFIRMED = ['You are already subscribed.', 'Your subscription was confirmed earlier. Nothing else to do.'] as const;
const BAD_UNSUBSCRIBE = ['Invalid unsubscribe link.', 'This link is incomplete. Please use the link from your latest e-mail.'] as const;
const UNKNOWN_UNSUBSCRIBE = ['Unknown unsubscribe link.', 'This link does not match any subscription. It may have been removed already.'] as const;

const LIST_KEYS = Object.keys(subscriberListQuerySchema.shape);

export function newsletterRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/newsletter-subscribers', {
    config: { access: 'public', honeypot: subscriberDecoy, limit: 'newsletter' },
    schema: {
      tags: TAGS,
      summary: 'Subscribe to the newsletter (the public sign-up form): pending until the e-mailed link is confirmed',
      description:
        'The same answer for a new, a pending and a confirmed address (decision 174): a new one gets the confirmation e-mail, a pending ' +
        'one gets it again (once an hour at most), a confirmed one an e-mail saying it is subscribed already (once an hour at most).',
      body: newsletterSubscribeSchema,
      response: { 201: newsletterSignUpAnswerSchema, ...errorResponses(400) },
    },
    handler: async (req, reply) => {
      await service.subscribe(ctx, req.body);
      return reply.code(201).send(signUpAnswer);
    },
  });

  r.get('/api/newsletter-subscribers', {
    config: { access: 'user' },
    schema: {
      tags: TAGS,
      summary: 'List subscribers: every one, or a page of a search (q: e-mail, name; status, page, pageSize)',
      querystring: subscriberListQuerySchema,
      response: { 200: z.union([newsletterSubscriberPageDtoSchema, newsletterSubscriberDtoSchema.array()]), ...errorResponses(400, 401) },
    },
    handler: async (req) => {
      if (!isListQuery(req.query, LIST_KEYS)) return (await service.listSubscribers(ctx)).map(presentSubscriber);
      const { rows, bouncing, ...page } = await service.searchSubscribers(ctx, req.query);
      return { items: rows.map((s) => ({ ...withLanguage(presentSubscriber(s), s), bouncing: bouncing.has(s.email.trim().toLowerCase()) })), ...page };
    },
  });

  r.delete('/api/newsletter-subscribers/:id', {
    config: { access: 'user' },
    schema: { tags: TAGS, summary: 'Delete a subscriber', params: idParamSchema, response: { 204: noContentSchema, ...errorResponses(400, 401, 404) } },
    handler: async (req, reply) => {
      await service.deleteSubscriber(ctx, req.params.id);
      return reply.code(204).send(null);
    },
  });

  r.post('/api/newsletter-subscribers/bulk/delete', {
    config: { access: 'user' },
    schema: {
      tags: TAGS,
      summary: 'Delete the selected subscribers, in one transaction',
      body: bulkIdsSchema,
      response: { 200: bulkResultSchema, ...errorResponses(400, 401) },
    },
    handler: async (req) => {
      const ids = await service.deleteSubscribers(ctx, req.body.ids);
      return { count: ids.length, ids };
    },
  });

  // Public: the links in the e-mails. A GET only shows a page with a button (mail scanners
  // follow links); the button's POST acts. A bad link is answered in the page's words
  // (attachValidation), not with the validator's JSON.
  r.get('/api/newsletter/confirm', {
    config: { access: 'public', secretQuery: ['token'] },
    attachValidation: true,
    schema: {
      tags: TAGS,
      summary: 'The confirmation link: a page asking to confirm',
      querystring: confirmQuerySchema,
      response: linkResponses('The page with the button'),
    },
    handler: async (req, reply) => {
      if (req.validationError) return answer(req, reply, 400, ...BAD_CONFIRM);
      const state = await service.checkConfirmToken(ctx, req.query.token);
      if (state === 'invalid') return answer(req, reply, 404, ...UNKNOWN_CONFIRM);
      if (state === 'already-confirmed') return answer(req, reply, 200, ...ALREADY_CONFIRMED);
      return answer(req, reply, 200, 'Confirm your subscription', `Press the button to receive the ${gymName(mailConfig(ctx))} newsletter at this address.`, {
        action: actionUrl('/api/newsletter/confirm', req.query.token),
        label: 'Confirm my subscription',
      });
    },
  });

  r.get('/api/newsletter/unsubscribe', {
    config: { access: 'public', secretQuery: ['token', 'c'] },
    attachValidation: true,
    schema: {
      tags: TAGS,
      summary: 'The unsubscribe link: a page asking to unsubscribe',
      querystring: unsubscribeQuerySchema,
      response: linkResponses('The page with the button'),
    },
    handler: async (req, reply) => {
      if (req.validationError) return answer(req, reply, 400, ...BAD_UNSUBSCRIBE);
      if (!(await service.isUnsubscribeToken(ctx, req.query.token))) return answer(req, reply, 404, ...UNKNOWN_UNSUBSCRIBE);
      return answer(req, reply, 200, 'Unsubscribe from the newsletter?', `Press the button to stop receiving the ${gymName(mailConfig(ctx))} newsletter.`, {
        action: actionUrl('/api/newsletter/unsubscribe', req.query.token) + (req.query.c ? `&c=${encodeURIComponent(req.query.c)}` : ''),
        label: 'Unsubscribe',
      });
    },
  });

  // The POSTs come from the pages' forms and from mail clients' one-click unsubscribe
  // (RFC 8058: `List-Unsubscribe=One-Click`, form-encoded, to the List-Unsubscribe URL). Form
  // bodies are accepted here only: everywhere else a form post is still refused (415).
  void app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_req, _body, done) => done(null, undefined));
    const s = scope.withTypeProvider<ZodTypeProvider>();

    s.post('/api/newsletter/confirm', {
      config: { access: 'public', limit: 'default', secretQuery: ['token'] },
      attachValidation: true,
      schema: {
        tags: TAGS,
        summary: 'Confirm a newsletter subscription (the button of the link’s page)',
        querystring: confirmQuerySchema,
        response: linkResponses('Subscribed'),
      },
      handler: async (req, reply) => {
        if (req.validationError) return answer(req, reply, 400, ...BAD_CONFIRM);
        const result = await service.confirm(ctx, req.query.token);
        if (result.status === 'invalid') return answer(req, reply, 404, ...UNKNOWN_CONFIRM);
        if (result.status === 'already-confirmed') return answer(req, reply, 200, ...ALREADY_CONFIRMED);
        return answer(req, reply, 200, 'Subscribed!', 'Thank you for subscribing to our newsletter.');
      },
    });

    s.post('/api/newsletter/unsubscribe', {
      config: { access: 'public', limit: 'default', secretQuery: ['token', 'c'] },
      attachValidation: true,
      schema: {
        tags: TAGS,
        summary: 'Unsubscribe (the page’s button, or a mail client’s one-click POST)',
        querystring: unsubscribeQuerySchema,
        response: linkResponses('Unsubscribed'),
      },
      handler: async (req, reply) => {
        if (req.validationError) return answer(req, reply, 400, ...BAD_UNSUBSCRIBE);
        if (!(await service.unsubscribe(ctx, req.query.token, req.query.c))) return answer(req, reply, 404, ...UNKNOWN_UNSUBSCRIBE);
        return answer(req, reply, 200, 'You have been unsubscribed.', `You will no longer receive the ${gymName(mailConfig(ctx))} newsletter.`);
      },
    });
  });
}
