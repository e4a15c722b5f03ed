// `npm run backup -- <dir>`: the database, then every upload, then the manifest. The database
// goes first: uploads are never changed once written (a new file gets a new name), so every file
// the dump names is still there to copy; files uploaded meanwhile are copied too, unused.
// The folder is the owner's only (0700, files 0600). With BACKUP_RECIPIENT it holds one file,
// backup.tar.age: the same contents, encrypted to that age public key.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config';
import {
  DIR_MODE,
  FILE_MODE,
  MANIFEST_FILE,
  MANIFEST_FORMAT,
  MANIFEST_VERSION,
  backupFilePath,
  preparePrivateFolder,
  progress,
  sha256,
  sha256File,
  writeManifest,
  type BackupManifest,
  type FileEntry,
} from './backup-manifest';
import { dumpDatabase } from './database-dump';
import { ARCHIVE_FILE, createEncryptedArchive, encrypterFor } from './encrypted-archive';
import { fileStoreFor } from './file-store';

export interface OpsOptions {
  log?: (line: string) => void;
}

/** Where a backup's parts go: files in the folder, or entries of the encrypted archive. */
interface Output {
  /** The dump, written by pg_dump or SQLite into `dumpDir`, is complete at `file`. */
  database(file: string): Promise<void>;
  file(key: string, data: Buffer): Promise<void>;
  manifest(manifest: BackupManifest): Promise<void>;
}

export async function backup(config: Config, dir: string, opts: OpsOptions = {}): Promise<BackupManifest> {
  const log = opts.log ?? (() => {});
  const recipient = config.backupRecipient;
  if (recipient) encrypterFor(recipient); // a wrong key stops the backup before anything is written
  await preparePrivateFolder(dir);
  if (!recipient) {
    const manifest = await collect(config, dir, log, {
      database: (file) => fs.chmod(file, FILE_MODE), // pg_dump and SQLite create it with the umask
      async file(key, data) {
        const target = backupFilePath(dir, key);
        await fs.mkdir(path.dirname(target), { recursive: true, mode: DIR_MODE });
        await fs.writeFile(target, data, { flag: 'wx', mode: FILE_MODE });
      },
      manifest: (m) => writeManifest(dir, m),
    });
    log(`Backup complete in ${dir}: ${manifest.files.count} file(s), ${manifest.files.bytes} bytes, manifest.json written last.`);
    return manifest;
  }

  // The dump needs a file of its own before it enters the archive: a private folder inside the
  // backup's, removed as soon as the archive holds it. The archive is renamed into place last.
  const part = path.join(dir, `${ARCHIVE_FILE}.part`);
  const work = await fs.mkdtemp(path.join(dir, '.dump-'));
  const archive = await createEncryptedArchive(part, recipient);
  try {
    const manifest = await collect(config, work, log, {
      async database(file) {
        await archive.add(path.basename(file), { file });
        await fs.rm(file, { force: true });
      },
      file: (key, data) => archive.add(`files/${key}`, data),
      manifest: (m) => archive.add(MANIFEST_FILE, Buffer.from(`${JSON.stringify(m, null, 2)}\n`)),
    });
    await archive.finish();
    await fs.rm(work, { recursive: true, force: true });
    await fs.rename(part, path.join(dir, ARCHIVE_FILE));
    const { size } = await fs.stat(path.join(dir, ARCHIVE_FILE));
    log(`Backup complete in ${dir}: ${ARCHIVE_FILE} (${size} bytes, encrypted to BACKUP_RECIPIENT), ${manifest.files.count} file(s) inside.`);
    return manifest;
  } catch (err) {
    archive.abort(err as Error);
    await fs.rm(work, { recursive: true, force: true });
    await fs.rm(part, { force: true });
    throw err;
  }
}

async function collect(config: Config, dumpDir: string, log: (line: string) => void, out: Output): Promise<BackupManifest> {
  log(`Backing up the ${config.databaseUrl ? 'PostgreSQL' : 'SQLite'} database…`);
  const dump = await dumpDatabase(config, dumpDir);
  const dbSum = await sha256File(path.join(dumpDir, dump.file));
  const rows = Object.values(dump.tables).reduce((a, b) => a + b, 0);
  log(`Database: ${Object.keys(dump.tables).length} tables, ${rows} rows, ${dbSum.bytes} bytes in ${dump.file}`);
  await out.database(path.join(dumpDir, dump.file));

  const store = fileStoreFor(config);
  const entries: FileEntry[] = [];
  let bytes = 0;
  try {
    const files = await store.list();
    log(`Copying ${files.length} file(s) from ${store.describe}…`);
    const report = progress(log, 'Files', files.length);
    for (const f of files) {
      const data = await store.read(f.key);
      await out.file(f.key, data);
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
  await out.manifest(manifest);
  return manifest;
}
