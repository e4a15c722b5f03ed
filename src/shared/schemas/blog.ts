import { z } from 'zod';
import { LIMITS, SLUG_PATTERN } from './common';

const optionalText = (max: number) =>
  z
    .string()
    .max(max)
    .nullish()
    .transform((v) => (v == null || v.trim() === '' ? null : v.trim()));

// POST /api/blog-posts, PUT /api/blog-posts/{id} and the blog editor.
export const blogPostSchema = z.object({
  title: z.string().trim().min(1, 'Le titre est requis').max(LIMITS.title),
  slug: z
    .string()
    .trim()
    .min(1, 'Le slug est requis')
    .max(LIMITS.slug)
    .regex(SLUG_PATTERN, 'Le slug ne peut contenir que des lettres minuscules, des chiffres et des tirets'),
  content: z.string().min(1, 'Le contenu est requis').max(LIMITS.postContent).refine((v) => v.trim() !== '', 'Le contenu est requis'),
  excerpt: optionalText(1_000),
  featuredImage: optionalText(LIMITS.url).refine(
    (v) => v == null || /^(https?:\/\/|\/)[^\s]*$/.test(v),
    "L'image doit être une URL http(s) ou un chemin commençant par /",
  ),
  metaTitle: optionalText(LIMITS.title),
  metaDescription: optionalText(500),
  categoryId: z.coerce
    .number('La catégorie est requise')
    .int('La catégorie est requise')
    .min(1, 'La catégorie est requise')
    .max(2_147_483_647, 'La catégorie est requise'),
  published: z.boolean('published doit être vrai ou faux').default(false),
});
export type BlogPostInput = z.infer<typeof blogPostSchema>;

// POST/PUT /api/blog-categories and the category dialog.
export const blogCategorySchema = z.object({
  name: z.string().trim().min(1, 'Le nom est requis').max(LIMITS.name),
  slug: z
    .string()
    .trim()
    .min(1, 'Le slug est requis')
    .max(LIMITS.slug)
    .regex(SLUG_PATTERN, 'Le slug ne peut contenir que des lettres minuscules, des chiffres et des tirets'),
  description: optionalText(LIMITS.description),
});
export type BlogCategoryInput = z.infer<typeof blogCategorySchema>;
