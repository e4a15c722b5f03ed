import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { GALLERY_MAX_BYTES } from '../../shared/constants';
import { idParamSchema } from '../../shared/schemas/common';
import { SITE_IMAGE_KINDS, siteSettingsSchema, siteSettingsUpdateSchema } from '../../shared/schemas/site-settings';
import type { AppContext } from '../context';
import { badRequest } from '../errors';
import { imageFileField, leaveMultipartBody, readUploadForm } from '../gallery/gallery-upload-form';
import { NO_FILE } from '../gallery/gallery.service';
import { signedIn } from '../http/access';
import { errorResponses } from '../http/responses';
import * as service from './site-settings.service';

const TAGS = ['Site settings'];

const timestamp = z.string().describe('ISO 8601, UTC');
const answerSchema = z.object({ settings: siteSettingsSchema, version: z.number().int(), updatedAt: timestamp });
const historyEntrySchema = z.object({
  id: z.number().int(),
  version: z.number().int(),
  changedAt: timestamp,
  changedBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  changes: z.array(z.string()).describe('Top-level fields that differ from the version before'),
});
const kindParamSchema = z.object({ kind: z.enum(SITE_IMAGE_KINDS, { error: "Type d'image inconnu (logo, hero, signature ou stamp)" }) });
const imageFormSchema = z.object({ image: imageFileField });

// Anyone reads them (the public pages show them); only admins change them. Every write is
// recorded in the audit journal by its hook (admin route).
export function siteSettingsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/site-settings', {
    config: { access: 'public' },
    schema: {
      tags: TAGS,
      summary: "The gym's facts the public pages show, with their version; the visa letter's signature and stamp images only to admins",
      response: { 200: answerSchema },
    },
    handler: async (req) => {
      const current = await service.getSiteSettings(ctx);
      return req.user?.role === 'admin' ? current : { ...current, settings: service.publicSiteSettings(current.settings) };
    },
  });

  r.put('/api/site-settings', {
    config: { access: 'admin' },
    schema: {
      tags: TAGS,
      summary: 'Save the settings (admins): the answer of GET with its settings edited; a stale version is refused with 409',
      body: siteSettingsUpdateSchema,
      response: { 200: answerSchema, ...errorResponses(400, 401, 403, 409) },
    },
    handler: (req) => service.saveSiteSettings(ctx, req.body.settings, req.body.version, signedIn(req).user.id),
  });

  r.get('/api/site-settings/history', {
    config: { access: 'admin' },
    schema: {
      tags: TAGS,
      summary: `The last ${service.HISTORY_LIMIT} saved versions, newest first`,
      response: { 200: historyEntrySchema.array(), ...errorResponses(401, 403) },
    },
    handler: () => service.listSiteSettingsHistory(ctx),
  });

  r.post('/api/site-settings/history/:id/restore', {
    config: { access: 'admin' },
    schema: {
      tags: TAGS,
      summary: 'Save an earlier version again, as a new version',
      params: idParamSchema,
      response: { 200: answerSchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: (req) => service.restoreSiteSettings(ctx, req.params.id, signedIn(req).user.id),
  });

  // Multipart: image (the file). The answer's URL goes into logoUrl, heroImageUrl or visaLetter's images on save.
  r.post('/api/site-settings/images/:kind', {
    config: { access: 'admin' },
    validatorCompiler: leaveMultipartBody,
    schema: {
      tags: TAGS,
      summary: 'Upload the logo, the hero image, the signature or the stamp (multipart/form-data)',
      consumes: ['multipart/form-data'],
      params: kindParamSchema,
      body: imageFormSchema,
      response: { 201: z.object({ url: z.string() }), ...errorResponses(400, 401, 403, 413, 415) },
    },
    handler: async (req, reply) => {
      const form = await readUploadForm(req, GALLERY_MAX_BYTES);
      if (!form.file) throw badRequest(NO_FILE);
      return reply.code(201).send(await service.uploadSiteImage(ctx, form.file));
    },
  });
}
