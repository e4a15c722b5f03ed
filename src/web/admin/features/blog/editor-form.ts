import { z } from 'zod';
import { instantToZoned, zonedToInstant } from '../../../../shared/gym-time';
import { DEFAULT_LANGUAGE } from '../../../../shared/i18n/languages';
import { blogPostSchema } from '../../../../shared/schemas/blog';
import { gymTimeZone } from '../../../lib/gym-zone';
import type { BlogPost } from '../../lib/types';
import { isScheduled, type BlogPostPayload } from './api';

// The payload's fields, the publication instant as a gym-time wall clock ('YYYY-MM-DDTHH:mm', a
// datetime-local value) instead of an instant, and no version (the editor holds it).
export const editorSchema = blogPostSchema.omit({ publishAt: true, version: true }).extend({
  scheduleAt: z
    .string()
    .optional()
    .refine((v) => !v || /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(v), 'La date de publication est invalide'),
});
export type PostFormIn = z.input<typeof editorSchema>;
export type PostFormOut = z.output<typeof editorSchema>;

export const EMPTY_POST: PostFormIn = {
  title: '',
  slug: '',
  content: '',
  excerpt: '',
  featuredImage: '',
  metaTitle: '',
  metaDescription: '',
  categoryId: undefined,
  published: false,
  featuredImageAlt: '',
  // A new post is English (the default blog) until the author picks another language.
  language: DEFAULT_LANGUAGE,
  scheduleAt: '',
};

export function toForm(post: BlogPost): PostFormIn {
  const scheduled = isScheduled(post);
  const at = scheduled && post.publishedAt ? instantToZoned(post.publishedAt, gymTimeZone()) : null;
  return {
    title: post.title,
    slug: post.slug,
    content: post.content,
    excerpt: post.excerpt ?? '',
    featuredImage: post.featuredImage ?? '',
    featuredImageAlt: post.featuredImageAlt ?? '',
    metaTitle: post.metaTitle ?? '',
    metaDescription: post.metaDescription ?? '',
    categoryId: post.categoryId ?? undefined,
    language: post.language,
    // A scheduled post shows its date, the switch off: "immediately" would publish it now.
    published: post.published && !scheduled,
    scheduleAt: at ? `${at.date}T${at.time}` : '',
  };
}

/** The switch publishes now (a live post keeps its date); a date alone schedules; neither: draft. */
export function toPayload({ scheduleAt, ...data }: PostFormOut, version: number | null): BlogPostPayload {
  if (data.published) return { ...data, publishAt: null, version: version ?? undefined };
  if (scheduleAt) {
    const [date, time] = scheduleAt.split('T');
    return { ...data, published: true, publishAt: zonedToInstant(date, time, gymTimeZone()).toISOString(), version: version ?? undefined };
  }
  return { ...data, version: version ?? undefined };
}

export const sameValues = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
