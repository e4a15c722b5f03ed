// `npm run restore -- <dir>`: into an empty database and an empty store only. Everything in the
// backup is checked against the manifest before anything is written; the files go first and the
// database last (one transaction, or one rename for SQLite), so a restore cut short leaves no
// database and can simply be run again: files already restored are the backup's own and are
// skipped, anything else in the store is refused.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Config } from '../config';
import { OpsError, backupFilePath, progress, readManifest, sha256File, type BackupManifest } from './backup-manifest';
import type { OpsOptions } from './backup';
import { countsOfTarget, restoreDatabase, targetDatabaseProblem } from './database-dump';
import { ARCHIVE_FILE, extractEncryptedArchive, readIdentities } from './encrypted-archive';
import { fileStoreFor } from './file-store';

export interface RestoreOptions extends OpsOptions {
  /** The age identity file (age-keygen's output) of an encrypted backup. */
  identityFile?: string;
}

/** The encrypted archive `source` names (the file, or a backup folder holding it), if any. */
async function encryptedArchive(source: string): Promise<string | null> {
  const stat = await fs.stat(source).catch(() => null);
  if (stat?.isFile() && source.endsWith('.age')) return source;
  const inside = path.join(source, ARCHIVE_FILE);
  return stat?.isDirectory() && (await fs.stat(inside).catch(() => null))?.isFile() ? inside : null;
}

export async function restore(config: Config, source: string, opts: RestoreOptions = {}): Promise<BackupManifest> {
  const log = opts.log ?? (() => {});
  const archive = await encryptedArchive(source);
  if (!archive) return restoreFolder(config, source, log);
  if (!opts.identityFile) throw new OpsError(`${archive} is encrypted: give its identity file, npm run restore -- ${source} --identity <file>.`);
  const identities = await readIdentities(opts.identityFile);
  // Unpacked into a private folder (0700, TMPDIR), checked and restored from there, then removed.
  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'gym-restore-'));
  try {
    log(`Decrypting ${archive}…`);
    await extractEncryptedArchive(archive, identities, work);
    return await restoreFolder(config, work, log);
  } finally {
    await fs.rm(work, { recursive: true, force: true });
  }
}

async function restoreFolder(config: Config, dir: string, log: (line: string) => void): Promise<BackupManifest> {
  const manifest = await readManifest(dir);
  const dialect = config.databaseUrl ? 'postgres' : 'sqlite';
  if (manifest.database.dialect !== dialect) {
    throw new OpsError(
      `This is a ${manifest.database.dialect === 'postgres' ? 'PostgreSQL' : 'SQLite'} backup and the target is ${dialect === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : 'SQLite (no DATABASE_URL)'}: a backup restores into the same kind of database.`,
    );
  }
  log(
    `Backup of ${manifest.createdAt}: ${Object.keys(manifest.database.tables).length} tables, ${manifest.files.count} file(s), ${manifest.files.bytes} bytes.`,
  );

  // 1. The target is empty (or holds only this backup's files, from a restore cut short).
  const dbProblem = await targetDatabaseProblem(config, manifest.database.schema);
  if (dbProblem) throw new OpsError(`Refusing to restore: ${dbProblem}.`);
  const store = fileStoreFor(config);
  try {
    const wanted = new Map(manifest.files.entries.map((e) => [e.key, e.bytes]));
    const present = await store.list();
    const foreign = present.filter((f) => wanted.get(f.key) !== f.bytes);
    if (foreign.length > 0) {
      throw new OpsError(
        `Refusing to restore: ${store.describe} already holds ${foreign.length} file(s) that are not this backup's (first: ${foreign[0].key}). Restore into an empty bucket or DATA_DIR.`,
      );
    }
    const done = new Set(present.map((f) => f.key));

    // 2. The backup is whole: every checksum before anything is written.
    const db = await sha256File(path.join(dir, manifest.database.file)).catch(() => null);
    if (!db) throw new OpsError(`${manifest.database.file} is missing from ${dir}.`);
    if (db.sha256 !== manifest.database.sha256 || db.bytes !== manifest.database.bytes)
      throw new OpsError(`${manifest.database.file} does not match its checksum in the manifest: the backup is damaged.`);
    const checked = progress(log, 'Checking files', manifest.files.count);
    let n = 0;
    let bytes = 0;
    for (const e of manifest.files.entries) {
      const sum = await sha256File(backupFilePath(dir, e.key)).catch(() => null);
      if (!sum) throw new OpsError(`files/${e.key} is missing from ${dir}: the backup is incomplete.`);
      if (sum.sha256 !== e.sha256 || sum.bytes !== e.bytes)
        throw new OpsError(`files/${e.key} does not match its checksum in the manifest: the backup is damaged.`);
      bytes += e.bytes;
      checked(++n, bytes);
    }

    // 3. Files, then the database.
    log(`Restoring ${manifest.files.count} file(s) into ${store.describe}${done.size ? ` (${done.size} already there)` : ''}…`);
    const written = progress(log, 'Files', manifest.files.count);
    n = 0;
    bytes = 0;
    for (const e of manifest.files.entries) {
      if (!done.has(e.key)) await store.write(e.key, await fs.readFile(backupFilePath(dir, e.key)));
      bytes += e.bytes;
      written(++n, bytes);
    }
  } finally {
    store.close();
  }

  log(`Restoring the database from ${manifest.database.file}…`);
  await restoreDatabase(config, dir, manifest.database.file, manifest.database.schema);
  const counts = await countsOfTarget(config, manifest.database.schema);
  const differ = Object.keys({ ...counts, ...manifest.database.tables }).filter((t) => counts[t] !== manifest.database.tables[t]);
  if (differ.length > 0) {
    throw new OpsError(
      `The restored database differs from the backup's counts in ${differ.map((t) => `${t} (${counts[t] ?? 'missing'} rows, expected ${manifest.database.tables[t] ?? 'none'})`).join(', ')}.`,
    );
  }
  log(`Restore complete: ${Object.keys(counts).length} tables with the backup's row counts, ${manifest.files.count} file(s). Start the app.`);
  return manifest;
}
