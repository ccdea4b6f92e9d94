import { formatDate, formatDateTime } from '@/lib/format';
import { EmailLayout } from './components/layout';
import { Action, Facts, P, Title } from './components/parts';
import type { FilingDisputedProps } from '@/lib/mail/templates';

// CROMERR repudiation: someone who may sign for the operation said "I did not sign this" about a
// filing. Sent to the department's staff at once, so it is not only on the worklist.

export function subject(p: FilingDisputedProps): string {
  return `Filing disputed: ${p.operationName} (${p.referenceNumber}), “I did not sign this”`;
}

export function FilingDisputedEmail(p: FilingDisputedProps) {
  return (
    <EmailLayout
      preview={`${p.disputedBy} disputes the filing of ${p.operationName}: it is locked until the department speaks with the owner.`}
      reason="You received this email because you are department staff in the Manure Management Plan Portal."
    >
      <Title>A filing is disputed</Title>
      <P>{`${p.disputedBy}, who may sign for ${p.operationName}, says they did not sign its filing received on ${formatDate(p.submittedOn)}.`}</P>
      <Facts
        rows={[
          ['Operation', `${p.operationName} (facility ${p.facilityId}), ${p.countyName} County`],
          ['Plan', p.referenceNumber],
          ['Receipt', p.confirmationNumber ?? 'none'],
          ['Disputed', `${formatDateTime(p.disputedAt)} by ${p.disputedBy}`],
          ['In their words', p.statement],
        ]}
      />
      <P strong>
        The filing is locked: it cannot be found complete or decided until the department has spoken with the owner. Call the owner and find out
        who signed it. The dispute is in the audit log and at the top of the worklist.
      </P>
      <Action href={p.planUrl}>Open the filing</Action>
    </EmailLayout>
  );
}

export const previewProps: FilingDisputedProps = {
  operationName: 'Rock Valley Finisher Site',
  facilityId: '58231',
  countyName: 'Sioux',
  referenceNumber: 'MMP-19167-0042',
  confirmationNumber: 'MMP-2027-000123',
  submittedOn: '2027-03-01',
  disputedAt: '2027-03-04T15:42:00.000Z',
  disputedBy: 'Karen Hansen',
  statement: 'I never signed this; my password was shared by a former employee.',
  planUrl: 'https://mmp.iowa.example/review/plans/0b3c6a57-8a0f-4c3e-9d51-6f0c2a1e9b44',
};
