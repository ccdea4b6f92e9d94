import { formatDateTime } from '@/lib/format';
import { EmailLayout } from './components/layout';
import { Action, Facts, P, Title } from './components/parts';
import type { CopyOfRecordProps } from '@/lib/mail/templates';

// CROMERR §3.2000(b)(5)(iii): the acknowledgment of receipt, sent the moment the plan is received,
// to the person who submitted it, with what identifies exactly what was received: the receipt
// number, the SHA-256 of the copy of record, and where to download it and check it.

export function subject(p: CopyOfRecordProps): string {
  return `Copy of record ${p.confirmationNumber}: your manure management plan for ${p.operationName} as received`;
}

export function CopyOfRecordEmail(p: CopyOfRecordProps) {
  return (
    <EmailLayout
      preview={`The department received your plan for ${p.operationName}; its copy of record is ready.`}
      reason={`You received this email because you submitted the manure management plan for ${p.operationName} in the Manure Management Plan Portal.`}
    >
      <Title>Your plan as the department received it</Title>
      <P>{`Dear ${p.recipientName},`}</P>
      <P>
        {`The Iowa Department of Natural Resources received the manure management plan for ${p.operationName} on ${formatDateTime(p.receivedAt)}. The copy of record is the plan exactly as received, kept unaltered; download it and keep it with your records.`}
      </P>
      <Facts
        rows={[
          ['Receipt number', p.confirmationNumber],
          ['Plan', p.referenceNumber],
          ['Received', formatDateTime(p.receivedAt)],
          ['SHA-256 of the copy of record (PDF)', p.sha256],
          ['SHA-256 of the plan document', p.documentSha256],
        ]}
      />
      <P strong>If you did not submit this plan, contact the department at once.</P>
      <Action href={p.copyUrl}>Download the copy of record</Action>
      <P>{`Anyone holding the copy can check that it matches the department’s at ${p.verifyUrl}.`}</P>
    </EmailLayout>
  );
}

export const previewProps: CopyOfRecordProps = {
  recipientName: 'Karen Hansen',
  operationName: 'Hansen Finisher Site',
  referenceNumber: 'MMP-19167-0042',
  confirmationNumber: 'MMP-2027-000123',
  receivedAt: '2027-03-01T15:04:00.000Z',
  sha256: '3a7bd3e2360a3d29eea436fcfb7e44c735d117c42d1c1835420b6b9942dd4f1b',
  documentSha256: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
  copyUrl: 'https://mmp.iowa.example/api/plans/00000000-0000-4000-8000-000000000000/copy-of-record.pdf',
  verifyUrl: 'https://mmp.iowa.example/verify',
};
