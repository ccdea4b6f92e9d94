import { formatDateTime } from '@/lib/format';
import { ROLE_PHRASES } from '@/lib/notifications/labels';
import { EmailLayout } from './components/layout';
import { Action, P, Title } from './components/parts';
import type { AccountInvitationProps } from '@/lib/mail/templates';

export function subject(): string {
  return 'You are invited to the Iowa Manure Management Plan Portal';
}

export function AccountInvitationEmail(p: AccountInvitationProps) {
  const role = ROLE_PHRASES[p.role];
  const scope = p.scope ? ` for ${p.scope}` : '';
  return (
    <EmailLayout
      preview={`${p.invitedByName} invited you to join as ${role}${scope}.`}
      reason={`You received this email because ${p.invitedByName} entered this address to invite you to the Manure Management Plan Portal. If you were not expecting it, you can ignore it; no account is created unless you accept.`}
    >
      <Title>You are invited to the Manure Management Plan Portal</Title>
      <P>{p.inviteeName ? `Dear ${p.inviteeName},` : 'Hello,'}</P>
      <P>{`${p.invitedByName} invited you to the portal as ${role}${scope}.`}</P>
      <P strong>{`This invitation expires on ${formatDateTime(p.expiresAt)}.`}</P>
      <Action href={p.acceptUrl}>Accept the invitation</Action>
    </EmailLayout>
  );
}

export const previewProps: AccountInvitationProps = {
  inviteeName: 'Karen De Jong',
  invitedByName: 'Marcus Lindgren (Iowa DNR)',
  role: 'county_official',
  scope: 'Lyon County',
  acceptUrl: 'https://mmp.iowa.example/invitations/accept?token=preview-9b1f4c2d7e',
  expiresAt: '2027-03-08T21:00:00.000Z',
};
