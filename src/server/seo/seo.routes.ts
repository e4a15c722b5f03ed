import type { FastifyInstance } from 'fastify';
import { blogPostDtoSchema } from '../../shared/api-types';
import type { AppContext } from '../context';
import { currentSiteSettings } from '../site-settings/site-settings.service';
import { robotsTxt, rssXml, sitemapXml } from './feeds';
import type { SeoPost } from './json-ld';
import { DEFAULT_LANGUAGE, type Language } from '../../shared/i18n/languages';

/**
 * Published posts, newest first, read through the public API (same rules and cache); with a
 * language, the ones that language's blog lists.
 */
export async function readPublishedPosts(app: FastifyInstance, language?: Language): Promise<SeoPost[]> {
  const url = `/api/blog-posts?published=true${language ? `&language=${language}` : ''}`;
  const res = await app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
  if (res.statusCode !== 200) throw new Error(`blog posts unavailable (${res.statusCode})`);
  const posts: SeoPost[] = blogPostDtoSchema.array().parse(JSON.parse(res.body));
  const when = (p: SeoPost) => Date.parse(p.publishedAt ?? p.createdAt) || 0;
  return [...posts].sort((a, b) => when(b) - when(a));
}

export async function seoRoutes(app: FastifyInstance, ctx: AppContext) {
  const publicUrl = ctx.config.publicUrl;
  // Feeds change when posts do; a short shared cache is enough for crawlers.
  const cacheControl = 'public, max-age=300';

  app.get('/robots.txt', async (_req, reply) =>
    reply.header('Cache-Control', 'public, max-age=3600').type('text/plain; charset=utf-8').send(robotsTxt(publicUrl)),
  );

  app.get('/sitemap.xml', async (_req, reply) => {
    const posts = await readPublishedPosts(app);
    return reply.header('Cache-Control', cacheControl).type('application/xml; charset=utf-8').send(sitemapXml(publicUrl, posts));
  });

  app.get('/blog/rss.xml', async (_req, reply) => {
    // The English blog's feed (its channel says en-us, its links are the English pages): the
    // posts /blog lists. The sitemap above keeps every post.
    const [posts, site] = await Promise.all([readPublishedPosts(app, DEFAULT_LANGUAGE), currentSiteSettings(ctx)]);
    return reply
      .header('Cache-Control', cacheControl)
      .type('application/rss+xml; charset=utf-8')
      .send(rssXml(publicUrl, posts, site.name));
  });
}
