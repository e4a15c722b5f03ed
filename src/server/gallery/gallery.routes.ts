import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { galleryItemDtoSchema } from '../../shared/api-types';
import { GALLERY_MAX_BYTES } from '../../shared/constants';
import { idParamSchema } from '../../shared/schemas/common';
import { galleryInstagramSchema, galleryMetaSchema, galleryUpdateSchema } from '../../shared/schemas/gallery';
import type { AppContext } from '../context';
import { badRequest } from '../errors';
import { errorResponses, noContentSchema } from '../http/responses';
import { parseOrThrow } from '../lib/validation';
import { imageFileField, leaveMultipartBody, readUploadForm } from './gallery-upload-form';
import { presentGalleryItem } from './gallery.presenter';
import { NO_FILE, addImage, addInstagramItem, deleteGalleryItem, listGallery, restoreGalleryItem, updateGalleryItem } from './gallery.service';

const TAGS = ['Gallery'];

/** What POST /api/gallery reads from its multipart form, for the API document. */
const uploadFormSchema = galleryMetaSchema.extend({ image: imageFileField });

export function galleryRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Everyone sees the same list; only calls without a token are served from the cache.
  r.get('/api/gallery', {
    config: { access: 'public' },
    schema: { tags: TAGS, summary: 'List gallery items, newest first', response: { 200: galleryItemDtoSchema.array() } },
    handler: async (req) => (await listGallery(ctx, { anonymous: !req.headers.authorization })).map(presentGalleryItem),
  });

  // Multipart: image (the file), title, description, category, in any order.
  r.post('/api/gallery', {
    config: { access: 'user' },
    validatorCompiler: leaveMultipartBody,
    schema: {
      tags: TAGS,
      summary: 'Upload an image (multipart/form-data)',
      consumes: ['multipart/form-data'],
      body: uploadFormSchema,
      response: { 201: galleryItemDtoSchema, ...errorResponses(400, 401, 413, 415) },
    },
    handler: async (req, reply) => {
      const form = await readUploadForm(req, GALLERY_MAX_BYTES);
      if (!form.file) throw badRequest(NO_FILE);
      const meta = parseOrThrow(galleryMetaSchema, form.fields);
      return reply.code(201).send(presentGalleryItem(await addImage(ctx, meta, form.file)));
    },
  });

  r.post('/api/gallery/instagram', {
    config: { access: 'user' },
    schema: {
      tags: TAGS,
      summary: 'Add an Instagram post',
      body: galleryInstagramSchema,
      response: { 201: galleryItemDtoSchema, ...errorResponses(400, 401) },
    },
    handler: async (req, reply) => reply.code(201).send(presentGalleryItem(await addInstagramItem(ctx, req.body))),
  });

  r.put('/api/gallery/:id', {
    config: { access: 'user' },
    schema: {
      tags: TAGS,
      summary: "Edit an item's title, description and category",
      params: idParamSchema,
      body: galleryUpdateSchema,
      response: { 200: galleryItemDtoSchema, ...errorResponses(400, 401, 404, 409) },
    },
    handler: async (req) => presentGalleryItem(await updateGalleryItem(ctx, req.params.id, req.body)),
  });

  r.delete('/api/gallery/:id', {
    config: { access: 'user' },
    schema: {
      tags: TAGS,
      summary: 'Delete an item (restorable for an hour with POST /api/gallery/{id}/restore; then its row and files are purged)',
      params: idParamSchema,
      response: { 204: noContentSchema, ...errorResponses(400, 401, 404) },
    },
    handler: async (req, reply) => {
      await deleteGalleryItem(ctx, req.params.id);
      return reply.code(204).send(null);
    },
  });

  r.post('/api/gallery/:id/restore', {
    config: { access: 'user' },
    schema: {
      tags: TAGS,
      summary: 'Restore a deleted item (the toast\'s "Annuler"); 404 once purged',
      params: idParamSchema,
      response: { 200: galleryItemDtoSchema, ...errorResponses(400, 401, 404) },
    },
    handler: async (req) => presentGalleryItem(await restoreGalleryItem(ctx, req.params.id)),
  });
}
