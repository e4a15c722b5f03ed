import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  campaignAudienceCountDtoSchema,
  campaignDetailDtoSchema,
  campaignDtoSchema,
  campaignPreviewDtoSchema,
  campaignRecipientDtoSchema,
} from '../../shared/api-types/campaigns';
import { idParamSchema } from '../../shared/schemas/common';
import {
  campaignAudienceCountSchema,
  campaignPatchSchema,
  campaignPreviewQuerySchema,
  campaignRecipientsQuerySchema,
  campaignScheduleSchema,
  campaignSchema,
  campaignTestSchema,
} from '../../shared/schemas/campaigns';
import type { AppContext } from '../context';
import { escapeHtml } from '../lib/escape-html';
import { errorResponses } from '../http/responses';
import type { CampaignSender } from './campaign-sender';
import * as service from './campaigns.service';

const TAGS = ['Campaigns'];

const clickParamsSchema = z.object({ token: z.string().max(200) });

const BAD_LINK_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Invalid link</title>
<style>body{font-family:system-ui,sans-serif;margin:0;min-height:100vh;display:grid;place-items:center;background:#f5f5f5;color:#111}main{max-width:32rem;padding:2rem;text-align:center}a{color:#b91c1c}</style></head>
<body><main><h1>${escapeHtml('This link is not valid.')}</h1><p>${escapeHtml('It may have been copied incompletely. Please use the link from the e-mail.')}</p><p><a href="/">Back to the website</a></p></main></body></html>
`;

// Newsletter campaigns (issue 48 points 1-4): staff compose, preview, test, schedule and follow
// them; the click redirect is public (the links of the e-mails).
export function campaignsRoutes(app: FastifyInstance, ctx: AppContext, sender: Pick<CampaignSender, 'kick'>) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/campaigns', {
    config: { access: 'user' },
    schema: { tags: TAGS, summary: 'Every campaign, newest first, with its counts', response: { 200: campaignDtoSchema.array(), ...errorResponses(401) } },
    handler: async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return service.listCampaigns(ctx);
    },
  });

  r.post('/api/campaigns', {
    config: { access: 'user' },
    schema: {
      tags: TAGS,
      summary: 'Write a campaign (a draft): subject, preheader and Markdown body per language (English required), audience',
      body: campaignSchema,
      response: { 201: campaignDtoSchema, ...errorResponses(400, 401) },
    },
    handler: async (req, reply) => reply.code(201).send(await service.createCampaign(ctx, req.body, req.user?.id ?? null)),
  });

  r.post('/api/campaigns/audience-count', {
    config: { access: 'user' },
    schema: {
      tags: TAGS,
      summary: 'How many confirmed subscribers an audience has now (never the unsubscribed, bouncing or unconfirmed)',
      body: campaignAudienceCountSchema,
      response: { 200: campaignAudienceCountDtoSchema, ...errorResponses(400, 401) },
    },
    handler: async (req) => ({ count: await service.audienceCount(ctx, req.body.audience) }),
  });

  r.post('/api/campaigns/from-post/:id', {
    config: { access: 'user' },
    schema: {
      tags: TAGS,
      summary: 'A published blog post as a draft campaign: its title the subject, its Markdown and a link to it the body',
      params: idParamSchema,
      response: { 201: campaignDtoSchema, ...errorResponses(400, 401, 404) },
    },
    handler: async (req, reply) => reply.code(201).send(await service.campaignFromPost(ctx, req.params.id, req.user?.id ?? null)),
  });

  // Public: the links of the campaign e-mails, each through this redirect (no tracking pixel). A
  // page of the site, not an API route: it answers a redirect or a page, never JSON.
  r.get('/c/:token', {
    config: { access: 'public', secretParams: ['token'] },
    attachValidation: true,
    schema: { hide: true, params: clickParamsSchema },
    handler: async (req, reply) => {
      const url = req.validationError ? null : await service.click(ctx, req.params.token);
      reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').header('x-robots-tag', 'noindex');
      // A forged or altered token: a page saying so, never a redirect (no open redirect).
      if (!url) return reply.code(400).type('text/html; charset=utf-8').send(BAD_LINK_PAGE);
      return reply.redirect(url, 302);
    },
  });

  r.get('/api/campaigns/:id', {
    config: { access: 'user' },
    schema: {
      tags: TAGS,
      summary: 'One campaign with its counts and the clicks per link',
      params: idParamSchema,
      response: { 200: campaignDetailDtoSchema, ...errorResponses(400, 401, 404) },
    },
    handler: async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return service.getCampaign(ctx, req.params.id);
    },
  });

  r.patch('/api/campaigns/:id', {
    config: { access: 'user' },
    schema: {
      tags: TAGS,
      summary: 'Change a draft (a scheduled campaign changes and goes back to draft)',
      params: idParamSchema,
      body: campaignPatchSchema,
      response: { 200: campaignDtoSchema, ...errorResponses(400, 401, 404, 409) },
    },
    handler: async (req) => service.editCampaign(ctx, req.params.id, req.body),
  });

  r.post('/api/campaigns/:id/test', {
    config: { access: 'user' },
    schema: {
      tags: TAGS,
      summary: 'Send the campaign once to an address, marked as a test (never counted)',
      params: idParamSchema,
      body: campaignTestSchema,
      response: { 202: z.object({ success: z.literal(true) }), ...errorResponses(400, 401, 404) },
    },
    handler: async (req, reply) => {
      await service.testSend(ctx, req.params.id, req.body.to, req.body.language);
      return reply.code(202).send({ success: true as const });
    },
  });

  r.post('/api/campaigns/:id/schedule', {
    config: { access: 'user' },
    schema: {
      tags: TAGS,
      summary: 'Send a draft now (sendAt null) or at an instant; only from draft, so a double click sends once (409 campaign_not_draft)',
      params: idParamSchema,
      body: campaignScheduleSchema,
      response: { 200: campaignDtoSchema, ...errorResponses(400, 401, 404, 409) },
    },
    handler: async (req) => {
      const c = await service.scheduleCampaign(ctx, req.params.id, req.body.sendAt);
      if (c.status === 'sending') sender.kick();
      return c;
    },
  });

  r.post('/api/campaigns/:id/cancel', {
    config: { access: 'user' },
    schema: {
      tags: TAGS,
      summary: 'Stop a campaign: what is not yet sent is not sent (its recipients skipped); what is sent stays',
      params: idParamSchema,
      response: { 200: campaignDtoSchema, ...errorResponses(400, 401, 404, 409) },
    },
    handler: async (req) => service.cancelCampaign(ctx, req.params.id),
  });

  r.get('/api/campaigns/:id/recipients', {
    config: { access: 'user' },
    schema: {
      tags: TAGS,
      summary: 'The per-recipient log, paged (status, page, pageSize)',
      params: idParamSchema,
      querystring: campaignRecipientsQuerySchema,
      response: {
        200: z.object({ items: campaignRecipientDtoSchema.array(), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() }),
        ...errorResponses(400, 401, 404),
      },
    },
    handler: async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return service.recipients(ctx, req.params.id, req.query);
    },
  });

  r.get('/api/campaigns/:id/preview', {
    config: { access: 'user' },
    schema: {
      tags: TAGS,
      summary: 'The e-mail (HTML and plain text) as a subscriber of that language gets it, with a placeholder unsubscribe link',
      params: idParamSchema,
      querystring: campaignPreviewQuerySchema,
      response: { 200: campaignPreviewDtoSchema, ...errorResponses(400, 401, 404) },
    },
    handler: async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return service.previewCampaign(ctx, req.params.id, req.query.language);
    },
  });
}
