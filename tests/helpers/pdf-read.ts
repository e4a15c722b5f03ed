import { execFile } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import jsQR from 'jsqr';
import sharp from 'sharp';

// Reads a PDF back as a person would: its text through poppler's pdftotext, its pages as
// images through pdftoppm (and any QR code on them decoded). Tests fail with what to install
// when poppler is missing.

const run = promisify(execFile);

async function poppler(tool: 'pdftotext' | 'pdftoppm' | 'pdfinfo', args: string[]) {
  try {
    return await run(tool, args, { maxBuffer: 64 * 1024 * 1024 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new Error(`${tool} is missing: install poppler-utils (apt-get install poppler-utils)`);
    throw err;
  }
}

async function withFile<T>(pdf: Uint8Array, fn: (path: string, dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'pdf-read-'));
  try {
    const path = join(dir, 'doc.pdf');
    await writeFile(path, pdf);
    return await fn(path, dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The document's text, in reading order (layout kept: columns stay on their lines). */
export const pdfText = (pdf: Uint8Array): Promise<string> =>
  withFile(pdf, async (path) => (await poppler('pdftotext', ['-layout', '-enc', 'UTF-8', path, '-'])).stdout);

/** How many pages, and the first page's size in points. */
export const pdfInfo = (pdf: Uint8Array): Promise<{ pages: number; width: number; height: number }> =>
  withFile(pdf, async (path) => {
    const { stdout } = await poppler('pdfinfo', [path]);
    const size = /Page size:\s+([\d.]+) x ([\d.]+)/.exec(stdout);
    return { pages: Number(/Pages:\s+(\d+)/.exec(stdout)?.[1]), width: Number(size?.[1]), height: Number(size?.[2]) };
  });

/** Each page as a PNG at `dpi`. */
export const pdfPages = (pdf: Uint8Array, dpi = 110): Promise<Buffer[]> =>
  withFile(pdf, async (path, dir) => {
    await poppler('pdftoppm', ['-png', '-r', String(dpi), path, join(dir, 'page')]);
    const names = (await readdir(dir)).filter((n) => n.endsWith('.png')).sort();
    return Promise.all(names.map((n) => readFile(join(dir, n))));
  });

/** The text of the first QR code found on the pages, undefined when none decodes. */
export async function pdfQrCode(pdf: Uint8Array): Promise<string | undefined> {
  for (const png of await pdfPages(pdf, 200)) {
    const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const found = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height);
    if (found) return found.data;
  }
  return undefined;
}
