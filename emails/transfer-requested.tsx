import { latestParameter } from '@/lib/rules';
import { formatDate, formatDateTime } from '@/lib/format';
import { EmailLayout } from './components/layout';
import { Action, Facts, P, Title } from './components/parts';
import type { TransferRequestedProps } from '@/lib/mail/templates';

// IAC 567-65.110(1)"d", DNR form 542-4026: a request to be recorded as an operation's new owner.
// The claimant is told nothing has changed yet; the owner on record is asked to accept or object.

export function subject(p: TransferRequestedProps): string {
  return p.audience === 'claimant'
    ? `Transfer request received: ${p.operationName} (facility ${p.facilityId})`
    : `Action needed: ${p.claimantName} asked to become the owner of ${p.operationName}`;
}

export function TransferRequestedEmail(p: TransferRequestedProps) {
  const operation = `${p.operationName} (facility ${p.facilityId}), ${p.countyName} County`;
  const newOwnerDays = latestParameter('days.new_owner_original_mmp');
  const facts = (
    <Facts
      rows={[
        ['Operation', operation],
        ['Asked to be recorded as owner', p.claimantName],
        ['Date of acquisition given', formatDate(p.acquiredOn)],
        ['Evidence filed', p.evidenceFilename],
        ['Request filed', formatDate(p.requestedOn)],
      ]}
    />
  );
  if (p.audience === 'claimant') {
    return (
      <EmailLayout
        preview={`Nothing changes until the department or the current owner confirms the transfer of ${p.operationName}.`}
        reason={`You received this email because you asked, in the Manure Management Plan Portal, to be recorded as the owner of ${p.operationName}.`}
      >
        <Title>We received your transfer request</Title>
        <P>{`Dear ${p.recipientName},`}</P>
        <P>{`You asked to be recorded as the new owner of ${operation}, acquired on ${formatDate(p.acquiredOn)}, and filed ${p.evidenceFilename} as evidence.`}</P>
        {facts}
        <P strong>
          Nothing changes hands until the department confirms the transfer or the current owner accepts it. Until then
          you cannot open the operation&apos;s records in the portal. We will email you when it is decided.
        </P>
        <P>{`Once the transfer is confirmed, your ${newOwnerDays.value} days for an original manure management plan count from the date you acquired the operation, where one is owed (${newOwnerDays.citation}).`}</P>
        <Action href={p.dashboardUrl}>See your request</Action>
      </EmailLayout>
    );
  }
  return (
    <EmailLayout
      preview={`${p.claimantName} says they acquired ${p.operationName} on ${formatDate(p.acquiredOn)}. Accept it or tell the department it is wrong.`}
      reason={`You received this email because you are recorded as the owner of ${p.operationName} (facility ${p.facilityId}) in the Manure Management Plan Portal.`}
    >
      <Title>{`${p.claimantName} asked to become the owner of ${p.operationName}`}</Title>
      <P>{`Dear ${p.recipientName},`}</P>
      <P>{`${p.claimantName} told the department that they acquired ${operation} on ${formatDate(p.acquiredOn)}, and asked to be recorded as its owner (DNR form 542-4026).`}</P>
      {facts}
      <P strong>
        Nothing has changed: you are still the owner on record and keep full access to the operation. The operation moves
        only if you accept the request or the department confirms it.
      </P>
      <P>If you sold or otherwise transferred the operation, accept the request. If you did not, say so: the department sees your answer before it decides.</P>
      <Action href={p.respondUrl}>Accept the request or say it is wrong</Action>
      <P>{`The link works once, until ${formatDateTime(p.respondBy)}. After that the department decides from the evidence.`}</P>
    </EmailLayout>
  );
}

export const previewProps: TransferRequestedProps = {
  audience: 'current_owner',
  recipientName: 'Ruth Miller',
  claimantName: 'Van Zee Pork Inc.',
  operationName: 'Clarion Finisher',
  facilityId: '64511',
  countyName: 'Wright',
  acquiredOn: '2027-01-15',
  requestedOn: '2027-01-20',
  evidenceFilename: 'bill-of-sale.pdf',
  respondUrl: 'https://mmp.iowa.example/transfers/respond?token=preview-3b9c1d2e',
  respondBy: '2027-02-10T18:00:00.000Z',
};
