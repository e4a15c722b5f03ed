import type { FastifyInstance } from 'fastify';
import { blogPostListQuerySchema, blogPostSchema } from '../../shared/schemas/blog';
import { idParamSchema } from '../../shared/schemas/common';
import type { Guards } from '../auth/guards';
import type { AppContext } from '../context';
import { parseOrThrow } from '../lib/validation';
import { createPost, deletePost, getPostById, getPostBySlug, listPosts, updatePost } from './blog.service';

export async function blogRoutes(app: FastifyInstance, ctx: AppContext, g: Guards) {
  // Anonymous callers get published posts only, whatever the query; staff get drafts too
  // unless they ask for ?published=true.
  app.get('/api/blog-posts', { preHandler: g.optionalUser }, async (req) => {
    const q = parseOrThrow(blogPostListQuerySchema, req.query);
    return listPosts(ctx, { signedIn: req.user != null, published: q.published, category: q.category, limit: q.limit });
  });

  // Editor load. The router matches the static 'id' segment before trying /:slug.
  app.get('/api/blog-posts/id/:id', { preHandler: g.requireUser }, async (req) => {
    const { id } = parseOrThrow(idParamSchema, req.params);
    return getPostById(ctx, id);
  });

  app.get('/api/blog-posts/:slug', { preHandler: g.optionalUser }, async (req) => {
    const { slug } = req.params as { slug: string };
    return getPostBySlug(ctx, String(slug), req.user != null);
  });

  app.post('/api/blog-posts', { preHandler: g.requireUser }, async (req, reply) => {
    const input = parseOrThrow(blogPostSchema, req.body);
    return reply.code(201).send(await createPost(ctx, req.user!, input));
  });

  app.put('/api/blog-posts/:id', { preHandler: g.requireUser }, async (req) => {
    const { id } = parseOrThrow(idParamSchema, req.params);
    const input = parseOrThrow(blogPostSchema, req.body);
    return updatePost(ctx, id, input);
  });

  app.delete('/api/blog-posts/:id', { preHandler: g.requireUser }, async (req, reply) => {
    const { id } = parseOrThrow(idParamSchema, req.params);
    await deletePost(ctx, id);
    return reply.code(204).send();
  });
}
