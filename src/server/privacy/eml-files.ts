import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * The copies of sent e-mails that the outbox writes as files (DATA_DIR/outbox/<outbox id>.eml,
 * mail/delivery/mail-sender.ts) when no SMTP_URL is set.
 */
export interface EmlFile {
  name: string;
  path: string;
  size: number;
  modifiedAt: string;
}

const EML_NAME = /^(\d+)\.eml$/;

export const emlDir = (dataDir: string) => path.join(dataDir, 'outbox');

/**
 * The files of the given outbox rows, and any other whose text names one of `texts` (an address
 * also written in headers; bodies are read as stored, so a base64 part is not searched).
 */
export async function findEmlFiles(dataDir: string, outboxIds: Set<number>, texts: string[]): Promise<EmlFile[]> {
  const dir = emlDir(dataDir);
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const wanted = texts.map((t) => t.toLowerCase()).filter((t) => t.length > 0);
  const out: EmlFile[] = [];
  for (const name of names.sort((a, b) => Number(EML_NAME.exec(a)?.[1] ?? 0) - Number(EML_NAME.exec(b)?.[1] ?? 0))) {
    const m = EML_NAME.exec(name);
    if (!m) continue;
    const file = path.join(dir, name);
    let hit = outboxIds.has(Number(m[1]));
    if (!hit && wanted.length > 0) {
      const text = (await fs.readFile(file, 'latin1').catch(() => '')).toLowerCase();
      hit = wanted.some((t) => text.includes(t));
    }
    if (!hit) continue;
    const st = await fs.stat(file).catch(() => null);
    if (st) out.push({ name, path: file, size: st.size, modifiedAt: st.mtime.toISOString() });
  }
  return out;
}

/** The file's text (an export carries it). */
export const readEml = (f: EmlFile) => fs.readFile(f.path, 'utf8');

/** Removes the files; answers how many went (one already gone counts as gone). */
export async function removeEmlFiles(files: EmlFile[]): Promise<number> {
  let n = 0;
  for (const f of files) {
    await fs.rm(f.path, { force: true });
    n += 1;
  }
  return n;
}
