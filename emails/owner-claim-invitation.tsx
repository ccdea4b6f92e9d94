import { formatDateTime } from '@/lib/format';
import { EmailLayout } from './components/layout';
import { Action, P, Title } from './components/parts';
import type { OwnerClaimInvitationProps } from '@/lib/mail/templates';

export function subject(): string {
  return 'Your operations are on the Iowa Manure Management Plan Portal';
}

export function OwnerClaimInvitationEmail(p: OwnerClaimInvitationProps) {
  return (
    <EmailLayout
      preview={`The department’s records name you as the owner of ${p.operations.length === 1 ? p.operations[0] : `${p.operations.length} operations`}.`}
      reason="You received this email because the Iowa Department of Natural Resources’ records give this address for the owner of these operations. If that is not you, ignore it and nothing changes."
    >
      <Title>Take over your operations on the portal</Title>
      <P>{`Dear ${p.ownerName},`}</P>
      <P>{`The department moved its records to the Manure Management Plan Portal. They name you as the owner of: ${p.operations.join('; ')}.`}</P>
      <P>Create an owner account with this email address (or sign in if you have one), then open the link below. Only an account with this address can use it.</P>
      <Action href={p.claimUrl}>Take over my operations</Action>
      <P>{`Or type this code on the portal’s “Take over operations from the department’s records” page: ${p.code}`}</P>
      <P strong>{`The link and code stop working on ${formatDateTime(p.expiresAt)}.`}</P>
    </EmailLayout>
  );
}

export const previewProps: OwnerClaimInvitationProps = {
  ownerName: 'Owner 12 Farms',
  operations: ['Sioux Site 12 (facility IA000012)', 'Sioux Site 13 (facility IA000013)'],
  claimUrl: 'https://mmp.iowa.example/operations/claim-records?code=PREVIEW-CODE-1234',
  code: 'PREV-IEWC-ODE1',
  expiresAt: '2027-03-08T21:00:00.000Z',
};
