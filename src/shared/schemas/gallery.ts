import { z } from 'zod';
import { GALLERY_DEFAULT_CATEGORY } from '../constants';
import { LIMITS, versionField } from './common';

/** https, optional www, an optional first path segment, then /p/<code> and an optional slash. */
export const INSTAGRAM_URL_PATTERN = /^https:\/\/(www\.)?instagram\.com\/([A-Za-z0-9_.-]+\/)?p\/[A-Za-z0-9_-]+\/?$/;

const TITLE_REQUIRED = 'Veuillez saisir un titre';
// A missing title reads the same as an empty one; other wrong types keep zod's message.
const title = z
  .string({ error: (iss) => (iss.input == null ? TITLE_REQUIRED : undefined) })
  .trim()
  .min(1, TITLE_REQUIRED)
  .max(LIMITS.title);
const description = z
  .string()
  .max(LIMITS.description)
  .nullish()
  .transform((v) => (v == null || v.trim() === '' ? null : v.trim()));
// An empty category is stored as "general" (SPEC.md §5).
const category = z
  .string()
  .max(100)
  .nullish()
  .transform((v) => (v == null || v.trim() === '' ? GALLERY_DEFAULT_CATEGORY : v.trim()));

// The text fields of POST /api/gallery (multipart) and PUT /api/gallery/{id}.
export const galleryMetaSchema = z.object({ title, description, category });
export type GalleryMetaInput = z.infer<typeof galleryMetaSchema>;
// PUT /api/gallery/{id}: the same fields and the version the edit dialog loaded.
export const galleryUpdateSchema = galleryMetaSchema.extend({ version: versionField });
export type GalleryUpdateInput = z.infer<typeof galleryUpdateSchema>;

// POST /api/gallery/instagram.
export const galleryInstagramSchema = z.object({
  title,
  description,
  category,
  instagramUrl: z.string().trim().max(LIMITS.url).regex(INSTAGRAM_URL_PATTERN, 'Veuillez saisir un lien Instagram valide'),
  imageUrl: z
    .string()
    .trim()
    .max(LIMITS.url)
    .nullish()
    .transform((v) => (v == null || v === '' ? null : v))
    .refine((v) => v == null || /^https:\/\/\S+$/.test(v), "Impossible d'extraire l'image du lien Instagram"),
  filename: z.string().max(300).nullish(),
});
export type GalleryInstagramInput = z.infer<typeof galleryInstagramSchema>;
