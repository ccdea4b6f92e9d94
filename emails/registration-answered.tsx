import { formatDate } from '@/lib/format';
import { EmailLayout } from './components/layout';
import { Action, Facts, P, Title } from './components/parts';
import type { RegistrationAnsweredProps } from '@/lib/mail/templates';

// The owner answered a registration the preparer made for her: accepted (the operation is hers and
// the preparer may act for it) or declined (the operation is withdrawn).

export function subject(p: RegistrationAnsweredProps): string {
  return p.outcome === 'accepted' ? `${p.ownerName} accepted the registration of ${p.operationName}` : `${p.ownerName} declined the registration of ${p.operationName}`;
}

export function RegistrationAnsweredEmail(p: RegistrationAnsweredProps) {
  const accepted = p.outcome === 'accepted';
  const rows: [string, string][] = [
    ['Operation', p.operationName],
    ['Owner', p.ownerName],
    [accepted ? 'Accepted' : 'Declined', formatDate(p.answeredOn)],
  ];
  if (accepted && p.facilityId) rows.push(['Facility ID', p.facilityId]);
  return (
    <EmailLayout
      preview={accepted ? `${p.operationName} is now recorded as ${p.ownerName}'s.` : `${p.operationName} was withdrawn.`}
      reason={`You received this email because you registered ${p.operationName} for ${p.ownerName} in the Manure Management Plan Portal.`}
    >
      <Title>{accepted ? 'The owner accepted the registration' : 'The owner declined the registration'}</Title>
      <P>{`Dear ${p.preparerName},`}</P>
      {accepted ? (
        <P>{`${p.ownerName} accepted the registration of ${p.operationName}. It is now recorded as theirs, and you may prepare and submit plans for it until they end your access.`}</P>
      ) : (
        <P>{`${p.ownerName} declined the registration of ${p.operationName}, so it was withdrawn and nothing was filed with the department. If this is a mistake, check the owner's email address with them and register the operation again.`}</P>
      )}
      <Facts rows={rows} />
      <Action href={p.url}>{accepted ? 'Open the operation' : 'Open your portfolio'}</Action>
    </EmailLayout>
  );
}

export const previewProps: RegistrationAnsweredProps = {
  outcome: 'accepted',
  preparerName: 'Karen Albers',
  ownerName: 'Ruth Miller',
  operationName: 'Miller North Finisher',
  facilityId: '64560',
  answeredOn: '2027-01-18',
  url: 'https://mmp.iowa.example/operations/64560',
};
