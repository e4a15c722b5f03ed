import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Color, PDFDocument, PDFFont, PDFPage } from 'pdf-lib';

// IBM Plex Sans Thai as @fontsource ships it: one file per script subset and weight (Latin,
// Latin Extended, Thai), files only, no install script. Together the subsets hold what the
// complete font held; a document embeds each one it was given, and each text is drawn in runs,
// every character in the first subset that has it (docs/decisions/179). Cyrillic comes from IBM
// Plex Sans (the same design), and Chinese and Japanese kanji from Noto Sans SC, which @fontsource
// cuts into about a hundred files by unicode range: a document embeds only the ones holding a
// character of the text it names when it is created (`covers`), so a Chinese name costs one or
// two files of some 30 KB, not the whole font (decision 191).

const require = createRequire(import.meta.url);
/** In the order a character looks for its glyph: Latin first, so a space or digit stays in the run it is in. */
const SUBSETS = ['latin', 'latin-ext', 'thai'] as const;
const CYRILLIC = ['cyrillic', 'cyrillic-ext'] as const;
const WEIGHTS = { regular: 400, bold: 600 } as const;
export type Weight = keyof typeof WEIGHTS;

/** A @fontsource package's folder of files, from its package.json's path (each named in full, so the dependency is seen). */
const filesOf = (packageJson: string) => packageJson.replace(/package\.json$/, 'files/');

type FontFiles = Record<Weight, Buffer[]>;
/** Read once per process (3 to 25 KB each); each document embeds the glyphs it uses. */
let fontFiles: Promise<FontFiles> | undefined;
function readFonts(): Promise<FontFiles> {
  fontFiles ??= (async () => {
    const thai = filesOf(require.resolve('@fontsource/ibm-plex-sans-thai/package.json'));
    const plex = filesOf(require.resolve('@fontsource/ibm-plex-sans/package.json'));
    const read = (weight: number) =>
      Promise.all([
        ...SUBSETS.map((s) => readFile(`${thai}ibm-plex-sans-thai-${s}-${weight}-normal.woff`)),
        ...CYRILLIC.map((s) => readFile(`${plex}ibm-plex-sans-${s}-${weight}-normal.woff`)),
      ]);
    const [regular, bold] = await Promise.all([read(WEIGHTS.regular), read(WEIGHTS.bold)]);
    return { regular, bold };
  })();
  return fontFiles;
}

/** Noto Sans SC's numbered files and the code points each holds ("U+4e00-4e2f,U+4e3a"), read once. */
let cjkRanges: Promise<{ file: string; ranges: [number, number][] }[]> | undefined;
function readCjkRanges() {
  cjkRanges ??= (async () => {
    const table = JSON.parse(await readFile(require.resolve('@fontsource/noto-sans-sc/unicode.json'), 'utf8')) as Record<string, string>;
    return Object.entries(table)
      .filter(([key]) => /^\[\d+\]$/.test(key))
      .map(([key, list]) => ({
        file: key.slice(1, -1),
        ranges: list.split(',').map((r): [number, number] => {
          const [lo, hi = lo] = r.trim().replace(/^U\+/i, '').split('-');
          return [parseInt(lo, 16), parseInt(hi, 16)];
        }),
      }));
  })();
  return cjkRanges;
}

/** The Noto Sans SC files of one weight holding the code points given (none for an empty list). */
async function cjkFiles(codePoints: Set<number>, weight: number): Promise<Buffer[]> {
  if (codePoints.size === 0) return [];
  const dir = filesOf(require.resolve('@fontsource/noto-sans-sc/package.json'));
  const needed = (await readCjkRanges()).filter((f) => f.ranges.some(([lo, hi]) => [...codePoints].some((cp) => cp >= lo && cp <= hi)));
  return Promise.all(needed.map((f) => readFile(`${dir}noto-sans-sc-${f.file}-${weight}-normal.woff`)));
}

