import { SLUG_PATTERN, LIMITS } from '../../shared/schemas/common';
import type { BlogPostInput } from '../../shared/schemas/blog';
import { pageOf } from '../../shared/schemas/lists';
import { findCategoryById } from '../categories/categories.repository';
import type { AppContext } from '../context';
import { fromBool, isForeignKeyViolation, isUniqueViolation, nowIso, toBool } from '../db/database';
import type { UserRow } from '../db/schema';
import { badRequest, conflict, notFound } from '../errors';
import * as repo from './blog.repository';
import type { BlogPostWithRelations } from './blog.repository';
import { DEFAULT_LANGUAGE, type Language } from '../../shared/i18n/languages';
import { ARTICLE_NOT_FOUND, CATEGORY_REQUIRED, POST_SLUG_TAKEN, STALE_EDIT } from '../../shared/messages';
import { textSearch } from '../db/search';

export { POST_SLUG_TAKEN };
/** Public wording: the reader's page says the same (ARTICLE_NOT_FOUND, shared/messages.ts). */
export { ARTICLE_NOT_FOUND, CATEGORY_REQUIRED };
/** Back-office wording (the editor shows the server's text in French). */
export const POST_NOT_FOUND = 'Article introuvable';

/** Public: published, and its publication instant reached (a scheduled post waits for it). */
export const isLive = (row: Pick<BlogPostWithRelations, 'published' | 'published_at'>, now: string): boolean =>
  toBool(row.published) && row.published_at != null && row.published_at <= now;

/**
 * The instant a published post goes public. `publishAt` (ISO with a zone) sets it, a future one
 * schedules the post; null means now (a live post keeps its date); absent (SPEC.md's payload) keeps
 * the date of a post that stays published, else now.
 */
function publicationInstant(input: BlogPostInput, current: string | null, now: string): string | null {
  if (!input.published) return null;
  if (input.publishAt) return new Date(input.publishAt).toISOString();
  if (input.publishAt === null) return current != null && current <= now ? current : now;
  return current ?? now;
}

export interface ListPostsOptions {
  /** Signed-in callers may see drafts; anonymous callers never do. */
  signedIn: boolean;
  published?: 'true' | 'false';
  category?: string;
  limit?: number;
  /** A language's blog: its posts, or the English ones while it has no live post. */
  language?: Language;
}

// Also makes the categories stale (their public postCount): see STALES in lib/public-cache.ts.
function invalidate(ctx: AppContext) {
  ctx.publicCache.invalidate('blog');
  void ctx.blogSchedule?.rearm();
}

/**
 * The language whose posts a language's blog lists: its own while it has a live post, else
 * English. Decided on the language as a whole, never per category or page: a Russian blog with
 * posts shows an empty category as empty, not filled with English posts.
 */
async function listedLanguage(ctx: AppContext, language: Language | undefined): Promise<Language | undefined> {
  if (language === undefined || language === DEFAULT_LANGUAGE) return language;
  return (await repo.hasLivePost(ctx.db, language)) ? language : DEFAULT_LANGUAGE;
}

export async function listPosts(ctx: AppContext, opts: ListPostsOptions): Promise<BlogPostWithRelations[]> {
  const category = opts.category ? opts.category : undefined;
  if (opts.signedIn) {
    const rows = await repo.listPosts(ctx.db, {
      publishedOnly: opts.published === 'true',
      draftsOnly: opts.published === 'false',
      categorySlug: category,
      limit: opts.limit,
      language: await listedLanguage(ctx, opts.language),
    });
    return rows;
  }
  // Anonymous: published posts only whatever the query, so one cache entry per category/limit/language.
  const key = `blog:list:${category ?? ''}:${opts.limit ?? ''}:${opts.language ?? ''}`;
  const cached = ctx.publicCache.get<BlogPostWithRelations[]>(key);
  if (cached) return cached;
  const language = await listedLanguage(ctx, opts.language);
  const list = await repo.listPosts(ctx.db, { publishedOnly: true, categorySlug: category, limit: opts.limit, language });
  // An unknown category gives an empty list; not caching those keeps random slugs from evicting real entries.
  if (!category || list.length > 0) ctx.publicCache.set(key, list);
  return list;
}

/** The back office's paged search (staff only: anonymous readers get the cached array). */
export async function searchPosts(
  ctx: AppContext,
  q: { published?: 'true' | 'false'; category?: string; language?: Language; q?: string; page?: number; pageSize?: number },
) {
  const { page, pageSize, offset } = pageOf(q);
  const { rows, total } = await repo.searchPosts(
    ctx.db,
    {
      publishedOnly: q.published === 'true',
      draftsOnly: q.published === 'false',
      categorySlug: q.category || undefined,
      // The back office's filter: that language's posts, no English in their place.
      language: q.language,
      like: q.q ? textSearch(ctx.dialect, q.q) : undefined,
    },
    pageSize,
    offset,
  );
  return { rows, total, page, pageSize };
}

