// A backup as one age-encrypted tar archive (BACKUP_RECIPIENT): the same names as a backup
// folder (database.*, files/<key>, manifest.json last) streamed through tar-stream into age's
// STREAM encryption, so no upload is ever written to disk in clear. Only the holder of the
// identity (the private key) can read it; a changed or cut archive fails its authentication.
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Decrypter, Encrypter } from 'age-encryption';
import tar from 'tar-stream';
import { DIR_MODE, FILE_MODE, FILES_DIR, MANIFEST_FILE, OpsError, isBackupFileKey } from './backup-manifest';

export const ARCHIVE_FILE = 'backup.tar.age';
const DATABASE_FILES = new Set(['database.pgdump', 'database.sqlite']);

type WebStream = ReadableStream<Uint8Array>;

export interface ArchiveWriter {
  /** Adds one entry; resolves once the archive has taken it (backpressure from the disk). */
  add(name: string, data: Buffer | { file: string }): Promise<void>;
  /** Closes the archive and waits until every byte is on disk. */
  finish(): Promise<void>;
  /** Stops after a failure; the unfinished file is left for the caller to remove. */
  abort(err: Error): void;
}

export function encrypterFor(recipient: string): Encrypter {
  const e = new Encrypter();
  try {
    e.addRecipient(recipient.trim());
  } catch (err) {
    throw new OpsError(`BACKUP_RECIPIENT is not an age public key (age1…, as printed by age-keygen -y): ${(err as Error).message}`);
  }
  return e;
}

/** Starts the archive at `target` (created 0600, never over an existing file). */
export async function createEncryptedArchive(target: string, recipient: string): Promise<ArchiveWriter> {
  const encrypter = encrypterFor(recipient);
  const pack = tar.pack();
  const plain = Readable.toWeb(Readable.from(pack)) as unknown as WebStream;
  const sealed = await encrypter.encrypt(plain);
  const out = createWriteStream(target, { flags: 'wx', mode: FILE_MODE });
  const written = pipeline(Readable.fromWeb(sealed as Parameters<typeof Readable.fromWeb>[0]), out);
  // Seen by finish(); a failure before it also stops the next add() (the pack is destroyed).
  written.catch((err: unknown) => pack.destroy(err as Error));

  return {
    async add(name, data) {
      const size = Buffer.isBuffer(data) ? data.length : (await fs.stat(data.file)).size;
      await new Promise<void>((resolve, reject) => {
        const sink = pack.entry({ name, size, mode: FILE_MODE, mtime: new Date() }, (err) => (err ? reject(err) : resolve()));
        sink.once('error', reject);
        void (async () => {
          const chunks: AsyncIterable<Buffer> | Buffer[] = Buffer.isBuffer(data) ? [data] : createReadStream(data.file);
          for await (const chunk of chunks) if (!sink.write(chunk)) await once(sink, 'drain');
          sink.end(undefined);
        })().catch(reject);
      });
    },
    async finish() {
      pack.finalize();
      await written;
    },
    abort(err) {
      pack.destroy(err);
      out.destroy(err);
    },
  };
}

/** The archive's entry names a backup folder may hold; anything else stops the restore. */
function allowedName(name: string): boolean {
  if (name === MANIFEST_FILE || DATABASE_FILES.has(name)) return true;
  return name.startsWith(`${FILES_DIR}/`) && isBackupFileKey(name.slice(FILES_DIR.length + 1));
}

/** Reads the identity file (age-keygen's output: comments and AGE-SECRET-KEY-… lines). */
export async function readIdentities(file: string): Promise<string[]> {
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (err) {
    throw new OpsError(`Cannot read the identity file ${file}: ${(err as Error).message}`);
  }
  const keys = text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  if (keys.length === 0 || keys.some((k) => !k.startsWith('AGE-SECRET-KEY-'))) {
    throw new OpsError(`${file} is not an age identity file (lines AGE-SECRET-KEY-…, as written by age-keygen).`);
  }
  return keys;
}

/**
 * Decrypts `archive` with the identities and unpacks it into `dir` (an empty private folder):
 * the folder a plain backup would have written. Names outside a backup's layout are refused.
 */
export async function extractEncryptedArchive(archive: string, identities: string[], dir: string): Promise<void> {
  const decrypter = new Decrypter();
  for (const id of identities) {
    try {
      decrypter.addIdentity(id);
    } catch (err) {
      throw new OpsError(`The identity file holds a key age cannot use: ${(err as Error).message}`);
    }
  }
  let plain: WebStream;
  try {
    plain = await decrypter.decrypt(Readable.toWeb(createReadStream(archive)) as unknown as WebStream);
  } catch (err) {
    throw new OpsError(`${archive} cannot be decrypted with this identity (${(err as Error).message}): give the key BACKUP_RECIPIENT was made from.`);
  }
  const extract = tar.extract();
  const source = Readable.fromWeb(plain as Parameters<typeof Readable.fromWeb>[0]);
  source.once('error', (err) => extract.destroy(err));
  source.pipe(extract);
  try {
    for await (const entry of extract) {
      const { name, type } = entry.header;
      if (type !== 'file' || !allowedName(name)) throw new OpsError(`${archive} holds "${name}", which is not part of a backup: refusing it.`);
      const target = path.join(dir, ...name.split('/'));
      await fs.mkdir(path.dirname(target), { recursive: true, mode: DIR_MODE });
      await pipeline(entry, createWriteStream(target, { flags: 'wx', mode: FILE_MODE }));
    }
  } catch (err) {
    source.destroy();
    if (err instanceof OpsError) throw err;
    throw new OpsError(`${archive} is damaged or was not made for this identity: ${(err as Error).message}`);
  }
}
