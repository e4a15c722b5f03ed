import { CATEGORY_SLUG_TAKEN } from '../../shared/messages';
import type { BlogCategoryInput } from '../../shared/schemas/blog';
import type { AppContext } from '../context';
import { isUniqueViolation, nowIso } from '../db/database';
import { conflict, notFound } from '../errors';
import * as repo from './categories.repository';
import { STALE_EDIT } from '../../shared/messages';
import type { CategoryWithCount } from './categories.repository';

export { CATEGORY_SLUG_TAKEN };
export const CATEGORY_NOT_FOUND = 'Catégorie introuvable';

export const categoryInUse = (n: number) =>
  n === 1
    ? "Impossible de supprimer cette catégorie : 1 article l'utilise encore. Changez d'abord la catégorie de cet article."
    : `Impossible de supprimer cette catégorie : ${n} articles l'utilisent encore. Changez d'abord la catégorie de ces articles.`;

function invalidate(ctx: AppContext) {
  // Also makes the posts stale (they embed their category): see STALES in lib/public-cache.ts.
  ctx.publicCache.invalidate('categories');
}

/** Anonymous readers count published posts only (and share a cached answer); staff count drafts too. */
export async function listCategories(ctx: AppContext, opts: { signedIn: boolean }): Promise<CategoryWithCount[]> {
  if (opts.signedIn) return repo.listCategories(ctx.db, { publishedOnly: false });
  const key = 'categories:public';
  const cached = ctx.publicCache.get<CategoryWithCount[]>(key);
  if (cached) return cached;
  const list = await repo.listCategories(ctx.db, { publishedOnly: true });
  ctx.publicCache.set(key, list);
  return list;
}

export async function createCategory(ctx: AppContext, input: BlogCategoryInput): Promise<CategoryWithCount> {
  try {
    const id = await repo.insertCategory(ctx.db, { name: input.name, slug: input.slug, description: input.description, created_at: nowIso() });
    invalidate(ctx);
    const row = await repo.findCategoryById(ctx.db, id);
    if (!row) throw notFound(CATEGORY_NOT_FOUND);
    return row;
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(CATEGORY_SLUG_TAKEN, 'slug_taken');
    throw err;
  }
}

export async function updateCategory(ctx: AppContext, id: number, input: BlogCategoryInput): Promise<CategoryWithCount> {
  try {
    const ok = await repo.updateCategory(ctx.db, id, { name: input.name, slug: input.slug, description: input.description }, input.version);
    if (!ok) throw (await repo.categoryExists(ctx.db, id)) ? conflict(STALE_EDIT.category, 'stale_version') : notFound(CATEGORY_NOT_FOUND);
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(CATEGORY_SLUG_TAKEN, 'slug_taken');
    throw err;
  }
  invalidate(ctx);
  const row = await repo.findCategoryById(ctx.db, id);
  if (!row) throw notFound(CATEGORY_NOT_FOUND);
  return row;
}

/** Posts must keep a category: a category still in use is refused with how many use it. */
export async function deleteCategory(ctx: AppContext, id: number): Promise<void> {
  if (await repo.deleteUnusedCategory(ctx.db, id)) {
    invalidate(ctx);
    return;
  }
  const used = await repo.countPostsInCategory(ctx.db, id);
  if (used > 0) throw conflict(categoryInUse(used));
  throw notFound(CATEGORY_NOT_FOUND);
}