/** For the server-rendered pages, sitemap and feed. */
export const listPublishedPosts = (ctx: AppContext): Promise<BlogPostWithRelations[]> => listPosts(ctx, { signedIn: false });

/** A published post by slug, or null (drafts and unknown slugs alike). */
export async function getPublishedPostBySlug(ctx: AppContext, slug: string): Promise<BlogPostWithRelations | null> {
  if (slug.length > LIMITS.slug || !SLUG_PATTERN.test(slug)) return null;
  const key = `blog:slug:${slug}`;
  const cached = ctx.publicCache.get<BlogPostWithRelations>(key);
  if (cached) return cached;
  const row = await repo.findPostBySlug(ctx.db, slug);
  if (!row || !isLive(row, nowIso())) return null;
  ctx.publicCache.set(key, row);
  return row;
}

/** GET /api/blog-posts/{slug}: staff may open drafts; anonymous readers get 404 for them. */
export async function getPostBySlug(ctx: AppContext, slug: string, signedIn: boolean): Promise<BlogPostWithRelations> {
  if (!signedIn) {
    const post = await getPublishedPostBySlug(ctx, slug);
    if (!post) throw notFound(ARTICLE_NOT_FOUND);
    return post;
  }
  const row = slug.length <= LIMITS.slug && SLUG_PATTERN.test(slug) ? await repo.findPostBySlug(ctx.db, slug) : undefined;
  if (!row) throw notFound(ARTICLE_NOT_FOUND);
  return row;
}

export async function getPostById(ctx: AppContext, id: number): Promise<BlogPostWithRelations> {
  const row = await repo.findPostById(ctx.db, id);
  if (!row) throw notFound(POST_NOT_FOUND);
  return row;
}

async function requireCategory(ctx: AppContext, categoryId: number) {
  if (!(await findCategoryById(ctx.db, categoryId))) throw badRequest(CATEGORY_REQUIRED);
}

function mapWriteError(err: unknown): never {
  if (isUniqueViolation(err)) throw conflict(POST_SLUG_TAKEN, 'slug_taken');
  // The category was deleted between our check and the write.
  if (isForeignKeyViolation(err)) throw badRequest(CATEGORY_REQUIRED);
  throw err;
}

export async function createPost(ctx: AppContext, author: Pick<UserRow, 'id'>, input: BlogPostInput): Promise<BlogPostWithRelations> {
  await requireCategory(ctx, input.categoryId);
  const now = nowIso();
  let id: number;
  try {
    id = await repo.insertPost(ctx.db, {
      slug: input.slug,
      title: input.title,
      content: input.content,
      excerpt: input.excerpt,
      featured_image: input.featuredImage,
      meta_title: input.metaTitle,
      meta_description: input.metaDescription,
      category_id: input.categoryId,
      author_id: author.id,
      language: input.language ?? DEFAULT_LANGUAGE,
      featured_image_alt: input.featuredImage ? input.featuredImageAlt : null,
      published: fromBool(input.published),
      published_at: publicationInstant(input, null, now),
      created_at: now,
      updated_at: now,
    });
  } catch (err) {
    mapWriteError(err);
  }
  invalidate(ctx);
  await ctx.stats.increment('blog_post_created');
  return getPostById(ctx, id);
}

export async function updatePost(ctx: AppContext, id: number, input: BlogPostInput): Promise<BlogPostWithRelations> {
  const current = await repo.findPostById(ctx.db, id);
  if (!current) throw notFound(POST_NOT_FOUND);
  await requireCategory(ctx, input.categoryId);
  const now = nowIso();
  // The publication date is the moment it went public; it stays while the post stays published.
  const publishedAt = publicationInstant(input, toBool(current.published) ? current.published_at : null, now);
  try {
    const ok = await repo.updatePost(
      ctx.db,
      id,
      {
        slug: input.slug,
        title: input.title,
        content: input.content,
        excerpt: input.excerpt,
        featured_image: input.featuredImage,
        featured_image_alt: input.featuredImage ? input.featuredImageAlt : null,
        meta_title: input.metaTitle,
        meta_description: input.metaDescription,
        category_id: input.categoryId,
        // Absent (an older client): the post keeps its language.
        language: input.language ?? current.language,
        published: fromBool(input.published),
        published_at: publishedAt,
        updated_at: now,
      },
      input.version,
    );
    // No row: deleted meanwhile (404), or saved by someone else since this editor loaded it (409).
    if (!ok) throw (await repo.findPostById(ctx.db, id)) ? conflict(STALE_EDIT.post, 'stale_version') : notFound(POST_NOT_FOUND);
  } catch (err) {
    mapWriteError(err);
  }
  invalidate(ctx);
  return getPostById(ctx, id);
}

export async function deletePost(ctx: AppContext, id: number): Promise<void> {
  if (!(await repo.deletePost(ctx.db, id))) throw notFound(POST_NOT_FOUND);
  invalidate(ctx);
}
