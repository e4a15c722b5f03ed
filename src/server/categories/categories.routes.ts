import type { FastifyInstance } from 'fastify';
import { blogCategorySchema } from '../../shared/schemas/blog';
import { idParamSchema } from '../../shared/schemas/common';
import type { Guards } from '../auth/guards';
import type { AppContext } from '../context';
import { parseOrThrow } from '../lib/validation';
import { createCategory, deleteCategory, listCategories, updateCategory } from './categories.service';

export async function categoriesRoutes(app: FastifyInstance, ctx: AppContext, g: Guards) {
  // Public; a signed-in caller's postCount includes drafts (the delete warning needs it).
  app.get('/api/blog-categories', { preHandler: g.optionalUser }, async (req) => listCategories(ctx, { signedIn: req.user != null }));

  app.post('/api/blog-categories', { preHandler: g.requireUser }, async (req, reply) => {
    const input = parseOrThrow(blogCategorySchema, req.body);
    return reply.code(201).send(await createCategory(ctx, input));
  });

  app.put('/api/blog-categories/:id', { preHandler: g.requireUser }, async (req) => {
    const { id } = parseOrThrow(idParamSchema, req.params);
    const input = parseOrThrow(blogCategorySchema, req.body);
    return updateCategory(ctx, id, input);
  });

  app.delete('/api/blog-categories/:id', { preHandler: g.requireUser }, async (req, reply) => {
    const { id } = parseOrThrow(idParamSchema, req.params);
    await deleteCategory(ctx, id);
    return reply.code(204).send();
  });
}
