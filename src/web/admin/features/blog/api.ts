import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { blogPostSchema } from '../../../../shared/schemas/blog';
import type { BlogPostPageDto } from '../../../../shared/api-types';
import { apiRequest } from '../../../lib/api-client';
import { usePagedList } from '../../lib/list-state';
import type { BlogPost } from '../../lib/types';

export const BLOG_POSTS_KEY = ['/api/blog-posts'] as const;
export type BlogPostPayload = z.output<typeof blogPostSchema>;

/** The API's post already names its category. */
export type BlogPostWithCategory = BlogPost;

/** A page of posts, drafts included (the token shows them), searched in title, slug and excerpt. */
export const useBlogPostPage = (query: string) => usePagedList<BlogPostPageDto>('/api/blog-posts', query);

export const useBlogPost = (id: number | null) => useQuery<BlogPostWithCategory>({ queryKey: ['/api/blog-posts/id', id], enabled: id !== null });

function useInvalidateBlog() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: BLOG_POSTS_KEY }),
      qc.invalidateQueries({ queryKey: ['/api/blog-posts/id'] }),
      qc.invalidateQueries({ queryKey: ['/api/blog-categories'] }),
      qc.invalidateQueries({ queryKey: ['/api/dashboard-stats'] }),
    ]);
}

export function useSaveBlogPost() {
  const invalidate = useInvalidateBlog();
  return useMutation({
    mutationFn: ({ id, data }: { id: number | null; data: BlogPostPayload }) =>
      id === null ? apiRequest<BlogPost>('POST', '/api/blog-posts', data) : apiRequest<BlogPost>('PUT', `/api/blog-posts/${id}`, data),
    onSuccess: invalidate,
  });
}

export function useDeleteBlogPost() {
  const invalidate = useInvalidateBlog();
  return useMutation({
    mutationFn: (id: number) => apiRequest('DELETE', `/api/blog-posts/${id}`),
    onSettled: invalidate,
  });
}

/**
 * POST /api/campaigns/from-post/{postId}: a newsletter campaign drafted from a published post
 * (its title and text per language, a link to it); the answer is the new campaign.
 */
export function useCampaignFromPost() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (postId: number) => apiRequest<{ id: number }>('POST', `/api/campaigns/from-post/${postId}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['/api/campaigns'] }),
  });
}

/** A scheduled post: published, its publication instant still to come (the server shows it from then). */
export const isScheduled = (p: Pick<BlogPost, 'published' | 'publishedAt'>, now = Date.now()): boolean =>
  p.published && p.publishedAt != null && Date.parse(p.publishedAt) > now;
