import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../db/database';
import { fromBool, nowIso } from '../db/database';
import type { BlogCategoriesTable, BlogCategoryRow } from '../db/schema';

export type NewCategory = Insertable<BlogCategoriesTable>;
export type CategoryUpdate = Updateable<BlogCategoriesTable>;
export type CategoryWithCount = BlogCategoryRow & { post_count: number };

/** Every category with how many posts use it (published ones only when asked). */
export async function listCategories(db: Db, opts: { publishedOnly: boolean }): Promise<CategoryWithCount[]> {
  const rows = await db
    .selectFrom('blog_categories as c')
    .selectAll('c')
    .select((eb) => {
      let sub = eb.selectFrom('blog_posts as p').select(eb.fn.countAll<number>().as('n')).whereRef('p.category_id', '=', 'c.id');
      if (opts.publishedOnly) sub = sub.where('p.published', '=', fromBool(true)).where('p.published_at', '<=', nowIso());
      return sub.as('post_count');
    })
    .orderBy('c.name')
    .orderBy('c.id')
    .execute();
  return rows.map((r) => ({ ...r, post_count: Number(r.post_count ?? 0) }));
}

export async function findCategoryById(db: Db, id: number): Promise<CategoryWithCount | undefined> {
  const row = await db
    .selectFrom('blog_categories as c')
    .selectAll('c')
    .select((eb) => eb.selectFrom('blog_posts as p').select(eb.fn.countAll<number>().as('n')).whereRef('p.category_id', '=', 'c.id').as('post_count'))
    .where('c.id', '=', id)
    .executeTakeFirst();
  return row ? { ...row, post_count: Number(row.post_count ?? 0) } : undefined;
}

export async function insertCategory(db: Db, category: NewCategory): Promise<number> {
  const row = await db.insertInto('blog_categories').values(category).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Applies an edit and bumps the version; with `expectedVersion` only while the row still has it. */
export async function updateCategory(db: Db, id: number, patch: CategoryUpdate, expectedVersion?: number): Promise<boolean> {
  let q = db
    .updateTable('blog_categories')
    .set((eb) => ({ ...patch, version: eb('version', '+', 1) }))
    .where('id', '=', id);
  if (expectedVersion !== undefined) q = q.where('version', '=', expectedVersion);
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function categoryExists(db: Db, id: number): Promise<boolean> {
  return (await db.selectFrom('blog_categories').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/**
 * Deletes the category only while no post uses it, in one statement so a post saved
 * meanwhile cannot lose its category. Returns false when nothing was deleted.
 */
export async function deleteUnusedCategory(db: Db, id: number): Promise<boolean> {
  const r = await db
    .deleteFrom('blog_categories')
    .where('id', '=', id)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('blog_posts').select('blog_posts.id').whereRef('blog_posts.category_id', '=', 'blog_categories.id'))))
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

export async function countPostsInCategory(db: Db, id: number): Promise<number> {
  const r = await db
    .selectFrom('blog_posts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('category_id', '=', id)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}
