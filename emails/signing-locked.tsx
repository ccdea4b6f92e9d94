import { formatDateTime } from '@/lib/format';
import { EmailLayout } from './components/layout';
import { Action, P, Title } from './components/parts';
import type { SigningLockedProps } from '@/lib/mail/templates';

// Told to the account holder when wrong passwords or codes at the signing step lock signing, so
// someone trying to sign a plan in their name does not go unseen (CROMERR: the credential holder
// learns of attempts on it).

export function subject(): string {
  return 'Signing plans is locked on your Iowa MMP Portal account for a while';
}

export function SigningLockedEmail(p: SigningLockedProps) {
  return (
    <EmailLayout
      preview={`${p.tries} wrong tries at signing a plan: signing is locked until ${formatDateTime(p.lockedUntil)}.`}
      reason="You received this email because someone signed in to your account tried to sign a manure management plan with it."
    >
      <Title>Signing is locked for a while</Title>
      <P>{p.name ? `Dear ${p.name},` : 'Hello,'}</P>
      <P>{`On ${formatDateTime(p.at)}, the password, the authenticator code or the passkey given to sign a plan with your account was wrong ${p.tries} times in a row. To protect your signature, the portal does not accept a signature from your account until ${formatDateTime(p.lockedUntil)}. Everything else works as before.`}</P>
      <P strong>If this was not you, change your password at once and tell the department: someone may be using your account.</P>
      <Action href={p.accountUrl}>Open your account</Action>
    </EmailLayout>
  );
}

export const previewProps: SigningLockedProps = {
  name: 'Karen Hansen',
  at: '2027-03-01T15:42:00.000Z',
  lockedUntil: '2027-03-01T16:12:00.000Z',
  tries: 5,
  accountUrl: 'https://mmp.iowa.example/account',
};
