import { formatDateTime } from '@/lib/format';
import { EmailLayout } from './components/layout';
import { Action, P, Title } from './components/parts';
import type { SecondFactorChange, SecondFactorChangedProps } from '@/lib/mail/templates';

// Told to the account holder whenever their second sign-in factor changes, so a change they did not
// make (a stolen session, or a reset asked for by someone pretending to be them) does not go unseen.

const WHAT: Record<SecondFactorChange, { subject: string; title: string; body: string }> = {
  enrolled: {
    subject: 'An authenticator app was set up on your Iowa MMP Portal account',
    title: 'An authenticator app was set up',
    body: 'From now on, signing in to your account asks for a code from the app after your password.',
  },
  removed: {
    subject: 'The authenticator app was removed from your Iowa MMP Portal account',
    title: 'The authenticator app was removed',
    body: 'Signing in to your account now asks for your password only.',
  },
  reset: {
    subject: 'An administrator reset the second factor of your Iowa MMP Portal account',
    title: 'Your second factor was reset',
    body: 'The department’s administrator removed your authenticator app and recovery codes, as asked when a phone is lost. Your sessions were ended. Sign in with your password and set up an app again.',
  },
  recovery_codes_renewed: {
    subject: 'New recovery codes were made for your Iowa MMP Portal account',
    title: 'New recovery codes were made',
    body: 'Your earlier recovery codes no longer work. Keep the new ones somewhere safe, away from your phone.',
  },
};

export function subject(p: SecondFactorChangedProps): string {
  return WHAT[p.change].subject;
}

export function SecondFactorChangedEmail(p: SecondFactorChangedProps) {
  const what = WHAT[p.change];
  return (
    <EmailLayout preview={what.body} reason="You received this email because the sign-in settings of your account in the Manure Management Plan Portal changed.">
      <Title>{what.title}</Title>
      <P>{p.name ? `Dear ${p.name},` : 'Hello,'}</P>
      <P>{`${what.body} This happened on ${formatDateTime(p.at)}.`}</P>
      <P strong>If you did not do this, reset your password at once and tell the department: someone may be using your account.</P>
      <Action href={p.accountUrl}>Open your account</Action>
    </EmailLayout>
  );
}

export const previewProps: SecondFactorChangedProps = {
  name: 'Dana Vander Berg',
  change: 'enrolled',
  at: '2027-03-01T15:42:00.000Z',
  accountUrl: 'https://mmp.iowa.example/account',
};
