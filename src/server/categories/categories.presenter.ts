import type { CategoryWithCount } from './categories.repository';

export interface BlogCategoryDto {
  id: number;
  name: string;
  slug: string;
  description: string | null;
  createdAt: string;
  postCount: number;
}

export const presentCategory = (c: CategoryWithCount): BlogCategoryDto => ({
  id: c.id,
  name: c.name,
  slug: c.slug,
  description: c.description,
  createdAt: c.created_at,
  postCount: c.post_count,
});
