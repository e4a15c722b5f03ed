// Which storage holds a kind of file: the bucket when S3_BUCKET is set (config.s3), else
// DATA_DIR on this machine. The key (or path under DATA_DIR) is the same either way, so
// `npm run uploads:copy` moves a disk store into a bucket as it is.
import path from 'node:path';
import type { Config } from '../config';
import { createS3Storage, s3ClientFor } from './s3-storage';
import { createLocalStorage, type MediaStorage } from './storage';

/** Public images: 'uploads/<area>/', served at /uploads/<area>/ (or from S3_PUBLIC_BASE_URL). */
export function publicMediaStorage(config: Config, area: string): MediaStorage {
  const urlPrefix = `/uploads/${area}/`;
  if (config.s3) {
    return createS3Storage({
      client: s3ClientFor(config.s3),
      bucket: config.s3.bucket,
      keyPrefix: `uploads/${area}/`,
      urlPrefix,
      publicBaseUrl: config.s3.publicBaseUrl,
    });
  }
  return createLocalStorage({ dir: path.join(config.dataDir, 'uploads', area), urlPrefix });
}

/** Files only staff may read: 'private/<area>/', never public; `urlPrefix` names the API route that serves them. */
export function privateMediaStorage(config: Config, area: string, urlPrefix: string): MediaStorage {
  if (config.s3) return createS3Storage({ client: s3ClientFor(config.s3), bucket: config.s3.bucket, keyPrefix: `private/${area}/`, urlPrefix });
  return createLocalStorage({ dir: path.join(config.dataDir, 'private', area), urlPrefix });
}
