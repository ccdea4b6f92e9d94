import 'server-only';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import { formatDateTime } from '@/lib/format';
import type { FiledDocument, PlanChange } from '@/lib/plans/document/types';
import { documentLines, type Section } from './copy-of-record-lines';

// The copy of record (CROMERR §3.2000(b)(5)(vi)): the plan as received, in a form a person and an
// archive can both read. PDF/A-2a, tagged (headings, paragraphs and lists in a structure tree), in
// English, every font embedded: DejaVu Sans, committed with its licence under lib/pdf/fonts, since the
// PDF standard fonts (Helvetica) are never embedded. Every page names the receipt and "Page n of m".

const FONTS = path.join(process.cwd(), 'lib', 'pdf', 'fonts');
const REGULAR = path.join(FONTS, 'DejaVuSans.ttf');
const BOLD = path.join(FONTS, 'DejaVuSans-Bold.ttf');
// Read once per process: a filing renders its copy inside its transaction, so every millisecond counts.
let fontBytes: { regular: Buffer; bold: Buffer } | null = null;
const fonts = () => (fontBytes ??= { regular: readFileSync(REGULAR), bold: readFileSync(BOLD) });

/** The certification the owner ticks before submitting (components/plan/wizard/steps/review-step.tsx). */
export const CERTIFICATION_WORDS = 'I certify that the information in this plan is true and complete to the best of my knowledge.';

export type CopyOfRecordInput = {
  confirmationNumber: string;
  referenceNumber: string;
  receivedAt: Date;
  kind: 'original' | 'annual_update';
  updateKind: string | null;
  channel: string;
  animalUnitCapacity: number | null;
  operation: { name: string; facilityId: string | null; countyName: string };
  owner: { name: string; email: string | null };
  submittedBy: { name: string; roleLabel: string; email: string | null };
  document: FiledDocument;
  changes: PlanChange[];
  /** SHA-256 (hex) of the frozen submission, canonical JSON (RFC 8785). */
  documentSha256: string;
  /** Where anyone can check a copy: the portal's /verify page. */
  verifyUrl: string;
  countyName: (fips: string) => string;
};

export function copyOfRecordTitle(i: Pick<CopyOfRecordInput, 'confirmationNumber'>): string {
  return `Manure management plan: copy of record ${i.confirmationNumber}`;
}

export function footerWords(confirmationNumber: string, page: number, pages: number): string {
  return `Copy of record · receipt ${confirmationNumber} · Page ${page} of ${pages}`;
}

function receiptSections(i: CopyOfRecordInput): Section[] {
  return [
    {
      heading: 'Receipt',
      lines: [
        `Receipt (confirmation) number: ${i.confirmationNumber}`,
        `Plan reference: ${i.referenceNumber}`,
        `Received by the Iowa Department of Natural Resources: ${formatDateTime(i.receivedAt)}`,
        `Filed: ${i.kind === 'original' ? 'original manure management plan' : `annual update${i.updateKind ? ` (${i.updateKind.replace(/_/g, ' ')})` : ''}`}, ${i.channel === 'electronic' ? 'electronically through the portal' : i.channel}`,
      ],
    },
    {
      heading: 'Operation and owner',
      lines: [
        `Operation: ${i.operation.name}`,
        `Facility ID: ${i.operation.facilityId ?? 'not yet assigned'}`,
        `County: ${i.operation.countyName}`,
        `Animal unit capacity: ${i.animalUnitCapacity ?? 'not given'}`,
        `Owner of record: ${i.owner.name}${i.owner.email ? ` (${i.owner.email})` : ''}`,
      ],
    },
  ];
}

function closingSections(i: CopyOfRecordInput): Section[] {
  return [
    { heading: 'Certification', lines: [CERTIFICATION_WORDS] },
    {
      heading: 'Submitted by',
      lines: [
        `${i.submittedBy.name}, ${i.submittedBy.roleLabel}${i.submittedBy.email ? ` (${i.submittedBy.email})` : ''}, certified and submitted this plan through the portal, signed in to their own account.`,
        `Date and time of receipt: ${formatDateTime(i.receivedAt)}.`,
      ],
    },
    {
      heading: 'Integrity',
      lines: [
        `SHA-256 of the frozen plan document (canonical JSON, RFC 8785): ${i.documentSha256}`,
        `The department keeps this copy unaltered. Anyone holding it can check it at ${i.verifyUrl}: a copy with any byte changed will not match.`,
      ],
    },
  ];
}

/** The copy of record as PDF bytes. */
export async function renderCopyOfRecordPdf(i: CopyOfRecordInput): Promise<Buffer> {
  const title = copyOfRecordTitle(i);
  const doc = new PDFDocument({
    pdfVersion: '1.7',
    subset: 'PDF/A-2a',
    tagged: true,
    lang: 'en-US',
    displayTitle: true,
    bufferPages: true,
    size: 'LETTER',
    margins: { top: 54, bottom: 64, left: 54, right: 54 },
    info: { Title: title, Author: 'Iowa Department of Natural Resources', Subject: `Plan ${i.referenceNumber}, receipt ${i.confirmationNumber}`, Creator: 'Iowa MMP Portal', CreationDate: i.receivedAt, ModDate: i.receivedAt },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('Body', fonts().regular);
  doc.registerFont('Bold', fonts().bold);

  const root = doc.struct('Document');
  doc.addStructure(root);
  root.add(doc.struct('H1', {}, () => doc.font('Bold').fontSize(16).text(title)));
  const sections = [...receiptSections(i), ...documentLines(i.document, i.changes, i.countyName, i.kind), ...closingSections(i)];
  for (const s of sections) {
    // A heading never ends a page alone: start the section on the next page when little room is left.
    if (doc.y > doc.page.height - doc.page.margins.bottom - 72) doc.addPage();
    root.add(doc.struct('H2', {}, () => doc.moveDown(0.6).font('Bold').fontSize(12).text(s.heading)));
    if (s.list) {
      const list = doc.struct('L');
      root.add(list);
      for (const line of s.lines) {
        list.add(doc.struct('LI', {}, [doc.struct('LBody', {}, () => doc.font('Body').fontSize(9.5).text(`• ${line}`, { indent: 0, paragraphGap: 3 }))]));
      }
      list.end();
    } else {
      for (const line of s.lines) root.add(doc.struct('P', {}, () => doc.font('Body').fontSize(10).text(line, { paragraphGap: 4 })));
    }
  }
  root.end();

  // "Page n of m" is known only once every page exists: write the footers last, as artifacts.
  const range = doc.bufferedPageRange();
  for (let p = range.start; p < range.start + range.count; p++) {
    doc.switchToPage(p);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.markContent('Artifact', { type: 'Pagination' });
    doc.font('Body').fontSize(8.5).fillColor('#444444')
      .text(footerWords(i.confirmationNumber, p - range.start + 1, range.count), 54, doc.page.height - 40, { width: doc.page.width - 108, align: 'center', lineBreak: false });
    doc.endMarkedContent();
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return done;
}
