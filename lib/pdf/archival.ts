import 'server-only';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Font as FontkitFont } from 'fontkit';

// Every PDF the portal issues (the copy of record, decision letters, filing receipts, invoices) is
// written here, in one archival form: PDF/A-2a, tagged (headings, paragraphs, lists and tables in a
// structure tree, so a screen reader reads them in order), in English, with title metadata, and every
// font embedded: DejaVu Sans, committed with its licence under lib/pdf/fonts, since the PDF standard
// fonts (Helvetica) are never embedded. Every page names its document and "Page n of m", marked as
// page furniture. Words are never hyphenated: a line breaks only at a space or after a slash.

const FONTS = path.join(process.cwd(), 'lib', 'pdf', 'fonts');
// Read once per process: a filing renders its copy of record inside its transaction.
// Each face is read and parsed once per process (fontkit, the font engine PDFKit itself uses) and
// shared by every document: PDFKit takes a parsed font as it takes bytes, and subsets it per document.
// Parsing both faces for each PDF cost time and left megabytes of garbage per document under load.
// PDFKit and fontkit are loaded with the first PDF, not with every page whose module could issue one:
// most requests never do, and loaded they hold about 8 MB of the server's heap for good.
type Engine = { PDFDocument: typeof import('pdfkit'); fonts: { regular: FontkitFont; bold: FontkitFont } };
let engine: Promise<Engine> | undefined;
const loadEngine = (): Promise<Engine> =>
  (engine ??= Promise.all([import('pdfkit'), import('fontkit')]).then(([pdfkit, { create }]) => ({
    PDFDocument: pdfkit.default,
    fonts: { regular: create(readFileSync(path.join(FONTS, 'DejaVuSans.ttf'))), bold: create(readFileSync(path.join(FONTS, 'DejaVuSans-Bold.ttf'))) },
  })).catch((err: unknown) => {
    engine = undefined; // the next document tries again
    throw err;
  }));

export const DEPARTMENT_AUTHOR = 'Iowa Department of Natural Resources';

/** A piece of a document, in reading order. */
export type Block =
  | { heading: string; level?: 1 | 2 }
  /** A paragraph; its own line breaks are kept (an address, a signature). */
  | { text: string; bold?: boolean; size?: number; muted?: boolean; gapBefore?: number; indent?: number }
  | { list: string[] }
  /** Columns as fractions of the page's width; header cells are tagged TH, the rest TD. */
  | { table: { header?: string[]; rows: string[][]; widths: number[]; align?: ('left' | 'right')[]; boldFirstColumn?: boolean; boldRows?: number[] } };

export type ArchivalDocument = {
  title: string;
  subject?: string;
  /** The document's date: its creation and modification date in the metadata. */
  createdAt: Date;
  /** The line at the foot of page n of m. */
  footer: (page: number, pages: number) => string;
  blocks: Block[];
  /** Body text size in points (default 10). */
  fontSize?: number;
};

const MUTED = '#444444';

/**
 * The text with its line breaks chosen here: only at a space, or after a slash inside a word too long
 * for a line (an address). PDFKit's own breaker would also break after a hyphen, splitting a reference
 * such as "FEE-C67EAD0CE8" or a date range across lines, where a reader copies it wrong. (PDFKit
 * ends a paragraph at every line break, so blocks are drawn without its paragraph gap and the gap is
 * added once, after the block.)
 */
function wrapAtSpaces(doc: PDFKit.PDFDocument, text: string, width: number): string {
  // A little short of the width: PDFKit measures word by word, and kerning makes the sums differ slightly.
  const fits = (s: string) => doc.widthOfString(s) <= width - 3;
  return text.split('\n').map((paragraph) => {
    const lines: string[] = [];
    let line = '';
    const pieces = (word: string): string[] => {
      if (fits(word)) return [word];
      // Too long for any line: break after a slash where there is one, else where it must.
      // A piece between slashes that is itself too long is taken a character at a time.
      const parts = word.split(/(?<=\/)/).flatMap((part) => (fits(part) ? [part] : [...part]));
      const out: string[] = [];
      let cur = '';
      for (const part of parts) {
        if (cur && !fits(cur + part)) { out.push(cur); cur = ''; }
        cur += part;
      }
      if (cur) out.push(cur);
      return out;
    };
    for (const word of paragraph.split(' ')) {
      const candidate = line ? `${line} ${word}` : word;
      if (fits(candidate)) { line = candidate; continue; }
      if (line) lines.push(line);
      const parts = pieces(word);
      lines.push(...parts.slice(0, -1));
      line = parts.at(-1) ?? '';
    }
    lines.push(line);
    return lines.join('\n');
  }).join('\n');
}

