import type { CategoryWithCount } from './categories.repository';
import type { BlogCategoryDto } from '../../shared/api-types';
export type { BlogCategoryDto };

export const presentCategory = (c: CategoryWithCount): BlogCategoryDto => ({
  id: c.id,
  name: c.name,
  slug: c.slug,
  description: c.description,
  createdAt: c.created_at,
  version: c.version,
  postCount: c.post_count,
});
