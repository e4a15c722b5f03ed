import type { AppContext } from '../context';
import { fromBool } from '../db/database';
import { insertCategory } from '../categories/categories.repository';
import { DEMO_CATEGORIES, DEMO_POSTS } from './blog.demo-content';
import { countPosts, insertPost } from './blog.repository';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Demo blog for a first start: 3 categories, 8 published posts and 1 draft. Does nothing when
 * posts already exist, so it can never duplicate content. Not counted in the statistics
 * (nobody wrote these posts today).
 */
export async function seedDemoBlog(ctx: AppContext, authorId: number): Promise<void> {
  if ((await countPosts(ctx.db)) > 0) return;
  const seededAt = Date.now();
  await ctx.db.transaction().execute(async (trx) => {
    const categoryIds = new Map<string, number>();
    for (const c of DEMO_CATEGORIES) {
      // A category with the same slug may already exist (made by hand): reuse it.
      const existing = await trx.selectFrom('blog_categories').select('id').where('slug', '=', c.slug).executeTakeFirst();
      const id =
        existing?.id ??
        (await insertCategory(trx, { name: c.name, slug: c.slug, description: c.description, created_at: new Date(seededAt - 90 * DAY_MS).toISOString() }));
      categoryIds.set(c.slug, id);
    }
    for (const p of DEMO_POSTS) {
      const published = p.publishedDaysAgo !== null;
      // Written a day before publication; the draft was started yesterday.
      const publishedAt = published ? new Date(seededAt - p.publishedDaysAgo! * DAY_MS).toISOString() : null;
      const createdAt = new Date(seededAt - ((p.publishedDaysAgo ?? 0) + 1) * DAY_MS).toISOString();
      await insertPost(trx, {
        slug: p.slug,
        title: p.title,
        content: p.content,
        excerpt: p.excerpt,
        featured_image: null,
        meta_title: p.title,
        meta_description: p.metaDescription,
        category_id: categoryIds.get(p.categorySlug)!,
        author_id: authorId,
        published: fromBool(published),
        published_at: publishedAt,
        created_at: createdAt,
        updated_at: publishedAt ?? createdAt,
      });
    }
  });
  ctx.publicCache.invalidate('blog');
  ctx.publicCache.invalidate('categories');
}
