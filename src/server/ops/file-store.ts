// Every upload as one flat list of keys, whichever store holds them: the bucket (S3_BUCKET) or
// DATA_DIR on disk. The keys are the same in both ('uploads/<area>/<name>' public images and their
// variants, 'private/<area>/<name>' slips and mail attachments), so a backup of one restores into
// the other. Only these two prefixes are ours: nothing else in a bucket is read or written.
import fs from 'node:fs/promises';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type { Config } from '../config';
import { IMMUTABLE_CACHE_CONTROL, closeS3Client, s3ClientFor } from '../media/s3-storage';

export const STORE_PREFIXES = ['uploads/', 'private/'] as const;

export interface StoredFile {
  key: string;
  bytes: number;
}

export interface FileStore {
  kind: 's3' | 'disk';
  /** For messages: the bucket (and endpoint) or the folder. */
  describe: string;
  /** Every file under uploads/ and private/, sorted by key. */
  list(): Promise<StoredFile[]>;
  read(key: string): Promise<Buffer>;
  write(key: string, data: Buffer): Promise<void>;
  close(): void;
}

const CONTENT_TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.pdf': 'application/pdf',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
};

async function filesUnder(root: string, rel: string): Promise<StoredFile[]> {
  let entries;
  try {
    entries = await fs.readdir(path.join(root, rel), { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const out: StoredFile[] = [];
  for (const e of entries) {
    const child = `${rel}/${e.name}`;
    if (e.isDirectory()) out.push(...(await filesUnder(root, child)));
    else if (e.isFile()) out.push({ key: child, bytes: (await fs.stat(path.join(root, child))).size });
  }
  return out;
}

function diskStore(dataDir: string): FileStore {
  const fileOf = (key: string) => path.join(dataDir, ...key.split('/'));
  return {
    kind: 'disk',
    describe: `${path.join(dataDir, 'uploads')} and ${path.join(dataDir, 'private')}`,
    async list() {
      const all = [...(await filesUnder(dataDir, 'uploads')), ...(await filesUnder(dataDir, 'private'))];
      return all.sort((a, b) => (a.key < b.key ? -1 : 1));
    },
    read: (key) => fs.readFile(fileOf(key)),
    async write(key, data) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Written whole under another name first: a file that is there is complete.
      await fs.writeFile(`${file}.part`, data);
      await fs.rename(`${file}.part`, file);
    },
    close() {},
  };
}

function bucketStore(settings: NonNullable<Config['s3']>): FileStore {
  // A copy of the settings: a client of our own, closed by close() without touching the app's.
  const s3 = { ...settings };
  const client: S3Client = s3ClientFor(s3);
  const bucket = s3.bucket;
  return {
    kind: 's3',
    describe: `bucket ${bucket}${s3.endpoint ? ` at ${s3.endpoint}` : ''}`,
    async list() {
      const out: StoredFile[] = [];
      for (const prefix of STORE_PREFIXES) {
        let token: string | undefined;
        do {
          const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }));
          for (const o of page.Contents ?? []) if (o.Key && !o.Key.endsWith('/')) out.push({ key: o.Key, bytes: o.Size ?? 0 });
          token = page.IsTruncated ? page.NextContinuationToken : undefined;
        } while (token);
      }
      return out.sort((a, b) => (a.key < b.key ? -1 : 1));
    },
    async read(key) {
      const res = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return Buffer.from(await res.Body!.transformToByteArray());
    },
    async write(key, data) {
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: data,
          ContentLength: data.length,
          ContentType: CONTENT_TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream',
          // The same headers the app gives its own uploads (s3-storage.ts).
          CacheControl: key.startsWith('uploads/') ? IMMUTABLE_CACHE_CONTROL : 'private, no-store',
        }),
      );
    },
    close: () => closeS3Client(s3),
  };
}

/** The store the server with this configuration uses. */
export function fileStoreFor(config: Config): FileStore {
  return config.s3 ? bucketStore(config.s3) : diskStore(config.dataDir);
}
