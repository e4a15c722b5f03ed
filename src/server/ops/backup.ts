// `npm run backup -- <dir>`: the database, then every upload, then the manifest. The database
// goes first: uploads are never changed once written (a new file gets a new name), so every file
// the dump names is still there to copy; files uploaded meanwhile are copied too, unused.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config';
import {
  MANIFEST_FORMAT,
  MANIFEST_VERSION,
  OpsError,
  backupFilePath,
  progress,
  sha256,
  sha256File,
  writeManifest,
  type BackupManifest,
  type FileEntry,
} from './backup-manifest';
import { dumpDatabase } from './database-dump';
import { fileStoreFor } from './file-store';

export interface OpsOptions {
  log?: (line: string) => void;
}

export async function backup(config: Config, dir: string, opts: OpsOptions = {}): Promise<BackupManifest> {
  const log = opts.log ?? (() => {});
  const existing = await fs.readdir(dir).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return null;
    throw new OpsError(`Cannot use ${dir} for the backup: ${err.message}`);
  });
  if (existing && existing.length > 0) throw new OpsError(`${dir} is not empty: give a new or empty folder (a backup never overwrites another).`);
  await fs.mkdir(dir, { recursive: true });

  log(`Backing up the ${config.databaseUrl ? 'PostgreSQL' : 'SQLite'} database…`);
  const dump = await dumpDatabase(config, dir);
  const dbSum = await sha256File(path.join(dir, dump.file));
  const rows = Object.values(dump.tables).reduce((a, b) => a + b, 0);
  log(`Database: ${Object.keys(dump.tables).length} tables, ${rows} rows, ${dbSum.bytes} bytes in ${dump.file}`);

  const store = fileStoreFor(config);
  const entries: FileEntry[] = [];
  let bytes = 0;
  try {
    const files = await store.list();
    log(`Copying ${files.length} file(s) from ${store.describe}…`);
    const report = progress(log, 'Files', files.length);
    for (const f of files) {
      const data = await store.read(f.key);
      const target = backupFilePath(dir, f.key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.writeFile(target, data, { flag: 'wx' });
      entries.push({ key: f.key, bytes: data.length, sha256: sha256(data) });
      bytes += data.length;
      report(entries.length, bytes);
    }
  } finally {
    store.close();
  }

  const manifest: BackupManifest = {
    format: MANIFEST_FORMAT,
    version: MANIFEST_VERSION,
    createdAt: new Date().toISOString(),
    database: {
      dialect: config.databaseUrl ? 'postgres' : 'sqlite',
      file: dump.file,
      bytes: dbSum.bytes,
      sha256: dbSum.sha256,
      schema: dump.schema,
      tables: dump.tables,
    },
    files: { store: store.kind, count: entries.length, bytes, entries },
  };
  await writeManifest(dir, manifest);
  log(`Backup complete in ${dir}: ${entries.length} file(s), ${bytes} bytes, manifest.json written last.`);
  return manifest;
}
