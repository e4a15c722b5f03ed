import { queryOptions } from '@tanstack/react-query';
import { BLOG_TEASER_COUNT } from '../../../shared/constants';
import { ApiError, apiGet, type GetJson } from '../../lib/api-client';
import type { BlogCategory, BlogPost } from '../../lib/types';
import type { Language } from '../../../shared/i18n/languages';

// A language's blog lists its own posts, or the English ones while it has none (the server
// decides: GET /api/blog-posts?language=). Published posts are fetched once per language and
// shared by the list (6 a page); the key carries the language, as the URL does.
export const publishedPostsQuery = (language: Language, get: GetJson = apiGet) =>
  queryOptions({
    queryKey: ['blog-posts', 'published', language],
    queryFn: () => get<BlogPost[]>(`/api/blog-posts?published=true&language=${language}`),
  });

/** The landing teaser needs only the first 3: a smaller page and hand-over than the whole list. */
export const teaserPostsQuery = (language: Language, get: GetJson = apiGet) =>
  queryOptions({
    queryKey: ['blog-posts', 'published', language, 'teaser'],
    queryFn: () => get<BlogPost[]>(`/api/blog-posts?published=true&language=${language}&limit=${BLOG_TEASER_COUNT}`),
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
