import { blogPostPagingQuerySchema } from './lists';
import { z } from 'zod';
import { LIMITS, SLUG_PATTERN, versionField } from './common';
import { CATEGORY_REQUIRED, NAME_REQUIRED_FR } from '../messages';
import { LANGUAGES } from '../i18n/languages';

const optionalText = (max: number) =>
  z
    .string()
    .max(max)
    .nullish()
    .transform((v) => (v == null || v.trim() === '' ? null : v.trim()));

const SLUG_FORMAT = 'Le slug ne peut contenir que des lettres minuscules, des chiffres et des tirets';

// A missing field and an empty one get the same French message (SPEC.md §5).
const slugField = z.string('Le slug est requis').trim().min(1, 'Le slug est requis').max(LIMITS.slug, 'Le slug est trop long').regex(SLUG_PATTERN, SLUG_FORMAT);

// POST /api/blog-posts, PUT /api/blog-posts/{id} and the blog editor.
export const blogPostSchema = z.object({
  title: z.string('Le titre est requis').trim().min(1, 'Le titre est requis').max(LIMITS.title, 'Le titre est trop long'),
  slug: slugField,
  content: z
    .string('Le contenu est requis')
    .max(LIMITS.postContent, 'Le contenu est trop long')
    .refine((v) => v.trim() !== '', 'Le contenu est requis'),
  excerpt: optionalText(1_000),
  featuredImage: optionalText(LIMITS.url).refine(
    (v) => v == null || /^(https?:\/\/|\/)[^\s]*$/.test(v),
    "L'image doit être une URL http(s) ou un chemin commençant par /",
  ),
  metaTitle: optionalText(LIMITS.title),
  metaDescription: optionalText(500),
  // A number, or a digit string as a <select> gives it; anything else (true, [], "abc") is refused.
  categoryId: z.preprocess(
    (v) => (typeof v === 'string' && /^\s*\d{1,10}\s*$/.test(v) ? Number(v) : v),
    z.number(CATEGORY_REQUIRED).int(CATEGORY_REQUIRED).min(1, CATEGORY_REQUIRED).max(2_147_483_647, CATEGORY_REQUIRED),
  ),
  published: z.boolean('published doit être vrai ou faux').default(false),
  // Alt text of the featured image (the gallery picker fills it from the item's title).
  featuredImageAlt: optionalText(LIMITS.title),
  // With published: an instant (ISO with zone) from which the public sees the post; a future one
  // schedules it. null: public now. Absent (SPEC.md's payload): the publication date is kept.
  publishAt: z.iso
    .datetime({ offset: true, error: 'La date de publication est invalide' })
    .nullish()
    .describe('Publication instant; a future one schedules the post. null: now. Absent: kept.'),
  // The post's language (issue 15): its language's blog lists it. Absent or null (SPEC.md's
  // payload, an older editor): English for a new post, the current one kept on an edit.
  language: z
    .enum(LANGUAGES, `La langue doit être l'une de : ${LANGUAGES.join(', ')}`)
    .nullish()
    .describe("The post's language. Absent or null: English for a new post, kept on an edit."),
  version: versionField,
});
export type BlogPostInput = z.infer<typeof blogPostSchema>;

// GET /api/blog-posts query string.
export const blogPostListQuerySchema = blogPostPagingQuerySchema.extend({
  published: z.enum(['true', 'false'], 'published doit valoir true ou false').optional(),
  category: z.string('category doit être un slug').trim().max(LIMITS.slug).optional(),
  limit: z
    .string('limit doit être un entier')
    .regex(/^[1-9][0-9]{0,2}$/, 'limit doit être un entier entre 1 et 100')
    .transform(Number)
    .refine((n) => n <= 100, 'limit doit être un entier entre 1 et 100')
    .optional(),
  // A language's blog: its published posts, or the English ones while it has none. For the back
  // office's paged search (with q, page or pageSize): that language's posts only.
  language: z
    .enum(LANGUAGES, `language doit valoir l'un de : ${LANGUAGES.join(', ')}`)
    .optional()
    .describe("A language's posts; while it has no published post, the English ones (paged search: that language only)"),
});

// POST/PUT /api/blog-categories and the category dialog.
export const blogCategorySchema = z.object({
  name: z.string(NAME_REQUIRED_FR).trim().min(1, NAME_REQUIRED_FR).max(LIMITS.name, 'Le nom est trop long'),
  slug: slugField,
  description: optionalText(LIMITS.description),
  version: versionField,
});
export type BlogCategoryInput = z.infer<typeof blogCategorySchema>;
