import { deadlineOf, extensionOf, extensionSentence } from '@/lib/deadlines';
import { parameterValue } from '@/lib/rules';
import { formatDate } from '@/lib/format';
import { EmailLayout } from './components/layout';
import { Action, Facts, P, Title } from './components/parts';
import type { TransferDecidedProps } from '@/lib/mail/templates';

// The end of a transfer request: confirmed (by the department, or by the previous owner accepting
// it) or refused by the department with its reason. Each party gets its own letter: the claimant,
// and the owner on record when the request was made ('owner').

export function subject(p: TransferDecidedProps): string {
  if (p.outcome === 'refused') return `Transfer request refused: ${p.operationName} (facility ${p.facilityId})`;
  return p.audience === 'claimant'
    ? `Transfer confirmed: you are now the owner of ${p.operationName}`
    : `Transfer confirmed: ${p.operationName} is now recorded as ${p.claimantName}'s`;
}

function who(p: TransferDecidedProps): string {
  return p.through === 'department' ? 'The department' : `${p.previousOwnerName}, the owner on record,`;
}

export function TransferDecidedEmail(p: TransferDecidedProps) {
  const operation = `${p.operationName} (facility ${p.facilityId})`;
  const claimant = p.audience === 'claimant';
  const reason = p.reason?.trim() ? p.reason.trim() : null;
  if (p.outcome === 'refused' && !reason) throw new Error('A refusal must state its reason');
  const rows: [string, string][] = [
    ['Operation', operation],
    ['New owner asked for', p.claimantName],
    ['Date of acquisition given', formatDate(p.acquiredOn)],
    ['Decision', `${p.outcome === 'confirmed' ? 'Confirmed' : 'Refused'} on ${formatDate(p.decidedOn)}`],
  ];
  if (reason) rows.push([p.outcome === 'refused' ? 'Reason' : 'Note', reason]);
  const req = p.requirement;
  return (
    <EmailLayout
      preview={p.outcome === 'confirmed' ? `The transfer of ${p.operationName} was confirmed on ${formatDate(p.decidedOn)}.` : `The department refused the transfer request for ${p.operationName}.`}
      reason={
        claimant
          ? `You received this email because you asked, in the Manure Management Plan Portal, to be recorded as the owner of ${p.operationName}.`
          : `You received this email because you ${p.outcome === 'confirmed' ? 'were' : 'are'} recorded as the owner of ${operation} in the Manure Management Plan Portal.`
      }
    >
      <Title>{p.outcome === 'refused' ? 'The transfer request was refused' : claimant ? `You are now the owner of ${p.operationName}` : 'The transfer was confirmed'}</Title>
      <P>{`Dear ${p.recipientName},`}</P>
      {p.outcome === 'refused' ? (
        <P>{`The department refused ${claimant ? 'your' : `${p.claimantName}'s`} request to be recorded as the owner of ${operation}. Nothing has changed hands: ${claimant ? `${p.previousOwnerName} remains` : 'you remain'} the owner on record.`}</P>
      ) : (
        <P>{`${who(p)} confirmed on ${formatDate(p.decidedOn)} that ${p.claimantName} acquired ${operation} on ${formatDate(p.acquiredOn)}. ${p.claimantName} is now its owner on record; ${claimant ? `${p.previousOwnerName}'s` : 'your'} ownership ended on ${formatDate(p.acquiredOn)}.`}</P>
      )}
      <Facts rows={rows} />
      {p.outcome === 'confirmed' && claimant && req ? (
        req.required && req.dueOn ? (
          <P strong>{`As the new owner you must submit your own original manure management plan by ${formatDate(req.dueOn)}, within ${parameterValue('days.new_owner_original_mmp')} days after acquiring the operation (${req.citation}).${extensionSentence(extensionOf(deadlineOf('new_owner_original_mmp', req.dueOn)))} Until then you may apply manure under the previous owner's most recent plan.`}</P>
        ) : (
          <P strong>{`You do not owe an original manure management plan for this operation: ${req.reason} (${req.citation})`}</P>
        )
      ) : null}
      {p.outcome === 'confirmed' && !claimant ? (
        <P>{"Your preparers' access to this operation has ended, and the operation no longer appears in your portal account. Its plans and records stay on file with the department."}</P>
      ) : null}
      {p.outcome === 'refused' && claimant ? (
        <P>If you have other proof of the transfer, such as a recorded deed, you may file a new request with it.</P>
      ) : null}
      <Action href={p.url}>{p.outcome === 'confirmed' && claimant ? 'Open the operation' : 'Open the portal'}</Action>
    </EmailLayout>
  );
}

export const previewProps: TransferDecidedProps = {
  audience: 'claimant',
  outcome: 'confirmed',
  through: 'department',
  recipientName: 'Pieter Van Zee',
  claimantName: 'Van Zee Pork Inc.',
  previousOwnerName: 'Ruth Miller',
  operationName: 'Clarion Finisher',
  facilityId: '64511',
  acquiredOn: '2027-01-15',
  decidedOn: '2027-01-25',
  reason: null,
  requirement: {
    required: true,
    dueOn: '2027-03-16',
    citation: 'IAC 567-65.110(1)"d"',
    reason: `A new owner must submit an original MMP within ${parameterValue('days.new_owner_original_mmp')} days after acquiring the operation.`,
  },
  url: 'https://mmp.iowa.example/operations/64511',
};