/** One weight of the family in a document: its subsets, and how a text splits among them. */
export class FontRuns {
  private readonly sets: Set<number>[];
  /** Whether a subset can measure a character it lists, checked once per character used. */
  private readonly readable = new Map<string, boolean>();

  constructor(private readonly fonts: PDFFont[]) {
    this.sets = fonts.map((f) => new Set(f.getCharacterSet()));
  }

  /**
   * A subset has a character when it lists it and can read its outline: some @fontsource subsets
   * list a space or no-break space whose outline fontkit cannot read (IBM Plex Sans' Cyrillic),
   * so such a character goes to the next subset that has it.
   */
  private has(font: number, cp: number): boolean {
    if (!this.sets[font].has(cp)) return false;
    const key = `${font}:${cp}`;
    let ok = this.readable.get(key);
    if (ok === undefined) {
      try {
        this.fonts[font].widthOfTextAtSize(String.fromCodePoint(cp), 10);
        ok = true;
      } catch {
        ok = false;
      }
      this.readable.set(key, ok);
    }
    return ok;
  }

  /** `text` as consecutive runs, each in one font; a character no subset has stays in the run it is in. */
  runs(text: string): { font: PDFFont; text: string }[] {
    const out: { font: number; text: string }[] = [];
    for (const ch of text) {
      const cp = ch.codePointAt(0)!;
      const last = out[out.length - 1];
      if (last && this.has(last.font, cp)) {
        last.text += ch;
        continue;
      }
      const found = this.sets.findIndex((_, i) => this.has(i, cp));
      if (last && (found < 0 || found === last.font)) {
        last.text += ch;
        continue;
      }
      // Spaces before the change go with the new run: a reader (pdftotext, copy and paste) keeps
      // a space that starts a run, and may drop one that ends it.
      const spaces = last && found >= 0 && this.has(found, 32) ? last.text.slice(last.text.trimEnd().length) : '';
      if (last && spaces) last.text = last.text.slice(0, -spaces.length);
      if (last && !last.text) out.pop();
      out.push({ font: Math.max(found, 0), text: spaces + ch });
    }
    return out.map((r) => ({ font: this.fonts[r.font], text: r.text }));
  }

  width(text: string, size: number): number {
    return this.runs(text).reduce((sum, r) => sum + r.font.widthOfTextAtSize(r.text, size), 0);
  }

  draw(page: PDFPage, text: string, at: { x: number; y: number; size: number; color: Color }): void {
    let x = at.x;
    for (const r of this.runs(text)) {
      page.drawText(r.text, { x, y: at.y, size: at.size, font: r.font, color: at.color });
      x += r.font.widthOfTextAtSize(r.text, at.size);
    }
  }
}

/**
 * Embeds the family's subsets (subsetted to the glyphs drawn) in both weights, and the Noto Sans
 * SC files that hold the characters of `covers` the family lacks (a name in Chinese).
 */
export async function embedFamily(doc: PDFDocument, covers = ''): Promise<Record<Weight, FontRuns>> {
  const files = await readFonts();
  const embed = (bytes: Buffer[]) => Promise.all(bytes.map((b) => doc.embedFont(b, { subset: true })));
  const [regular, bold] = await Promise.all([embed(files.regular), embed(files.bold)]);
  const known = new Set(regular.flatMap((f) => f.getCharacterSet()));
  const missing = new Set([...covers].map((ch) => ch.codePointAt(0)!).filter((cp) => cp > 0x20 && !known.has(cp)));
  const [cjkRegular, cjkBold] = await Promise.all([cjkFiles(missing, WEIGHTS.regular), cjkFiles(missing, WEIGHTS.bold)]);
  const [moreRegular, moreBold] = await Promise.all([embed(cjkRegular), embed(cjkBold)]);
  return { regular: new FontRuns([...regular, ...moreRegular]), bold: new FontRuns([...bold, ...moreBold]) };
}
