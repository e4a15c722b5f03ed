// Files in an S3 bucket (or an S3-compatible server) through the official SDK. Keys mirror the
// disk layout under DATA_DIR: 'uploads/<area>/<name>' for public images, 'private/<area>/<name>'
// for files only staff may read (never given a public URL, never served at /uploads/).
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import type { S3Config } from '../config';
import { HttpError } from '../errors';
import { isMediaName, type MediaStorage } from './storage';
import { trimChar } from '../../shared/trim-char';

/** What the answer says when the bucket cannot be reached or refuses us. */
export const STORAGE_UNAVAILABLE = 'Le stockage des fichiers est indisponible pour le moment : réessayez dans quelques minutes';

/** Uploads' names never change (a new file gets a new name): caches may keep them for a year. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

export const contentTypeOf = (name: string): string => (name.endsWith('.pdf') ? 'application/pdf' : 'image/webp');

const clients = new WeakMap<S3Config, S3Client>();

/** One client per configuration (its sockets are reused); closed by closeS3Client. */
export function s3ClientFor(s3: S3Config): S3Client {
  let client = clients.get(s3);
  if (!client) {
    client = new S3Client({
      region: s3.region,
      endpoint: s3.endpoint,
      // Servers other than AWS rarely have a DNS name per bucket.
      forcePathStyle: Boolean(s3.endpoint),
      credentials: s3.accessKeyId && s3.secretAccessKey ? { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey } : undefined,
      // Checksums only where S3 requires them: S3-compatible servers do not all read the
      // SDK's trailing CRC checksums (aws-chunked bodies); the signature covers the body anyway.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
      // An unreachable bucket fails the request in seconds, not after the OS's TCP timeout.
      requestHandler: { connectionTimeout: 3_000, requestTimeout: 30_000 },
    });
    clients.set(s3, client);
  }
  return client;
}

export function closeS3Client(s3: S3Config | undefined): void {
  if (!s3) return;
  clients.get(s3)?.destroy();
  clients.delete(s3);
}

export const statusOf = (err: unknown): number | undefined => (err as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode;

/** An object that is not there (a 404 from the bucket, not a failure to reach it). */
export const isMissingObject = (err: unknown): boolean =>
  (err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.name === 'NotFound')) || statusOf(err) === 404;

/** A failure of the bucket (unreachable, refused, 5xx) as the 503 the request answers. */
export const storageUnavailable = (cause: unknown): HttpError => {
  const err = new HttpError(503, STORAGE_UNAVAILABLE, 'storage_unavailable');
  (err as Error & { cause?: unknown }).cause = cause;
  return err;
};

export interface S3StorageOptions {
  client: S3Client;
  bucket: string;
  /** 'uploads/gallery/' or 'private/slips/'. */
  keyPrefix: string;
  /** Our URL for a file: '/uploads/gallery/' (served by web.routes.ts) or an API path for private files. */
  urlPrefix: string;
  /** Public files only: URLs point there (bucket or CDN) instead of at us. */
  publicBaseUrl?: string;
}

export function createS3Storage(opts: S3StorageOptions): MediaStorage {
  const keyPrefix = opts.keyPrefix.endsWith('/') ? opts.keyPrefix : `${opts.keyPrefix}/`;
  const urlPrefix = opts.urlPrefix.endsWith('/') ? opts.urlPrefix : `${opts.urlPrefix}/`;
  const isPublic = keyPrefix.startsWith('uploads/');
  const publicPrefix = isPublic && opts.publicBaseUrl ? `${trimChar(opts.publicBaseUrl, '/', 'end')}/${keyPrefix}` : null;
  const keyOf = (name: string) => {
    if (!isMediaName(name)) throw new Error(`Refusing media file name ${JSON.stringify(name)}`);
    return `${keyPrefix}${name}`;
  };
  const send = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (err) {
      throw err instanceof HttpError ? err : storageUnavailable(err);
    }
  };
  return {
    async save(name, data) {
      const key = keyOf(name);
      try {
        await opts.client.send(
          new PutObjectCommand({
            Bucket: opts.bucket,
            Key: key,
            Body: data,
            ContentLength: data.length,
            ContentType: contentTypeOf(name),
            // Public files may be served by the bucket itself: the same caching as ours.
            CacheControl: isPublic ? IMMUTABLE_CACHE_CONTROL : 'private, no-store',
            // Never overwrite (servers that know conditional writes refuse a second one).
            IfNoneMatch: '*',
          }),
        );
      } catch (err) {
        if (statusOf(err) === 412) throw new Error(`Media file ${key} exists already`);
        throw storageUnavailable(err);
      }
    },
    async remove(name) {
      if (!isMediaName(name)) return;
      // Deleting a missing key succeeds on S3.
      await send(() => opts.client.send(new DeleteObjectCommand({ Bucket: opts.bucket, Key: `${keyPrefix}${name}` })));
    },
    urlFor(name) {
      keyOf(name);
      return `${publicPrefix ?? urlPrefix}${name}`;
    },
    nameFromUrl(url) {
      // Our own URLs stay valid with a public base URL (files copied from disk keep theirs).
      const prefix = publicPrefix && url.startsWith(publicPrefix) ? publicPrefix : url.startsWith(urlPrefix) ? urlPrefix : null;
      if (!prefix) return null;
      const name = url.slice(prefix.length);
      return isMediaName(name) ? name : null;
    },
    async read(name) {
      const key = keyOf(name);
      try {
        const res = await opts.client.send(new GetObjectCommand({ Bucket: opts.bucket, Key: key }));
        return Buffer.from(await res.Body!.transformToByteArray());
      } catch (err) {
        if (isMissingObject(err)) throw Object.assign(new Error(`No media file ${key}`), { code: 'ENOENT' });
        throw storageUnavailable(err);
      }
    },
  };
}
