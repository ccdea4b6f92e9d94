import { formatDate } from '@/lib/format';
import { EmailLayout } from './components/layout';
import { Action, Facts, P, Title } from './components/parts';
import type { TransferDisputedProps } from '@/lib/mail/templates';

// The owner on record said a transfer request is wrong. The request stays with the department,
// which reads the owner's answer beside the claimant's evidence before it decides.

export function subject(p: TransferDisputedProps): string {
  return p.audience === 'claimant'
    ? `The owner on record disputes your transfer request for ${p.operationName}`
    : `Your answer was recorded: transfer request for ${p.operationName}`;
}

export function TransferDisputedEmail(p: TransferDisputedProps) {
  const claimant = p.audience === 'claimant';
  return (
    <EmailLayout
      preview={claimant ? `The department will decide your request for ${p.operationName}.` : `The department will decide; you remain the owner on record until then.`}
      reason={
        claimant
          ? `You received this email because you asked, in the Manure Management Plan Portal, to be recorded as the owner of ${p.operationName}.`
          : `You received this email because you are recorded as the owner of ${p.operationName} (facility ${p.facilityId}) in the Manure Management Plan Portal.`
      }
    >
      <Title>{claimant ? 'The owner on record says your request is wrong' : 'We recorded that the request is wrong'}</Title>
      <P>{`Dear ${p.recipientName},`}</P>
      <P>
        {claimant
          ? `${p.currentOwnerName}, the owner on record of ${p.operationName}, answered on ${formatDate(p.answeredOn)} that your request to be recorded as its owner from ${formatDate(p.acquiredOn)} is wrong.`
          : `On ${formatDate(p.answeredOn)} you told the department that ${p.claimantName}'s request to be recorded as the owner of ${p.operationName} from ${formatDate(p.acquiredOn)} is wrong.`}
      </P>
      <Facts rows={[['Operation', `${p.operationName} (facility ${p.facilityId})`], ['What the owner said', p.note]]} />
      <P strong>
        {claimant
          ? 'Nothing has changed hands. The department will look at your evidence and this answer and decide; it may contact you. We will email you its decision.'
          : 'Nothing has changed: you remain the owner on record. The department will decide and tell you both.'}
      </P>
      <Action href={p.url}>{claimant ? 'See your request' : 'Open the portal'}</Action>
    </EmailLayout>
  );
}

export const previewProps: TransferDisputedProps = {
  audience: 'claimant',
  recipientName: 'Pieter Van Zee',
  claimantName: 'Van Zee Pork Inc.',
  currentOwnerName: 'Ruth Miller',
  operationName: 'Clarion Finisher',
  facilityId: '64511',
  acquiredOn: '2027-01-15',
  answeredOn: '2027-01-22',
  note: 'I have not sold this operation. The sale fell through in December.',
  url: 'https://mmp.iowa.example/dashboard',
};
