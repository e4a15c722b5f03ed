import type { FastifyInstance } from 'fastify';
import { GALLERY_MAX_BYTES } from '../../shared/constants';
import { idParamSchema } from '../../shared/schemas/common';
import { galleryInstagramSchema, galleryMetaSchema } from '../../shared/schemas/gallery';
import type { Guards } from '../auth/guards';
import type { AppContext } from '../context';
import { badRequest } from '../errors';
import { parseOrThrow } from '../lib/validation';
import { readUploadForm } from './gallery-upload-form';
import { NO_FILE, addImage, addInstagramItem, deleteGalleryItem, listGallery, updateGalleryItem } from './gallery.service';

export async function galleryRoutes(app: FastifyInstance, ctx: AppContext, g: Guards) {
  // Everyone sees the same list; only calls without a token are served from the cache.
  app.get('/api/gallery', async (req) => listGallery(ctx, { anonymous: !req.headers.authorization }));

  // Multipart: image (the file), title, description, category, in any order.
  app.post('/api/gallery', { preHandler: g.requireUser }, async (req, reply) => {
    const form = await readUploadForm(req, GALLERY_MAX_BYTES);
    if (!form.file) throw badRequest(NO_FILE);
    const meta = parseOrThrow(galleryMetaSchema, form.fields);
    return reply.code(201).send(await addImage(ctx, meta, form.file));
  });

  app.post('/api/gallery/instagram', { preHandler: g.requireUser }, async (req, reply) => {
    const input = parseOrThrow(galleryInstagramSchema, req.body);
    return reply.code(201).send(await addInstagramItem(ctx, input));
  });

  app.put('/api/gallery/:id', { preHandler: g.requireUser }, async (req) => {
    const { id } = parseOrThrow(idParamSchema, req.params);
    const meta = parseOrThrow(galleryMetaSchema, req.body);
    return updateGalleryItem(ctx, id, meta);
  });

  app.delete('/api/gallery/:id', { preHandler: g.requireUser }, async (req, reply) => {
    const { id } = parseOrThrow(idParamSchema, req.params);
    await deleteGalleryItem(ctx, id);
    return reply.code(204).send();
  });
}
