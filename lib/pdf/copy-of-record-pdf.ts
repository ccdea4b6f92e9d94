import 'server-only';
import { formatDateTime } from '@/lib/format';
import type { FiledDocument, PlanChange } from '@/lib/plans/document/types';
import { pageFooterWords, renderArchivalPdf, type Block } from './archival';
import { documentLines, type Section } from './copy-of-record-lines';
import { FACTOR_WORDS, PLAN_CERTIFICATION, type Certification } from '@/lib/signing/certification';
import type { FrozenSignature } from '@/lib/plans/document/snapshot';

// The copy of record (CROMERR §3.2000(b)(5)(vi)): the plan as received, in a form a person and an
// archive can both read, written in the portal's one archival form (lib/pdf/archival: tagged PDF/A-2a,
// every font embedded). Every page names the receipt and "Page n of m".

/** The certification ticked on submissions filed before the signing step (kept for their copies). */
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
  /** The signature frozen with the submission; null on submissions filed before the signing step. */
  signature: FrozenSignature | null;
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
  return pageFooterWords(`Copy of record · receipt ${confirmationNumber}`, page, pages);
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

function certificationOf(version: string): Certification | null {
  return version === PLAN_CERTIFICATION.version ? PLAN_CERTIFICATION : null;
}

function signatureSections(s: FrozenSignature): Section[] {
  const text = certificationOf(s.certificationVersion);
  return [
    { heading: 'Certification', lines: [text ? text.text : `The certification of DNR form 542-4000, version ${s.certificationVersion}.`] },
    {
      heading: 'Signature',
      lines: [
        `Signed electronically by ${s.name} (${s.email}), ${s.capacity.toLowerCase()}, on ${formatDateTime(s.signedAt)}, with ${FACTOR_WORDS[s.factor] ?? s.factor}, after reading the plan and the certification above.`,
        `SHA-256 of the plan as the signer read it (canonical JSON, RFC 8785): ${s.documentSha256}`,
        `Certification signed: ${text?.form ?? 'DNR form 542-4000'}, version ${s.certificationVersion}; SHA-256 of its text: ${s.certificationSha256}`,
      ],
    },
  ];
}

function closingSections(i: CopyOfRecordInput): Section[] {
  return [
    ...(i.signature ? signatureSections(i.signature) : [{ heading: 'Certification', lines: [CERTIFICATION_WORDS] }]),
    {
      heading: 'Submitted by',
      lines: [
        i.signature
          ? `${i.submittedBy.name}, ${i.submittedBy.roleLabel}${i.submittedBy.email ? ` (${i.submittedBy.email})` : ''}, signed and submitted this plan through the portal, signed in to their own account.`
          : `${i.submittedBy.name}, ${i.submittedBy.roleLabel}${i.submittedBy.email ? ` (${i.submittedBy.email})` : ''}, certified and submitted this plan through the portal, signed in to their own account.`,
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
  const sections = [...receiptSections(i), ...documentLines(i.document, i.changes, i.countyName, i.kind), ...closingSections(i)];
  return renderArchivalPdf({
    title: copyOfRecordTitle(i),
    subject: `Plan ${i.referenceNumber}, receipt ${i.confirmationNumber}`,
    createdAt: i.receivedAt,
    footer: (page, pages) => footerWords(i.confirmationNumber, page, pages),
    blocks: [
      { heading: copyOfRecordTitle(i), level: 1 },
      ...sections.flatMap((s): Block[] => [{ heading: s.heading }, ...(s.list ? [{ list: s.lines }] : s.lines.map((text) => ({ text })))]),
    ],
  });
}
