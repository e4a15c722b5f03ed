// `npm run uploads:copy`: puts the files of a disk store (DATA_DIR/uploads, DATA_DIR/private)
// into the bucket under the same keys, so the URLs and keys the database holds stay valid.
// An object already there with the same size is skipped: a second run copies nothing, and a
// run cut short goes on where it stopped. The disk copy is never deleted.
import fs from 'node:fs/promises';
import path from 'node:path';
import { HeadObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { IMMUTABLE_CACHE_CONTROL, isMissingObject } from './s3-storage';

export interface CopyResult {
  copied: number;
  skipped: number;
  bytes: number;
}

const TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.pdf': 'application/pdf',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
};

/** Regular files under `dir`, as paths relative to it with '/' separators; a missing folder has none. */
async function filesUnder(dir: string, rel = ''): Promise<string[]> {
  let entries;
  try {
    entries = await fs.readdir(path.join(dir, rel), { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const out: string[] = [];
  for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const child = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) out.push(...(await filesUnder(dir, child)));
    else if (e.isFile()) out.push(child);
  }
  return out;
}

export async function copyUploads(opts: { dataDir: string; client: S3Client; bucket: string; log?: (line: string) => void }): Promise<CopyResult> {
  const log = opts.log ?? (() => {});
  const keys = [...(await filesUnder(opts.dataDir, 'uploads')), ...(await filesUnder(opts.dataDir, 'private'))];
  const result: CopyResult = { copied: 0, skipped: 0, bytes: 0 };
  let n = 0;
  for (const key of keys) {
    n += 1;
    const file = path.join(opts.dataDir, ...key.split('/'));
    const { size } = await fs.stat(file);
    const there = await opts.client.send(new HeadObjectCommand({ Bucket: opts.bucket, Key: key })).catch((err: unknown) => {
      if (isMissingObject(err)) return null;
      throw err;
    });
    if (there && there.ContentLength === size) {
      result.skipped += 1;
      continue;
    }
    await opts.client.send(
      new PutObjectCommand({
        Bucket: opts.bucket,
        Key: key,
        Body: await fs.readFile(file),
        ContentLength: size,
        ContentType: TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream',
        CacheControl: key.startsWith('uploads/') ? IMMUTABLE_CACHE_CONTROL : 'private, no-store',
      }),
    );
    result.copied += 1;
    result.bytes += size;
    log(`[${n}/${keys.length}] ${there ? 'replaced (size differed)' : 'copied'} ${key} (${size} bytes)`);
  }
  log(`${result.copied} file(s) copied (${result.bytes} bytes), ${result.skipped} already in the bucket; nothing was deleted from ${opts.dataDir}`);
  return result;
}