/** The document as PDF bytes. */
export async function renderArchivalPdf(d: ArchivalDocument): Promise<Buffer> {
  const { PDFDocument, fonts } = await loadEngine();
  const doc = new PDFDocument({
    pdfVersion: '1.7',
    subset: 'PDF/A-2a',
    tagged: true,
    lang: 'en-US',
    displayTitle: true,
    bufferPages: true,
    size: 'LETTER',
    margins: { top: 54, bottom: 64, left: 54, right: 54 },
    info: { Title: d.title, Author: DEPARTMENT_AUTHOR, Subject: d.subject ?? d.title, Creator: 'Iowa MMP Portal', CreationDate: d.createdAt, ModDate: d.createdAt },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  // PDFKit's types name only a font's bytes; at run time it takes a parsed fontkit font as well.
  doc.registerFont('Body', fonts.regular as unknown as Buffer);
  doc.registerFont('Bold', fonts.bold as unknown as Buffer);
  const size = d.fontSize ?? 10;
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const roomLeft = () => doc.page.height - doc.page.margins.bottom - doc.y;

  const root = doc.struct('Document');
  doc.addStructure(root);
  for (const b of d.blocks) {
    doc.x = left;
    if ('heading' in b) {
      // A heading never ends a page alone: it starts the next page when little room is left.
      if (b.level !== 1 && roomLeft() < 72) doc.addPage();
      const level = b.level ?? 2;
      root.add(doc.struct(level === 1 ? 'H1' : 'H2', {}, () => {
        if (level === 2) doc.moveDown(0.6);
        else if (doc.y > doc.page.margins.top) doc.moveDown(0.4);
        doc.font('Bold').fontSize(level === 1 ? size + 6 : size + 2).fillColor('black').text(wrapAtSpaces(doc, b.heading, width));
        doc.y += 2;
      }));
    } else if ('text' in b) {
      root.add(doc.struct('P', {}, () => {
        if (b.gapBefore) doc.moveDown(b.gapBefore);
        doc.font(b.bold ? 'Bold' : 'Body').fontSize(b.size ?? size).fillColor(b.muted ? MUTED : 'black');
        doc.text(wrapAtSpaces(doc, b.text, width - (b.indent ?? 0)), left + (b.indent ?? 0), doc.y, { width: width - (b.indent ?? 0) });
        doc.y += 4;
      }));
    } else if ('list' in b) {
      const list = doc.struct('L');
      root.add(list);
      for (const line of b.list) {
        list.add(doc.struct('LI', {}, [doc.struct('LBody', {}, () => {
          doc.font('Body').fontSize(size - 0.5).fillColor('black');
          doc.text(wrapAtSpaces(doc, `• ${line}`, width), { width });
          doc.y += 3;
        })]));
      }
      list.end();
    } else {
      const t = b.table;
      const cols = t.widths.map((w) => w * width);
      const pad = 3;
      const table = doc.struct('Table');
      root.add(table);
      const rows = [...(t.header ? [{ cells: t.header, head: true, bold: true }] : []), ...t.rows.map((cells, i) => ({ cells, head: false, bold: t.boldRows?.includes(i) ?? false }))];
      for (const row of rows) {
        const fontOf = (i: number) => (row.bold || (t.boldFirstColumn && i === 0) ? 'Bold' : 'Body');
        const cellText = row.cells.map((c, i) => wrapAtSpaces(doc.font(fontOf(i)).fontSize(size), c, cols[i]! - 2 * pad) || ' ');
        const height = Math.max(...cellText.map((c, i) => doc.font(fontOf(i)).fontSize(size).heightOfString(c, { width: cols[i]! - 2 * pad }))) + 2 * pad;
        if (roomLeft() < height) doc.addPage();
        const y = doc.y;
        const tr = doc.struct('TR');
        table.add(tr);
        let x = left;
        cellText.forEach((c, i) => {
          const cellX = x;
          // A column's header cell, and a row's label in a two-column table of facts, say what they head (PDF/UA).
          const header = row.head || (t.boldFirstColumn && i === 0);
          // PDFKit writes the Scope attribute; its type declarations do not list the option.
          const scope = (header ? { scope: row.head ? 'Column' : 'Row' } : {}) as PDFKit.Mixins.StructureElementOptions;
          tr.add(doc.struct(header ? 'TH' : 'TD', scope, () => {
            doc.font(fontOf(i)).fontSize(size).fillColor('black').text(c, cellX + pad, y + pad, { width: cols[i]! - 2 * pad, align: t.align?.[i] ?? 'left' });
          }));
          x += cols[i]!;
        });
        tr.end();
        doc.markContent('Artifact', { type: 'Layout' });
        doc.moveTo(left, y + height).lineTo(left + width, y + height).lineWidth(0.5).strokeColor('#999999').stroke();
        doc.endMarkedContent();
        doc.x = left;
        doc.y = y + height;
      }
      table.end();
      doc.moveDown(0.4);
    }
  }
  root.end();

  // "Page n of m" is known only once every page exists: the footers are written last, as artifacts.
  const range = doc.bufferedPageRange();
  for (let p = range.start; p < range.start + range.count; p++) {
    doc.switchToPage(p);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.markContent('Artifact', { type: 'Pagination' });
    doc.font('Body').fontSize(8.5).fillColor(MUTED)
      .text(d.footer(p - range.start + 1, range.count), left, doc.page.height - 40, { width, align: 'center', lineBreak: false });
    doc.endMarkedContent();
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return done;
}

/** The foot of every page of a portal PDF: what the document is and which page, so a loose page still says where it belongs. */
export function pageFooterWords(reference: string, pageNumber: number, totalPages: number): string {
  return `${reference} · Page ${pageNumber} of ${totalPages}`;
}
