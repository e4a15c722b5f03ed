import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Color, PDFDocument, PDFFont, PDFPage } from 'pdf-lib';

// IBM Plex Sans Thai as @fontsource ships it: one file per script subset and weight (Latin,
// Latin Extended, Thai), files only, no install script. Together the subsets hold what the
// complete font held; a document embeds each one it was given, and each text is drawn in runs,
// every character in the first subset that has it (docs/decisions/179).

const require = createRequire(import.meta.url);
/** In the order a character looks for its glyph: Latin first, so a space or digit stays in the run it is in. */
const SUBSETS = ['latin', 'latin-ext', 'thai'] as const;
const WEIGHTS = { regular: 400, bold: 600 } as const;
export type Weight = keyof typeof WEIGHTS;

type FontFiles = Record<Weight, Buffer[]>;
/** Read once per process (3 to 25 KB each); each document embeds the glyphs it uses. */
let fontFiles: Promise<FontFiles> | undefined;
function readFonts(): Promise<FontFiles> {
  fontFiles ??= (async () => {
    const dir = require.resolve('@fontsource/ibm-plex-sans-thai/package.json').replace(/package\.json$/, 'files/');
    const read = (weight: number) => Promise.all(SUBSETS.map((s) => readFile(`${dir}ibm-plex-sans-thai-${s}-${weight}-normal.woff`)));
    const [regular, bold] = await Promise.all([read(WEIGHTS.regular), read(WEIGHTS.bold)]);
    return { regular, bold };
  })();
  return fontFiles;
}

/** One weight of the family in a document: its subsets, and how a text splits among them. */
export class FontRuns {
  private readonly sets: Set<number>[];

  constructor(private readonly fonts: PDFFont[]) {
    this.sets = fonts.map((f) => new Set(f.getCharacterSet()));
  }

  /** `text` as consecutive runs, each in one font; a character no subset has stays in the run it is in. */
  runs(text: string): { font: PDFFont; text: string }[] {
    const out: { font: number; text: string }[] = [];
    for (const ch of text) {
      const cp = ch.codePointAt(0)!;
      const last = out[out.length - 1];
      if (last && this.sets[last.font].has(cp)) {
        last.text += ch;
        continue;
      }
      const found = this.sets.findIndex((s) => s.has(cp));
      if (last && (found < 0 || found === last.font)) {
        last.text += ch;
        continue;
      }
      // Spaces before the change go with the new run: a reader (pdftotext, copy and paste) keeps
      // a space that starts a run, and may drop one that ends it.
      const spaces = last && this.sets[found].has(32) ? last.text.slice(last.text.trimEnd().length) : '';
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

/** Embeds the family's subsets (subsetted to the glyphs drawn) in both weights. */
export async function embedFamily(doc: PDFDocument): Promise<Record<Weight, FontRuns>> {
  const files = await readFonts();
  const embed = (bytes: Buffer[]) => Promise.all(bytes.map((b) => doc.embedFont(b, { subset: true })));
  const [regular, bold] = await Promise.all([embed(files.regular), embed(files.bold)]);
  return { regular: new FontRuns(regular), bold: new FontRuns(bold) };
}
