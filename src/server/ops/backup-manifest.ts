// What a backup folder holds and how it is checked: manifest.json (written last, so a backup cut
// short has none), the database (database.pgdump or database.sqlite) and files/<key> for every
// upload under the same key as in the bucket or under DATA_DIR (uploads/..., private/...).
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';

export const MANIFEST_FILE = 'manifest.json';
export const FILES_DIR = 'files';
export const MANIFEST_FORMAT = 'gym-backup';
export const MANIFEST_VERSION = 1;

const sha256Text = z.string().regex(/^[0-9a-f]{64}$/);
// A key under uploads/ or private/ that stays inside the backup folder and DATA_DIR when it
// becomes a path: no empty, '.' or '..' segment, no backslash, no control character.
export const isBackupFileKey = (k: string): boolean =>
  /^(uploads|private)\//.test(k) &&
  ![...k].some((c) => c < ' ' || c === '\u007f' || c === '\\') &&
  k.split('/').every((seg) => seg !== '' && seg !== '.' && seg !== '..');
const fileKey = z.string().refine(isBackupFileKey, 'a key under uploads/ or private/ without empty, "." or ".." parts');

const manifestSchema = z.object({
  format: z.literal(MANIFEST_FORMAT),
  version: z.literal(MANIFEST_VERSION),
  createdAt: z.iso.datetime(),
  database: z.object({
    dialect: z.enum(['sqlite', 'postgres']),
    /** database.pgdump (pg_dump's custom format) or database.sqlite (a copy of gym.db). */
    file: z.enum(['database.pgdump', 'database.sqlite']),
    bytes: z.number().int().min(0),
    sha256: sha256Text,
    /** PostgreSQL: the schema the app's tables were in (restored under the same name). */
    schema: z.string().min(1).optional(),
    /** Rows per table when the dump was taken; a restore checks it gets the same. */
    tables: z.record(z.string(), z.number().int().min(0)),
  }),
  files: z.object({
    /** Where they came from: 's3' (a bucket) or 'disk' (DATA_DIR); either restores into either. */
    store: z.enum(['s3', 'disk']),
    count: z.number().int().min(0),
    bytes: z.number().int().min(0),
    entries: z.array(z.object({ key: fileKey, bytes: z.number().int().min(0), sha256: sha256Text })),
  }),
});

export type BackupManifest = z.infer<typeof manifestSchema>;
export type FileEntry = BackupManifest['files']['entries'][number];

/** A backup holds password hashes, TOTP secrets and the server's keys: only its owner reads it. */
export const DIR_MODE = 0o700;
export const FILE_MODE = 0o600;

/**
 * Makes `dir` the backup's folder: new (created 0700), or empty and already closed to everyone
 * but its owner. A folder that others can read or enter is refused, not changed: whoever made it
 * so may rely on it, and a backup must not land there.
 */
export async function preparePrivateFolder(dir: string): Promise<void> {
  const stat = await fs.stat(dir).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return null;
    throw new OpsError(`Cannot use ${dir} for the backup: ${err.message}`);
  });
  if (stat) {
    if (!stat.isDirectory()) throw new OpsError(`${dir} is not a folder: give a new or empty folder.`);
    if ((await fs.readdir(dir)).length > 0) throw new OpsError(`${dir} is not empty: give a new or empty folder (a backup never overwrites another).`);
    if ((stat.mode & 0o077) !== 0) {
      throw new OpsError(
        `${dir} can be read by other users (mode ${(stat.mode & 0o777).toString(8)}): a backup holds password hashes and the server's keys. Give a new folder, or run chmod 700 on it first.`,
      );
    }
    return;
  }
  // Every folder created on the way is private too; chmod because the umask could only narrow it.
  await fs.mkdir(dir, { recursive: true, mode: DIR_MODE });
  await fs.chmod(dir, DIR_MODE);
}

/** Stops a backup or restore with a message meant for the person running it (no stack trace). */
export class OpsError extends Error {}

export const sha256 = (data: Buffer): string => createHash('sha256').update(data).digest('hex');

export async function sha256File(file: string): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(file)) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), bytes };
}

/** The path of a file's copy inside a backup folder. */
export const backupFilePath = (dir: string, key: string): string => path.join(dir, FILES_DIR, ...key.split('/'));

/** Reads and checks a backup folder's manifest; anything else is refused with what is wrong. */
export async function readManifest(dir: string): Promise<BackupManifest> {
  const stat = await fs.stat(dir).catch(() => null);
  if (!stat?.isDirectory()) throw new OpsError(`${dir} is not a folder: give the folder \`npm run backup\` wrote.`);
  let text: string;
  try {
    text = await fs.readFile(path.join(dir, MANIFEST_FILE), 'utf8');
  } catch {
    throw new OpsError(`${dir} has no ${MANIFEST_FILE}: it is not a backup, or its backup did not finish.`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new OpsError(`${path.join(dir, MANIFEST_FILE)} is not valid JSON.`);
  }
  const parsed = manifestSchema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.slice(0, 5).map((i) => `  ${i.path.join('.') || '(top)'}: ${i.message}`);
    throw new OpsError(
      `${path.join(dir, MANIFEST_FILE)} is not a manifest of this version (format ${MANIFEST_FORMAT} ${MANIFEST_VERSION}):\n${lines.join('\n')}`,
    );
  }
  const m = parsed.data;
  if (m.files.count !== m.files.entries.length)
    throw new OpsError(`${MANIFEST_FILE}: files.count says ${m.files.count}, the list has ${m.files.entries.length}.`);
  return m;
}

export async function writeManifest(dir: string, manifest: BackupManifest): Promise<void> {
  const tmp = path.join(dir, `${MANIFEST_FILE}.tmp`);
  await fs.writeFile(tmp, `${JSON.stringify(manifest, null, 2)}\n`, { mode: FILE_MODE, flag: 'wx' });
  await fs.rename(tmp, path.join(dir, MANIFEST_FILE));
}

/** A progress reporter: a line at most every `everyMs` and always for the last item. */
export function progress(log: (line: string) => void, label: string, total: number, everyMs = 1000): (done: number, bytes: number) => void {
  let last = 0;
  return (done, bytes) => {
    const now = Date.now();
    if (done < total && now - last < everyMs) return;
    last = now;
    const pct = total === 0 ? 100 : Math.floor((done / total) * 100);
    log(`${label}: ${done}/${total} (${pct} %, ${(bytes / 1048576).toFixed(1)} MB)`);
  };
}
