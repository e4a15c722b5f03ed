import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { waiverDtoSchema, waiverStaffDtoSchema, waiverStatusDtoSchema, waiverVersionDtoSchema } from '../../shared/api-types/waivers';
import type { Language } from '../../shared/i18n/languages';
import { idParamSchema } from '../../shared/schemas/common';
import { waiverPublishSchema, waiverSignPayloadSchema } from '../../shared/schemas/waivers';
import type { AppContext } from '../context';
import { gymLetterhead } from '../documents/gym-letterhead';
import { notFound } from '../errors';
import { errorResponses } from '../http/responses';
import { siteSettingsNow } from '../site-settings/site-settings.service';
import { renderWaiverPdf } from './waiver-pdf';
import { latestSignature, findVersion } from './waivers.repository';
import * as service from './waivers.service';

// The waiver (issue 47 point 4): the owner publishes versions (admins), staff read a person's
// signature and its PDF, the person signs from My page. The health answers leave only here.

const TAGS = ['Waiver'];
const pdf = { description: 'The signed waiver', content: { 'application/pdf': { schema: z.string().describe('The signed waiver') } } };

/** Who is signed in on My page: resolved by the me domain from the session cookie (401 otherwise). */
export type MeResolver = (req: FastifyRequest) => Promise<{ id: number; language: Language }>;

const CONDITION_LABELS: Record<string, string> = {
  heart: 'Heart condition',
  'blood-pressure': 'High or low blood pressure',
  asthma: 'Asthma',
  epilepsy: 'Epilepsy or seizures',
  diabetes: 'Diabetes',
  concussion: 'Concussion or head injury',
  'recent-injury': 'Recent injury',
  'recent-surgery': 'Recent surgery',
  pregnancy: 'Pregnancy',
  'infectious-skin': 'Infectious skin condition',
};

async function sendWaiverPdf(ctx: AppContext, reply: FastifyReply, customerId: number) {
  const signature = await latestSignature(ctx.db, customerId);
  if (!signature) throw notFound('No waiver signed', 'not_found');
  const version = await findVersion(ctx.db, signature.version);
  const bytes = await renderWaiverPdf({
    letterhead: gymLetterhead(siteSettingsNow(ctx)),
    signature,
    texts: version?.texts ?? {},
    conditionLabels: signature.conditions.map((c) => CONDITION_LABELS[c] ?? c),
  });
  return reply
    .type('application/pdf')
    .header('cache-control', 'private, no-store')
    .header('content-disposition', `inline; filename="waiver-${signature.version}.pdf"`)
    .send(Buffer.from(bytes));
}

export function waiversRoutes(app: FastifyInstance, ctx: AppContext, me: MeResolver) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/waiver/versions', {
    config: { access: 'admin' },
    schema: { tags: TAGS, summary: 'Every published version, newest first', response: { 200: waiverVersionDtoSchema.array(), ...errorResponses(401, 403) } },
    handler: async () => service.listWaiverVersions(ctx),
  });

  r.post('/api/waiver/versions', {
    config: { access: 'admin' },
    schema: {
      tags: TAGS,
      summary: 'Publish a new version (texts per language, English required) and say who signs again',
      body: waiverPublishSchema,
      response: { 201: waiverVersionDtoSchema, ...errorResponses(400, 401, 403, 409) },
    },
    handler: async (req, reply) => reply.code(201).send(await service.publishWaiver(ctx, req.body, req.user?.id ?? null)),
  });

  r.get('/api/customers/:id/waiver', {
    config: { access: 'user' },
    schema: {
      tags: TAGS,
      summary: "A customer's waiver: whether it is required, and the newest signature with its health answers (staff only)",
      params: idParamSchema,
      response: { 200: waiverStaffDtoSchema, ...errorResponses(400, 401) },
    },
    handler: async (req, reply) => {
      reply.header('cache-control', 'private, no-store');
      const [status, flags, signature] = await Promise.all([
        service.waiverStatusOf(ctx, req.params.id),
        service.waiverFlagsOf(ctx, [req.params.id]),
        service.signatureForStaff(ctx, req.params.id),
      ]);
      return { ...status, flag: flags.get(req.params.id) ?? 'missing', signature };
    },
  });

  r.get('/api/customers/:id/waiver.pdf', {
    config: { access: 'user' },
    schema: { tags: TAGS, summary: "A customer's signed waiver as a PDF", params: idParamSchema, response: { 200: pdf, ...errorResponses(400, 401, 404) } },
    handler: async (req, reply) => sendWaiverPdf(ctx, reply, req.params.id),
  });

  r.get('/api/me/waiver', {
    config: { access: 'public' },
    schema: { tags: TAGS, summary: 'The waiver to sign in my language, and what I signed', response: { 200: waiverDtoSchema, ...errorResponses(401) } },
    handler: async (req, reply) => {
      reply.header('cache-control', 'private, no-store');
      const person = await me(req);
      return service.waiverToSign(ctx, person.id, person.language);
    },
  });

  r.post('/api/me/waiver', {
    config: { access: 'public', limit: 'default' },
    // The health answers are never logged: the body is not in the request log (log-redaction.ts).
    schema: {
      tags: TAGS,
      summary: 'Accept the current waiver (health declaration, typed and drawn signature)',
      body: waiverSignPayloadSchema,
      response: { 201: waiverStatusDtoSchema, ...errorResponses(400, 401, 409, 422) },
    },
    bodyLimit: 400_000,
    handler: async (req, reply) => {
      const person = await me(req);
      return reply.code(201).send(await service.signWaiver(ctx, person.id, req.body, person.language));
    },
  });

  r.get('/api/me/waiver.pdf', {
    config: { access: 'public' },
    schema: { tags: TAGS, summary: 'My signed waiver as a PDF', response: { 200: pdf, ...errorResponses(401, 404) } },
    handler: async (req, reply) => sendWaiverPdf(ctx, reply, (await me(req)).id),
  });
}
