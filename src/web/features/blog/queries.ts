import { queryOptions } from '@tanstack/react-query';
import { BLOG_TEASER_COUNT } from '../../../shared/constants';
import { ApiError, apiGet, type GetJson } from '../../lib/api-client';
import type { BlogCategory, BlogPost } from '../../lib/types';

// Published posts are fetched once and shared by the teaser (first 3) and the list (6 a page).
export const publishedPostsQuery = (get: GetJson = apiGet) =>
  queryOptions({
    queryKey: ['blog-posts', 'published'],
    queryFn: () => get<BlogPost[]>('/api/blog-posts?published=true'),
  });

/** The landing teaser needs only the first 3: a smaller page and hand-over than the whole list. */
export const teaserPostsQuery = (get: GetJson = apiGet) =>
  queryOptions({
    queryKey: ['blog-posts', 'published', 'teaser'],
    queryFn: () => get<BlogPost[]>(`/api/blog-posts?published=true&limit=${BLOG_TEASER_COUNT}`),
  });

export const categoriesQuery = (get: GetJson = apiGet) =>
  queryOptions({
    queryKey: ['blog-categories'],
    queryFn: () => get<BlogCategory[]>('/api/blog-categories'),
  });

/** One post by slug; a 404 is data (null), so the not-found state survives hydration. */
export const postQuery = (slug: string, get: GetJson = apiGet) =>
  queryOptions({
    queryKey: ['blog-post', slug],
    queryFn: async () => {
      try {
        return await get<BlogPost>(`/api/blog-posts/${encodeURIComponent(slug)}`);
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return null;
        throw err;
      }
    },
  });
