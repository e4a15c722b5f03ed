import type { FileRejection } from 'react-dropzone';
import { GALLERY_MAX_BYTES } from '../../../shared/constants';

// SPEC.md §5/§9: one file, 10 MB, jpeg/jpg/png/gif/webp. Every image drop zone of the back office
// (gallery, logo, hero image) checks the same; the server checks again from the bytes.
export const IMAGE_ACCEPT = {
  'image/jpeg': ['.jpeg', '.jpg'],
  'image/png': ['.png'],
  'image/gif': ['.gif'],
  'image/webp': ['.webp'],
};
/**
 * SPEC.md §2: dropping takes the first file. The zones accept several and keep the first accepted
 * one (react-dropzone before 19.3 refused a whole multi-file drop with "Too many files" under
 * `multiple: false`; this does not rely on its newer capping). The file picker selects one file.
 */
export const IMAGE_DROPZONE_OPTIONS = { noKeyboard: true, accept: IMAGE_ACCEPT, maxSize: GALLERY_MAX_BYTES, multiple: true } as const;

// French texts for react-dropzone's error codes (its own messages are English: "File type must be ...").
const REJECTION_TEXTS: Record<string, string> = {
  'file-invalid-type': 'Type de fichier refusé : JPG, PNG, GIF ou WebP uniquement',
  'file-too-large': 'Fichier trop volumineux : 10 Mo maximum',
  'file-too-small': 'Fichier vide',
  'too-many-files': 'Un seul fichier à la fois',
};

export function rejectionText(rejections: FileRejection[]): string {
  const messages = new Set(rejections.flatMap((r) => r.errors.map((e) => REJECTION_TEXTS[e.code] ?? 'Fichier refusé')));
  return [...messages].join(' · ');
}
