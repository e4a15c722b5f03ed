import type { Db } from '../db/database';
import { fromBool, nowIso } from '../db/database';
import { anyColumnLike, type TextSearch } from '../db/search';
import type { BlogPostsTable } from '../db/schema';
import type { Language } from '../../shared/i18n/languages';
import type { Insertable, Selectable, Updateable } from 'kysely';

export type NewBlogPost = Insertable<BlogPostsTable>;
export type BlogPostUpdate = Updateable<BlogPostsTable>;

/** A post with its category and author names, as one query returns it. */
export type BlogPostWithRelations = Selectable<BlogPostsTable> & {
  category_name: string | null;
  category_slug: string | null;
  author_name: string | null;
};

export interface PostFilter {
  /** Live posts only: published, and their publication instant reached (scheduled ones wait). */
  publishedOnly?: boolean;
  draftsOnly?: boolean;
  categorySlug?: string;
  limit?: number;
  /** That language's posts only. */
  language?: Language;
}

function withRelations(db: Db) {
  return db
    .selectFrom('blog_posts as p')
    .leftJoin('blog_categories as c', 'c.id', 'p.category_id')
    .leftJoin('users as u', 'u.id', 'p.author_id')
    .selectAll('p')
    .select(['c.name as category_name', 'c.slug as category_slug', 'u.name as author_name']);
}

export async function listPosts(db: Db, filter: PostFilter): Promise<BlogPostWithRelations[]> {
  let q = withRelations(db);
  if (filter.publishedOnly) q = q.where('p.published', '=', fromBool(true)).where('p.published_at', '<=', nowIso());
  else if (filter.draftsOnly) q = q.where('p.published', '=', fromBool(false));
  if (filter.categorySlug !== undefined) q = q.where('c.slug', '=', filter.categorySlug);
  if (filter.language !== undefined) q = q.where('p.language', '=', filter.language);
  // Readers see the newest publication first; the back office sees the newest written first.
  q = filter.publishedOnly ? q.orderBy('p.published_at', 'desc').orderBy('p.id', 'desc') : q.orderBy('p.created_at', 'desc').orderBy('p.id', 'desc');
  if (filter.limit !== undefined) q = q.limit(filter.limit);
  return q.execute();
}

/** Whether the language has a live post (published, its publication instant reached). */
export async function hasLivePost(db: Db, language: Language): Promise<boolean> {
  const row = await db
    .selectFrom('blog_posts')
    .select('id')
    .where('language', '=', language)
    .where('published', '=', fromBool(true))
    .where('published_at', '<=', nowIso())
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export const findPostById = (db: Db, id: number): Promise<BlogPostWithRelations | undefined> => withRelations(db).where('p.id', '=', id).executeTakeFirst();

export const findPostBySlug = (db: Db, slug: string): Promise<BlogPostWithRelations | undefined> =>
  withRelations(db).where('p.slug', '=', slug).executeTakeFirst();

export async function insertPost(db: Db, post: NewBlogPost): Promise<number> {
  const row = await db.insertInto('blog_posts').values(post).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Applies an edit and bumps the version; with `expectedVersion` only while the row still has it
 * (compared in the WHERE, so of two saves of one version only one matches). False: no row changed.
 */
export async function updatePost(db: Db, id: number, patch: BlogPostUpdate, expectedVersion?: number): Promise<boolean> {
  let q = db
    .updateTable('blog_posts')
    .set((eb) => ({ ...patch, version: eb('version', '+', 1) }))
    .where('id', '=', id);
  if (expectedVersion !== undefined) q = q.where('version', '=', expectedVersion);
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function deletePost(db: Db, id: number): Promise<boolean> {
  const r = await db.deleteFrom('blog_posts').where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** The earliest publication instant still to come (a scheduled post), or undefined. */
export async function nextScheduledAt(db: Db, after: string): Promise<string | undefined> {
  const r = await db
    .selectFrom('blog_posts')
    .select((eb) => eb.fn.min('published_at').as('at'))
    .where('published', '=', fromBool(true))
    .where('published_at', '>', after)
    .executeTakeFirst();
  return r?.at ?? undefined;
}

export async function countPosts(db: Db): Promise<number> {
  const r = await db
    .selectFrom('blog_posts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** The back office's list: newest written first, searched in title, slug and excerpt, one page and the total. */
export async function searchPosts(
  db: Db,
  filter: PostFilter & { like?: TextSearch },
  limit: number,
  offset: number,
): Promise<{ rows: BlogPostWithRelations[]; total: number }> {
  let rowsQ = withRelations(db);
  let countQ = db
    .selectFrom('blog_posts as p')
    .leftJoin('blog_categories as c', 'c.id', 'p.category_id')
    .select((eb) => eb.fn.countAll<number>().as('n'));
  const cols = ['p.title', 'p.slug', 'p.excerpt'];
  if (filter.like) {
    rowsQ = rowsQ.where(anyColumnLike(cols, filter.like));
    countQ = countQ.where(anyColumnLike(cols, filter.like));
  }
  if (filter.publishedOnly || filter.draftsOnly) {
    rowsQ = rowsQ.where('p.published', '=', fromBool(!!filter.publishedOnly));
    countQ = countQ.where('p.published', '=', fromBool(!!filter.publishedOnly));
  }
  if (filter.categorySlug !== undefined) {
    rowsQ = rowsQ.where('c.slug', '=', filter.categorySlug);
    countQ = countQ.where('c.slug', '=', filter.categorySlug);
  }
  if (filter.language !== undefined) {
    rowsQ = rowsQ.where('p.language', '=', filter.language);
    countQ = countQ.where('p.language', '=', filter.language);
  }
  const [rows, count] = await Promise.all([
    rowsQ.orderBy('p.created_at', 'desc').orderBy('p.id', 'desc').limit(limit).offset(offset).execute(),
    countQ.executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
