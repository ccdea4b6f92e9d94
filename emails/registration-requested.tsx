import { formatDate, formatDateTime } from '@/lib/format';
import { EmailLayout } from './components/layout';
import { Action, Facts, P, Title } from './components/parts';
import type { RegistrationRequestedProps } from '@/lib/mail/templates';

// A preparer registered an operation for the owner: nothing is filed with the department until she
// accepts it through the single-use link; she may decline it instead.

export function subject(p: RegistrationRequestedProps): string {
  return `Action needed: ${p.preparerName} registered ${p.operationName} for you`;
}

export function RegistrationRequestedEmail(p: RegistrationRequestedProps) {
  return (
    <EmailLayout
      preview={`Accept or decline the registration of ${p.operationName} that ${p.preparerName} made for you.`}
      reason={`You received this email because ${p.preparerName} entered this address as the owner's when registering ${p.operationName} in the Manure Management Plan Portal.`}
    >
      <Title>Accept or decline a registration made for you</Title>
      <P>{`Dear ${p.ownerName},`}</P>
      <P>{`${p.preparerName} (${p.preparerEmail}) registered ${p.operationName} in ${p.countyName} County in the Manure Management Plan Portal and named you as its owner.`}</P>
      <Facts
        rows={[
          ['Operation', `${p.operationName}, ${p.countyName} County`],
          ['Registered by', p.preparerName],
          ['Sent', formatDate(p.sentOn)],
          ['Link works until', formatDateTime(p.respondBy)],
        ]}
      />
      <P strong>
        Nothing is filed with the department until you accept. If you accept, the operation is recorded as yours and your preparer may prepare and submit
        plans for it; you can end that access at any time. If it is not yours, decline it.
      </P>
      <P>To answer, sign in with an owner account that uses this email address, or create one with it. The link works once.</P>
      <Action href={p.respondUrl}>Accept or decline the registration</Action>
    </EmailLayout>
  );
}

export const previewProps: RegistrationRequestedProps = {
  ownerName: 'Ruth Miller',
  preparerName: 'Karen Albers',
  preparerEmail: 'owner.albers@example.com',
  operationName: 'Miller North Finisher',
  countyName: 'Sioux',
  sentOn: '2027-01-15',
  respondUrl: 'https://mmp.iowa.example/registrations/respond?token=example',
  respondBy: '2027-01-29T18:00:00.000Z',
};
