import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** Where media files live: DATA_DIR on local disk, or an S3 bucket (s3-storage.ts, chosen in stores.ts). */
export interface MediaStorage {
  /** Writes a new file; never overwrites one. */
  save(name: string, data: Buffer): Promise<void>;
  /** Removes a file; a missing one is not an error. Names not made by newMediaName are ignored. */
  remove(name: string): Promise<void>;
  /** The public URL of a stored file. */
  urlFor(name: string): string;
  /** The stored file name behind one of our URLs, or null for any other URL. */
  nameFromUrl(url: string): string | null;
  /** A stored file's bytes (private files served through the API: slips, mail attachments). */
  read(name: string): Promise<Buffer>;
}

// Names are ours only: 32 hex characters and a width with .webp (images), or .pdf (documents
// kept from e-mails). Nothing a client sends becomes a path.
const NAME_PATTERN = /^[0-9a-f]{32}(-[0-9]{1,5}\.webp|\.pdf)$/;
/** Whether a file name is one of ours (and so safe as a path or an object key). */
export const isMediaName = (name: string): boolean => NAME_PATTERN.test(name);

/** A fresh random stem shared by the variants of one image: <stem>-<width>.webp. */
export const newMediaStem = (): string => randomBytes(16).toString('hex');
export const variantName = (stem: string, width: number): string => `${stem}-${width}.webp`;
export const documentName = (stem: string): string => `${stem}.pdf`;

export function createLocalStorage(opts: { dir: string; urlPrefix: string }): MediaStorage {
  const prefix = opts.urlPrefix.endsWith('/') ? opts.urlPrefix : `${opts.urlPrefix}/`;
  const check = (name: string) => {
    if (!NAME_PATTERN.test(name)) throw new Error(`Refusing media file name ${JSON.stringify(name)}`);
    return path.join(opts.dir, name);
  };
  return {
    async save(name, data) {
      const file = check(name);
      await fs.mkdir(opts.dir, { recursive: true });
      await fs.writeFile(file, data, { flag: 'wx' });
    },
    async remove(name) {
      if (!NAME_PATTERN.test(name)) return;
      await fs.rm(path.join(opts.dir, name), { force: true });
    },
    urlFor(name) {
      check(name);
      return `${prefix}${name}`;
    },
    nameFromUrl(url) {
      if (!url.startsWith(prefix)) return null;
      const name = url.slice(prefix.length);
      return NAME_PATTERN.test(name) ? name : null;
    },
    read: (name) => fs.readFile(check(name)),
  };
}

/**
 * The client's file name reduced to a safe base name for display: no directories, no
 * control or markup characters, at most 200 characters. Null when nothing is left.
 */
export function sanitizeFilename(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const base = raw.split(/[/\\]/).pop() ?? '';
  const cleaned = base
    .normalize('NFC')
    .replace(/[^\p{L}\p{N} ._()+-]/gu, '_')
    .replace(/\s+/g, ' ')
    .replace(/_+/g, '_')
    .replace(/^[.\s]+/, '')
    .trim();
  if (!cleaned || /^[._\s-]*$/.test(cleaned)) return null;
  if (cleaned.length <= 200) return cleaned;
  // Keep the extension when cutting a long name.
  const ext = path.extname(cleaned).slice(0, 10);
  return cleaned.slice(0, 200 - ext.length) + ext;
}
