import type { Db } from '../db/database';
import { fromBool } from '../db/database';
import type { BlogPostsTable } from '../db/schema';
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
  publishedOnly?: boolean;
  draftsOnly?: boolean;
  categorySlug?: string;
  limit?: number;
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
  if (filter.publishedOnly) q = q.where('p.published', '=', fromBool(true));
  else if (filter.draftsOnly) q = q.where('p.published', '=', fromBool(false));
  if (filter.categorySlug !== undefined) q = q.where('c.slug', '=', filter.categorySlug);
  // Readers see the newest publication first; the back office sees the newest written first.
  q = filter.publishedOnly ? q.orderBy('p.published_at', 'desc').orderBy('p.id', 'desc') : q.orderBy('p.created_at', 'desc').orderBy('p.id', 'desc');
  if (filter.limit !== undefined) q = q.limit(filter.limit);
  return q.execute();
}

export const findPostById = (db: Db, id: number): Promise<BlogPostWithRelations | undefined> => withRelations(db).where('p.id', '=', id).executeTakeFirst();

export const findPostBySlug = (db: Db, slug: string): Promise<BlogPostWithRelations | undefined> =>
  withRelations(db).where('p.slug', '=', slug).executeTakeFirst();

export async function insertPost(db: Db, post: NewBlogPost): Promise<number> {
  const row = await db.insertInto('blog_posts').values(post).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updatePost(db: Db, id: number, patch: BlogPostUpdate): Promise<boolean> {
  const r = await db.updateTable('blog_posts').set(patch).where('id', '=', id).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function deletePost(db: Db, id: number): Promise<boolean> {
  const r = await db.deleteFrom('blog_posts').where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

export async function countPosts(db: Db): Promise<number> {
  const r = await db
    .selectFrom('blog_posts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}
