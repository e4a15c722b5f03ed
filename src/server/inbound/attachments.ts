import { GALLERY_MAX_PIXELS } from '../../shared/constants';
import type { AppContext } from '../context';
import { processImage } from '../media/image-processing';
import { documentName, newMediaStem, sanitizeFilename, variantName, type MediaStorage } from '../media/storage';
import { privateMediaStorage } from '../media/stores';
import type { MailAttachmentPart } from './parse-mail';

// Files attached to a customer's mail. Images (checked like uploads: decoded, re-encoded as one
// WebP without metadata) and PDFs (by their first bytes) up to 10 MB are kept in a private folder,
// served to staff only; anything else, or larger, is listed in the thread without being kept.
// A kept file's name ends in the extension of what it was found to be (`invoice.cmd` holding a
// PDF is kept as `invoice.pdf`). The files kept from all mail together stay under
// INBOUND_ATTACHMENTS_MAX_MB: once a new file would pass it, that file is listed only and the
// older ones stay (the import tells staff).

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
  /** Files that would have been kept but were only listed: the total quota was reached. */
  overQuota: number;
  /** Index of an inline (`cid:`) part → URL of its stored image, for the images in the HTML. */
  inlineUrls: Map<number, string>;
  /** Removes the files written (the transaction failed, or the mail was a duplicate). */
  discard(): Promise<void>;
}

/** The name with its extension replaced by the one of the detected type. */
export const withExtension = (filename: string, ext: string): string => `${filename.replace(/\.[a-z0-9]{1,5}$/i, '') || 'attachment'}.${ext}`;

const isPdf = (b: Buffer) => b.length >= 5 && b.subarray(0, 5).toString('latin1') === '%PDF-';

/** Parts of the mail that are not files for staff (the report of a bounce, a signature's key). */
const SKIPPED_TYPES = new Set(['message/delivery-status', 'message/global-delivery-status', 'application/pgp-signature', 'application/pkcs7-signature']);

/**
 * Keeps what can be kept of a mail's parts. `usedBytes`: the bytes already kept from other mail
 * (read before, outside any transaction; mails are imported one at a time by the reader).
 */
export async function storeAttachments(
  ctx: Pick<AppContext, 'config' | 'log'>,
  parts: readonly MailAttachmentPart[],
  usedBytes = 0,
): Promise<PreparedAttachments> {
  const storage = attachmentStorage(ctx);
  const maxBytes = ctx.config.inbound.attachmentsMaxBytes;
  let used = usedBytes;
  let overQuota = 0;
  /** Whether `size` more bytes fit the total quota; counts them when they do. */
  const fits = (size: number) => {
    if (used + size > maxBytes) {
      overQuota++;
      return false;
    }
    used += size;
    return true;
  };
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
        const kept = { ...listed, filename: withExtension(filename, 'pdf'), contentType: 'application/pdf' };
        if (!fits(part.content.length)) {
          list.push(kept);
          continue;
        }
        const name = documentName(newMediaStem());
        await storage.save(name, part.content);
        written.push(name);
        list.push({ ...kept, storageKey: name });
        continue;
      }
      if (part.contentType.startsWith('image/')) {
        const image = await processImage(part.content, { widths: [IMAGE_WIDTH], maxPixels: GALLERY_MAX_PIXELS }).catch(() => null);
        if (image) {
          const largest = image.variants[image.variants.length - 1];
          const kept = { ...listed, filename: withExtension(filename, 'webp'), contentType: 'image/webp' };
          if (!fits(largest.data.length)) {
            list.push(kept);
            continue;
          }
          const name = variantName(newMediaStem(), largest.width);
          await storage.save(name, largest.data);
          written.push(name);
          list.push({ ...kept, sizeBytes: largest.data.length, storageKey: name });
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
  return { list, overQuota, inlineUrls, discard };
}
