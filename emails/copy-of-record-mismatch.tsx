import { EmailLayout } from './components/layout';
import { Action, Bullets, P, Title } from './components/parts';
import type { CopyOfRecordMismatchProps } from '@/lib/mail/templates';

// CROMERR §3.2000(b)(5)(vi): the daily check found stored copies of record whose bytes no longer
// hash to the address they were filed under. Sent to the department's staff; the audit log has it.

export function subject(p: CopyOfRecordMismatchProps): string {
  return `Copies of record changed: ${p.mismatches.length} of ${p.checked} no longer match their hash`;
}

export function CopyOfRecordMismatchEmail(p: CopyOfRecordMismatchProps) {
  return (
    <EmailLayout
      preview={`${p.mismatches.length} stored copies of record no longer match the hash they were filed under.`}
      reason="You received this email because you are department staff in the Manure Management Plan Portal."
    >
      <Title>Stored copies of record no longer match</Title>
      <P>
        {`The daily check on ${p.checkedOn} re-hashed the ${p.checked} stored copies of record. These no longer hash to the SHA-256 they were filed under, so their bytes changed after receipt:`}
      </P>
      <Bullets items={p.mismatches.map((m) => `Receipt ${m.confirmationNumber} (plan ${m.referenceNumber}): filed as ${m.expected}, now ${m.found}`)} />
      <P strong>Restore these copies from a backup taken before the change and find out how the database was altered. Each mismatch is in the audit log.</P>
      <Action href={p.worklistUrl}>Open the portal</Action>
    </EmailLayout>
  );
}

export const previewProps: CopyOfRecordMismatchProps = {
  checkedOn: '2027-03-02',
  checked: 1204,
  mismatches: [{
    confirmationNumber: 'MMP-2027-000123', referenceNumber: 'MMP-19167-0042',
    expected: '3a7bd3e2360a3d29eea436fcfb7e44c735d117c42d1c1835420b6b9942dd4f1b', found: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
  }],
  worklistUrl: 'https://mmp.iowa.example/review',
};
