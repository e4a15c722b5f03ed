import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFImage, type PDFPage } from 'pdf-lib';
import { embedFamily, type FontRuns } from './pdf-fonts';

// The one way the server writes a PDF (visa letters, attendance statements, receipts): A4 pages,
// one type family that prints Latin, Thai and Cyrillic (IBM Plex Sans, see pdf-fonts.ts, so a
// Thai address or a Russian name prints as typed; Chinese too where the document names the text
// when created), a letterhead, and a cursor that flows text down the page.

/** A4 in PDF points. */
export const A4 = { width: 595.28, height: 841.89 } as const;
const MARGIN = 50;

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** A calendar date written so no reader can take the day for the month: "1 March 2027". */
export function longDate(isoDate: string): string {
  const [y, m, d] = isoDate.slice(0, 10).split('-').map(Number);
  return `${d} ${MONTHS[m - 1]} ${y}`;
}

/** Who the document comes from, printed at the top of its first page. */
export interface Letterhead {
  legalName: string;
  registrationNumber?: string | null;
  address: string;
  phone?: string | null;
  email?: string | null;
}

interface TextStyle {
  size?: number;
  bold?: boolean;
  /** Grey, for small print. */
  muted?: boolean;
  /** Extra space after the block, in points. */
  after?: number;
}

/** A document being written: text flows from the top of the page; a new page starts when one is full. */
export class PdfWriter {
  private page!: PDFPage;
  /** The baseline of the next line. */
  y = 0;

  private constructor(
    readonly doc: PDFDocument,
    private readonly regular: FontRuns,
    private readonly bold: FontRuns,
  ) {
    this.newPage();
  }

  /** `covers`: the texts it will print that may be in Chinese (their fonts are embedded only when needed). */
  static async create(meta: { title: string; author: string; covers?: string }): Promise<PdfWriter> {
    const doc = await PDFDocument.create();
    doc.registerFontkit(fontkit);
    const { regular, bold } = await embedFamily(doc, meta.covers);
    doc.setTitle(meta.title);
    doc.setAuthor(meta.author);
    doc.setProducer(meta.author);
    doc.setCreator(meta.author);
    return new PdfWriter(doc, regular, bold);
  }

  get pageCount(): number {
    return this.doc.getPageCount();
  }

  newPage(): void {
    this.page = this.doc.addPage([A4.width, A4.height]);
    this.y = A4.height - MARGIN;
  }

  private font(bold?: boolean) {
    return bold ? this.bold : this.regular;
  }

  /** The lines `text` takes at `size` within `width` (explicit line breaks kept; long words broken). */
  wrap(text: string, size: number, width = A4.width - 2 * MARGIN, bold = false): string[] {
    const font = this.font(bold);
    const lines: string[] = [];
    for (const paragraph of text.split('\n')) {
      let line = '';
      for (const word of paragraph.split(' ')) {
        const candidate = line ? `${line} ${word}` : word;
        if (font.width(candidate, size) <= width) {
          line = candidate;
          continue;
        }
        if (line) lines.push(line);
        line = word;
        // A word wider than the line (an address without spaces, Thai text) is cut where it fits.
        while (font.width(line, size) > width && line.length > 1) {
          let cut = line.length - 1;
          while (cut > 1 && font.width(line.slice(0, cut), size) > width) cut -= 1;
          lines.push(line.slice(0, cut));
          line = line.slice(cut);
        }
      }
      lines.push(line);
    }
    return lines;
  }

  private ensure(height: number) {
    if (this.y - height < MARGIN) this.newPage();
  }

  /** A block of text at the left margin (or at `x`), wrapped to the page. */
  text(text: string, style: TextStyle & { x?: number; width?: number } = {}): void {
    const size = style.size ?? 10.5;
    const x = style.x ?? MARGIN;
    const lines = this.wrap(text, size, style.width ?? A4.width - MARGIN - x, style.bold);
    const leading = size * 1.35;
    for (const line of lines) {
      this.ensure(leading);
      this.y -= leading;
      this.font(style.bold).draw(this.page, line, { x, y: this.y, size, color: style.muted ? rgb(0.4, 0.4, 0.4) : rgb(0, 0, 0) });
    }
    this.y -= style.after ?? 0;
  }

  /** Label and value rows, the labels in a column of their own. */
  rows(pairs: [string, string][], style: { size?: number; labelWidth?: number; after?: number } = {}): void {
    const size = style.size ?? 10.5;
    const labelWidth = style.labelWidth ?? 150;
    for (const [label, value] of pairs) {
      const top = this.y;
      this.text(label, { size, bold: true, width: labelWidth - 8 });
      const labelBottom = this.y;
      this.y = top;
      this.text(value, { size, x: MARGIN + labelWidth });
      this.y = Math.min(this.y, labelBottom);
    }
    this.y -= style.after ?? 0;
  }

  /** A table: a bold header row and rows, columns as fractions of the text width. */
  table(header: string[], body: string[][], columns: number[], size = 9.5): void {
    const width = A4.width - 2 * MARGIN;
    const xs = columns.reduce<number[]>((acc, _c, i) => [...acc, i === 0 ? MARGIN : acc[i - 1] + columns[i - 1] * width], []);
    const line = (cells: string[], bold: boolean) => {
      const top = this.y;
      let bottom = this.y;
      cells.forEach((cell, i) => {
        this.y = top;
        this.text(cell, { size, bold, x: xs[i], width: columns[i] * width - 6 });
        bottom = Math.min(bottom, this.y);
      });
      this.y = bottom - 3;
    };
    this.ensure(size * 3);
    line(header, true);
    this.rule();
    for (const r of body) {
      this.ensure(size * 1.5);
      line(r, false);
    }
  }

  /** A thin line across the text width. */
  rule(after = 6): void {
    this.page.drawLine({ start: { x: MARGIN, y: this.y }, end: { x: A4.width - MARGIN, y: this.y }, thickness: 0.6, color: rgb(0.6, 0.6, 0.6) });
    this.y -= after;
  }

  space(points: number): void {
    this.y -= points;
  }

  /** The sender's name, details and a rule, at the top of the page. */
  letterhead(h: Letterhead): void {
    this.text(h.legalName, { size: 16, bold: true, after: 2 });
    this.text(h.address, { size: 9.5, muted: true });
    const contact = [h.phone, h.email, h.registrationNumber ? `Reg./Tax No. ${h.registrationNumber}` : null].filter(Boolean).join('  ·  ');
    if (contact) this.text(contact, { size: 9.5, muted: true });
    this.space(6);
    this.rule(14);
  }

  /** Embeds a PNG or JPEG (a signature, a stamp, a QR code); undefined when the bytes are neither. */
  async image(bytes: Uint8Array): Promise<PDFImage | undefined> {
    if (bytes[0] === 0x89 && bytes[1] === 0x50) return this.doc.embedPng(bytes);
    if (bytes[0] === 0xff && bytes[1] === 0xd8) return this.doc.embedJpg(bytes);
    return undefined;
  }

  /** Draws an image with its top-left corner at (x, this.y), scaled to `width`; the cursor stays. */
  drawImage(image: PDFImage, x: number, width: number): number {
    const height = (image.height / image.width) * width;
    this.page.drawImage(image, { x, y: this.y - height, width, height });
    return height;
  }

  async save(): Promise<Uint8Array> {
    return this.doc.save();
  }
}

/** The left edge of the text, for callers placing images beside it. */
export const PDF_MARGIN = MARGIN;
