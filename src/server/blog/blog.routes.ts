import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { blogPostDtoSchema, blogPostPageDtoSchema } from '../../shared/api-types';
import { blogPostPagingQuerySchema, isListQuery } from '../../shared/schemas/lists';
import { blogPostListQuerySchema, blogPostSchema } from '../../shared/schemas/blog';
import { idParamSchema } from '../../shared/schemas/common';
import type { AppContext } from '../context';
import { signedIn } from '../http/access';
import { errorResponses, noContentSchema } from '../http/responses';
import { presentPost } from './blog.presenter';
import { createPost, deletePost, getPostById, getPostBySlug, listPosts, searchPosts, updatePost } from './blog.service';

const TAGS = ['Blog'];
const PAGING_KEYS = Object.keys(blogPostPagingQuerySchema.shape);

// Any text: a slug that cannot exist is simply not found (404), as an unknown one is.
const slugParamSchema = z.object({ slug: z.string().describe("The post's slug") });

export function blogRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Anonymous callers get published posts only, whatever the query; staff get drafts too
  // unless they ask for ?published=true.
  r.get('/api/blog-posts', {
    config: { access: 'public' },
    schema: {
      tags: TAGS,
      summary:
        'List posts (published only without a token; drafts too for staff; staff may search and page with q, page, pageSize; language: that language, or English while it has none)',
      querystring: blogPostListQuerySchema,
      response: { 200: z.union([blogPostPageDtoSchema, blogPostDtoSchema.array()]), ...errorResponses(400) },
    },
    handler: async (req) => {
      const q = req.query;
      // Paging is the back office's: readers always get the array (the answer cache keys ignore q and page).
      if (req.user != null && isListQuery(q, PAGING_KEYS)) {
        const { rows, ...page } = await searchPosts(ctx, q);
        return { items: rows.map(presentPost), ...page };
      }
      const rows = await listPosts(ctx, { signedIn: req.user != null, published: q.published, category: q.category, limit: q.limit, language: q.language });
      return rows.map(presentPost);
    },
  });

  // Editor load. The router matches the static 'id' segment before trying /:slug.
  r.get('/api/blog-posts/id/:id', {
    config: { access: 'user' },
    schema: { tags: TAGS, summary: 'A post by id (the editor)', params: idParamSchema, response: { 200: blogPostDtoSchema, ...errorResponses(400, 401, 404) } },
    handler: async (req) => presentPost(await getPostById(ctx, req.params.id)),
  });

  r.get('/api/blog-posts/:slug', {
    config: { access: 'public' },
    schema: {
      tags: TAGS,
      summary: 'A post by slug (drafts for staff only)',
      params: slugParamSchema,
      response: { 200: blogPostDtoSchema, ...errorResponses(404) },
    },
    handler: async (req) => presentPost(await getPostBySlug(ctx, req.params.slug, req.user != null)),
  });

  r.post('/api/blog-posts', {
    config: { access: 'user' },
    schema: { tags: TAGS, summary: 'Write a post', body: blogPostSchema, response: { 201: blogPostDtoSchema, ...errorResponses(400, 401, 409) } },
    handler: async (req, reply) => reply.code(201).send(presentPost(await createPost(ctx, signedIn(req).user, req.body))),
  });

  r.put('/api/blog-posts/:id', {
    config: { access: 'user' },
    schema: {
      tags: TAGS,
      summary: 'Edit a post',
      params: idParamSchema,
      body: blogPostSchema,
      response: { 200: blogPostDtoSchema, ...errorResponses(400, 401, 404, 409) },
    },
    handler: async (req) => presentPost(await updatePost(ctx, req.params.id, req.body)),
  });

  r.delete('/api/blog-posts/:id', {
    config: { access: 'user' },
    schema: { tags: TAGS, summary: 'Delete a post', params: idParamSchema, response: { 204: noContentSchema, ...errorResponses(400, 401, 404) } },
    handler: async (req, reply) => {
      await deletePost(ctx, req.params.id);
      return reply.code(204).send(null);
    },
  });
}
