import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { blogCategoryDtoSchema } from '../../shared/api-types';
import { blogCategorySchema } from '../../shared/schemas/blog';
import { idParamSchema } from '../../shared/schemas/common';
import type { AppContext } from '../context';
import { errorResponses, noContentSchema } from '../http/responses';
import { presentCategory } from './categories.presenter';
import { createCategory, deleteCategory, listCategories, updateCategory } from './categories.service';

const TAGS = ['Blog categories'];

export function categoriesRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Public; a signed-in caller's postCount includes drafts (the delete warning needs it).
  r.get('/api/blog-categories', {
    config: { access: 'public' },
    schema: { tags: TAGS, summary: 'List categories with their post counts (drafts counted for staff)', response: { 200: blogCategoryDtoSchema.array() } },
    handler: async (req) => (await listCategories(ctx, { signedIn: req.user != null })).map(presentCategory),
  });

  r.post('/api/blog-categories', {
    config: { access: 'user' },
    schema: { tags: TAGS, summary: 'Create a category', body: blogCategorySchema, response: { 201: blogCategoryDtoSchema, ...errorResponses(400, 401, 409) } },
    handler: async (req, reply) => reply.code(201).send(presentCategory(await createCategory(ctx, req.body))),
  });

  r.put('/api/blog-categories/:id', {
    config: { access: 'user' },
    schema: {
      tags: TAGS,
      summary: 'Edit a category',
      params: idParamSchema,
      body: blogCategorySchema,
      response: { 200: blogCategoryDtoSchema, ...errorResponses(400, 401, 404, 409) },
    },
    handler: async (req) => presentCategory(await updateCategory(ctx, req.params.id, req.body)),
  });

  r.delete('/api/blog-categories/:id', {
    config: { access: 'user' },
    schema: {
      tags: TAGS,
      summary: 'Delete a category no post uses',
      params: idParamSchema,
      response: { 204: noContentSchema, ...errorResponses(400, 401, 404, 409) },
    },
    handler: async (req, reply) => {
      await deleteCategory(ctx, req.params.id);
      return reply.code(204).send(null);
    },
  });
}
