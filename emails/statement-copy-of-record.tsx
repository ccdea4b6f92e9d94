import { formatDateTime } from '@/lib/format';
import { EmailLayout } from './components/layout';
import { Action, Facts, P, Title } from './components/parts';
import type { StatementCopyOfRecordProps } from '@/lib/mail/templates';

// DNR form 542-8167, CROMERR: the acknowledgment to the landowner who signed a statement of intent,
// sent at once, with the receipt number, the hashes and a link of their own to the copy of record.

export function subject(p: StatementCopyOfRecordProps): string {
  return `Copy of record ${p.receiptNumber}: your statement of intent for ${p.fieldName}`;
}

export function StatementCopyOfRecordEmail(p: StatementCopyOfRecordProps) {
  return (
    <EmailLayout
      preview={`Your statement of intent for ${p.fieldName} is confirmed; its copy of record is ready.`}
      reason={`You received this email because you confirmed a statement of intent for ${p.fieldName} in the manure management plan of ${p.operationName}.`}
    >
      <Title>Your statement of intent as confirmed</Title>
      <P>{`Dear ${p.landownerName},`}</P>
      <P>{`You confirmed the statement of intent for ${p.fieldName} in the manure management plan of ${p.operationName} on ${formatDateTime(p.confirmedAt)}. The copy of record is the statement exactly as you signed it, kept unaltered by the department; download it and keep it with your records.`}</P>
      <Facts
        rows={[
          ['Receipt number', p.receiptNumber],
          ['Confirmed', formatDateTime(p.confirmedAt)],
          ['SHA-256 of the copy of record (PDF)', p.sha256],
          ['SHA-256 of the statement', p.documentSha256],
          ['Download link works until', formatDateTime(p.copyUntil)],
        ]}
      />
      <P strong>If you did not confirm this statement, contact the Iowa Department of Natural Resources at once.</P>
      <Action href={p.copyUrl}>Download the copy of record</Action>
      <P>{`Anyone holding the copy can check that it matches the department’s at ${p.verifyUrl}.`}</P>
    </EmailLayout>
  );
}

export const previewProps: StatementCopyOfRecordProps = {
  landownerName: 'Jan De Boer',
  operationName: 'Storm Lake Finisher',
  fieldName: 'De Boer 40',
  receiptNumber: 'SOI-2027-3F2A9C41',
  confirmedAt: '2027-03-01T15:04:00.000Z',
  sha256: '3a7bd3e2360a3d29eea436fcfb7e44c735d117c42d1c1835420b6b9942dd4f1b',
  documentSha256: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
  copyUrl: 'https://mmp.iowa.example/api/statements/copy-of-record.pdf?token=example',
  copyUntil: '2027-05-30T15:04:00.000Z',
  verifyUrl: 'https://mmp.iowa.example/verify',
};
