import { deadlineOf, deadlineWords } from '@/lib/deadlines';
import { latestParameter, reviewDeadline } from '@/lib/rules';
import { formatDate } from '@/lib/format';
import { FEE_LABELS, planKindLabel } from '@/lib/notifications/labels';
import { EmailLayout } from './components/layout';
import { Action, Facts, MoneyLines, P, Subheading, Title } from './components/parts';
import type { SubmissionReceivedProps } from '@/lib/mail/templates';

export function subject(p: SubmissionReceivedProps): string {
  return `Received: ${planKindLabel(p.planKind, p.updateKind)} for ${p.operationName}`;
}

export function SubmissionReceivedEmail(p: SubmissionReceivedProps) {
  const kind = planKindLabel(p.planKind, p.updateKind);
  const review = latestParameter('days.mmp_review');
  return (
    <EmailLayout
      preview={`The department received your plan for ${p.operationName} on ${formatDate(p.receivedOn)}.`}
      reason={`You received this email because you submitted, or are the owner of, ${p.operationName} (facility ${p.facilityId}) in the Manure Management Plan Portal.`}
    >
      <Title>We received your plan</Title>
      <P>{`Dear ${p.ownerName},`}</P>
      <P>{`The Iowa Department of Natural Resources received your plan for ${p.operationName} on ${formatDate(p.receivedOn)}.`}</P>
      <Facts
        rows={[
          ['Operation', `${p.operationName} (facility ${p.facilityId})`],
          ['Plan', kind],
          ['Received', formatDate(p.receivedOn)],
          ...(p.confirmationNumber ? [['Confirmation number', p.confirmationNumber] as [string, string]] : []),
        ]}
      />
      {p.decisionDueOn ? (
        <P strong>
          {`The department will approve or disapprove your plan by ${deadlineWords(deadlineOf('department_review', p.decisionDueOn))} (${review.citation}: within ${review.value} days of receiving a complete plan).`}
        </P>
      ) : (
        <P>
          {`The department will first check that your plan is complete. If something is missing, the plan is returned to you with a list of what to add. The ${review.value}-day review (${review.citation}) begins when the department receives a complete plan.`}
        </P>
      )}
      <Subheading>Fees due</Subheading>
      {p.fees.length > 0 ? (
        <MoneyLines lines={p.fees.map((f) => ({ label: FEE_LABELS[f.code], cents: f.cents }))} total={{ label: 'Total due' }} />
      ) : (
        <P>No fee is due with this submission.</P>
      )}
      {p.confirmationNumber && p.receiptUrl ? (
        <P>{`Keep the confirmation number ${p.confirmationNumber} for your records. Your filing receipt (PDF, with the fees owed and how to pay them) is at ${p.receiptUrl} once you sign in.`}</P>
      ) : null}
      <Action href={p.planUrl}>View your plan</Action>
    </EmailLayout>
  );
}

export const previewProps: SubmissionReceivedProps = {
  ownerName: 'Dana Vander Berg',
  operationName: 'Rock Valley Finishers',
  facilityId: '64512',
  planKind: 'annual_update',
  updateKind: 'list_of_changes',
  receivedOn: '2027-01-04',
  decisionDueOn: reviewDeadline('2027-01-04'),
  fees: [{ code: 'annual_compliance', cents: 14880 }],
  planUrl: 'https://mmp.iowa.example/plans/3f6c2a8e-1b7d-4e52-9a0c-5d8e7f1a2b3c',
};
