import { GALLERY_MAX_PIXELS } from '../../shared/constants';
import type { AppContext } from '../context';
import { processImage } from '../media/image-processing';
import { documentName, newMediaStem, sanitizeFilename, variantName, type MediaStorage } from '../media/storage';
import { privateMediaStorage } from '../media/stores';
import type { MailAttachmentPart } from './parse-mail';

// Files attached to a customer's mail. Images (checked like uploads: decoded, re-encoded as one
// WebP without metadata) and PDFs (by their first bytes) up to 10 MB are kept in a private folder,
// served to staff only; anything else, or larger, is listed in the thread without being kept.

export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;
/** Files kept per mail; the rest are listed. */
const MAX_STORED = 20;
const IMAGE_WIDTH = 2048;
/** Staff-only download route of a stored attachment (built on the back-office side). */
export const ATTACHMENT_URL_PREFIX = '/api/conversations/attachments/';

/** Private storage (DATA_DIR/private/attachments, or the bucket's private/attachments/ with S3): the import writes it, the download route reads it. */
export const attachmentStorage = (ctx: Pick<AppContext, 'config'>): MediaStorage => privateMediaStorage(ctx.config, 'attachments', ATTACHMENT_URL_PREFIX);

export interface PreparedAttachment {
  filename: string;
  contentType: string;
  sizeBytes: number;
  storageKey: string | null;
}

export interface PreparedAttachments {
  list: PreparedAttachment[];
  /** Index of an inline (`cid:`) part → URL of its stored image, for the images in the HTML. */
  inlineUrls: Map<number, string>;
  /** Removes the files written (the transaction failed, or the mail was a duplicate). */
  discard(): Promise<void>;
}

const isPdf = (b: Buffer) => b.length >= 5 && b.subarray(0, 5).toString('latin1') === '%PDF-';

/** Parts of the mail that are not files for staff (the report of a bounce, a signature's key). */
const SKIPPED_TYPES = new Set(['message/delivery-status', 'message/global-delivery-status', 'application/pgp-signature', 'application/pkcs7-signature']);

export async function storeAttachments(ctx: Pick<AppContext, 'config' | 'log'>, parts: readonly MailAttachmentPart[]): Promise<PreparedAttachments> {
  const storage = attachmentStorage(ctx);
  const written: string[] = [];
  const list: PreparedAttachment[] = [];
  const inlineUrls = new Map<number, string>();
  const discard = async () => {
    for (const name of written) await storage.remove(name).catch((err: unknown) => ctx.log.warn({ err, name }, 'could not remove a mail attachment'));
  };
  try {
    for (const [i, part] of parts.entries()) {
      if (SKIPPED_TYPES.has(part.contentType)) continue;
      const filename = sanitizeFilename(part.filename) ?? `attachment-${i + 1}`;
      const listed: PreparedAttachment = { filename, contentType: part.contentType.slice(0, 100), sizeBytes: part.content.length, storageKey: null };
      if (part.content.length > MAX_ATTACHMENT_BYTES || written.length >= MAX_STORED) {
        list.push(listed);
        continue;
      }
      if (isPdf(part.content)) {
        const name = documentName(newMediaStem());
        await storage.save(name, part.content);
        written.push(name);
        list.push({ ...listed, contentType: 'application/pdf', storageKey: name });
        continue;
      }
      if (part.contentType.startsWith('image/')) {
        const image = await processImage(part.content, { widths: [IMAGE_WIDTH], maxPixels: GALLERY_MAX_PIXELS }).catch(() => null);
        if (image) {
          const largest = image.variants[image.variants.length - 1];
          const name = variantName(newMediaStem(), largest.width);
          await storage.save(name, largest.data);
          written.push(name);
          list.push({
            ...listed,
            filename: filename.replace(/\.[a-z0-9]{1,5}$/i, '') + '.webp',
            contentType: 'image/webp',
            sizeBytes: largest.data.length,
            storageKey: name,
          });
          if (part.cid) inlineUrls.set(i, storage.urlFor(name));
          continue;
        }
      }
      list.push(listed);
    }
  } catch (err) {
    await discard();
    throw err;
  }
  return { list, inlineUrls, discard };
}
