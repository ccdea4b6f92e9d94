import { formatDateTime } from '@/lib/format';
import { EmailLayout } from './components/layout';
import { Action, P, Title } from './components/parts';
import type { VerifyEmailProps } from '@/lib/mail/templates';

export function subject(): string {
  return 'Confirm your email address for the Iowa MMP Portal';
}

export function VerifyEmailEmail(p: VerifyEmailProps) {
  return (
    <EmailLayout
      preview="Confirm this address to finish setting up your account."
      reason="You received this email because someone used this address to create an account in the Manure Management Plan Portal. If it was not you, ignore this email; the account stays inactive."
    >
      <Title>Confirm your email address</Title>
      <P>{p.name ? `Dear ${p.name},` : 'Hello,'}</P>
      {p.afterSignInAttempt ? (
        <P>Someone signed in to your account with the right password, but this address is not confirmed yet, so the sign-in was refused. Confirm it with this new link, then sign in again.</P>
      ) : null}
      <P>Confirm this address so the department can send you notices about your plans and deadlines.</P>
      <P strong>{`This link expires on ${formatDateTime(p.expiresAt)}.`}</P>
      <Action href={p.verifyUrl}>Confirm email address</Action>
    </EmailLayout>
  );
}

export const previewProps: VerifyEmailProps = {
  name: 'Dana Vander Berg',
  verifyUrl: 'https://mmp.iowa.example/verify-email?token=preview-4e8a1c3b9d',
  expiresAt: '2027-03-02T00:30:00.000Z',
};
