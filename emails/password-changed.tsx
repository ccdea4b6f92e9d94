import { formatDateTime } from '@/lib/format';
import { EmailLayout } from './components/layout';
import { Action, P, Title } from './components/parts';
import type { PasswordChangedProps } from '@/lib/mail/templates';

// Told to the account holder once a reset link has set a new password (CROMERR: the account holder
// is told of changes to their credential), so a change they did not make does not go unseen.

export function subject(): string {
  return 'Your Iowa MMP Portal password was changed';
}

export function PasswordChangedEmail(p: PasswordChangedProps) {
  return (
    <EmailLayout
      preview="A new password was set for your account with a reset link."
      reason="You received this email because the password of your account in the Manure Management Plan Portal changed."
    >
      <Title>Your password was changed</Title>
      <P>{p.name ? `Dear ${p.name},` : 'Hello,'}</P>
      <P>{`A new password was set for your account on ${formatDateTime(p.at)}, with a reset link sent to this address. Everywhere your account was signed in, it was signed out.`}</P>
      <P>If it was you, there is nothing more to do.</P>
      <P strong>
        If it was not you, someone may be reading your email. Change your email account’s password first, then choose a new password for the portal with
        the link below, and tell the department at once: someone may have used your account, or signed a plan in your name.
      </P>
      <Action href={p.resetUrl}>Choose a new password</Action>
      <P>{`Sign in: ${p.signInUrl}`}</P>
    </EmailLayout>
  );
}

export const previewProps: PasswordChangedProps = {
  name: 'Dana Vander Berg',
  at: '2027-03-01T15:42:00.000Z',
  resetUrl: 'https://mmp.iowa.example/forgot-password',
  signInUrl: 'https://mmp.iowa.example/sign-in',
};
