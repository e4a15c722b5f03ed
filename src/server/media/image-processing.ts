import type { Metadata } from 'sharp';

// libvips is loaded on the first image, not at start: a server that never receives an upload
// never maps it (about 20 MB of resident memory).
let sharpModule: Promise<(typeof import('sharp'))['default']> | undefined;
export const loadSharp = () => (sharpModule ??= import('sharp').then((m) => m.default));

export type ImageFormat = 'jpeg' | 'png' | 'gif' | 'webp';

/** Why an image was refused; the caller words the message for its users. */
export type ImageRejection = 'unsupported' | 'corrupt' | 'too-many-pixels';

export class ImageRejectedError extends Error {
  constructor(
    public readonly reason: ImageRejection,
    message: string,
  ) {
    super(message);
    this.name = 'ImageRejectedError';
  }
}

export interface ProcessOptions {
  /** Widths of the WebP variants; those wider than the image are skipped. */
  widths: readonly number[];
  /** Refused before decoding when width × height is above this. */
  maxPixels: number;
  quality?: number;
}

export interface ImageVariant {
  width: number;
  height: number;
  data: Buffer;
}

export interface ProcessedImage {
  /** The format read from the bytes. */
  format: ImageFormat;
  /** Smallest first; never empty. */
  variants: ImageVariant[];
}

// WebP cannot hold a side longer than this.
const WEBP_MAX_SIDE = 16383;

/**
 * The format told by the file's first bytes (its signature), whatever its name or the
 * type the client declared. Only the four formats the gallery accepts are recognised.
 */
export function detectImageFormat(bytes: Buffer): ImageFormat | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length >= 6) {
    const head = bytes.subarray(0, 6).toString('latin1');
    if (head === 'GIF87a' || head === 'GIF89a') return 'gif';
  }
  if (bytes.length >= 12 && bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp';
  return null;
}

const isPixelLimitError = (err: unknown) => /pixel limit/i.test((err as Error)?.message ?? '');

/**
 * Checks an uploaded image and writes its WebP variants in memory: the type comes from the
 * bytes; the pixel count is read from the header and refused before anything is decoded
 * (decompression bombs); the picture is turned upright from its EXIF orientation; no
 * metadata (EXIF, GPS, XMP, ICC) is copied to the output. Animated GIF and WebP stay
 * animated; every frame counts towards the pixel limit.
 */
export async function processImage(input: Buffer, opts: ProcessOptions): Promise<ProcessedImage> {
  const format = detectImageFormat(input);
  if (!format) throw new ImageRejectedError('unsupported', 'Unsupported image format');

  // failOn 'truncated': a cut-off file is refused, benign encoder warnings are tolerated.
  const loadOptions = { limitInputPixels: opts.maxPixels, failOn: 'truncated' as const };

  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    meta = await sharp(input, loadOptions).metadata();
  } catch (err) {
    if (isPixelLimitError(err)) throw new ImageRejectedError('too-many-pixels', 'Image has too many pixels');
    throw new ImageRejectedError('corrupt', 'Image header cannot be read');
  }
  // The signature and the decoder must agree (a PNG signature over other bytes is refused).
  if (meta.format !== format) throw new ImageRejectedError('unsupported', `Signature ${format} but decoder ${meta.format}`);
  const width = meta.width ?? 0;
  const height = meta.pageHeight ?? meta.height ?? 0;
  if (width < 1 || height < 1) throw new ImageRejectedError('corrupt', 'Image has no dimensions');
  const animated = (format === 'gif' || format === 'webp') && (meta.pages ?? 1) > 1;
  const frames = animated ? (meta.pages ?? 1) : 1;
  if (width * height * frames > opts.maxPixels) throw new ImageRejectedError('too-many-pixels', 'Image has too many pixels');
  const decodeOptions = { ...loadOptions, animated };

  // Orientations 5 to 8 turn the picture a quarter: its upright width is the stored height.
  const uprightWidth = (meta.orientation ?? 1) >= 5 ? height : width;
  let widths = [...new Set(opts.widths)].filter((w) => w <= uprightWidth).sort((a, b) => a - b);
  if (widths.length === 0) widths = [uprightWidth];

  const variants: ImageVariant[] = [];
  try {
    for (const w of widths) {
      const { data, info } = await sharp(input, decodeOptions)
        .rotate()
        // 'inside' with the WebP cap keeps a very tall image encodable instead of failing.
        .resize({ width: w, height: WEBP_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: opts.quality ?? 80 })
        .toBuffer({ resolveWithObject: true });
      if (variants.some((v) => v.width === info.width)) continue;
      // An animation's frames are stacked: its picture height is the page height.
      variants.push({ width: info.width, height: info.pageHeight ?? info.height, data });
    }
  } catch (err) {
    if (isPixelLimitError(err)) throw new ImageRejectedError('too-many-pixels', 'Image has too many pixels');
    // Everything sharp refuses here comes from the file itself (cut off, damaged data).
    throw new ImageRejectedError('corrupt', (err as Error)?.message ?? 'Image cannot be decoded');
  }
  return { format, variants };
}
