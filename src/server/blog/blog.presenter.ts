import { toBool } from '../db/database';
import type { BlogPostWithRelations } from './blog.repository';
import type { BlogPostDto } from '../../shared/api-types';
export type { BlogPostDto };

export const presentPost = (p: BlogPostWithRelations): BlogPostDto => ({
  id: p.id,
  slug: p.slug,
  title: p.title,
  content: p.content,
  excerpt: p.excerpt,
  featuredImage: p.featured_image,
  metaTitle: p.meta_title,
  metaDescription: p.meta_description,
  categoryId: p.category_id,
  authorId: p.author_id,
  published: toBool(p.published),
  publishedAt: p.published_at,
  createdAt: p.created_at,
  updatedAt: p.updated_at,
  featuredImageAlt: p.featured_image_alt,
  version: p.version,
  language: p.language,
  category:
    p.category_id != null && p.category_name != null && p.category_slug != null ? { id: p.category_id, name: p.category_name, slug: p.category_slug } : null,
  author: p.author_id != null && p.author_name != null ? { id: p.author_id, name: p.author_name } : null,
});
