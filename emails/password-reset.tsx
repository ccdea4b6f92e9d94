import { formatDateTime } from '@/lib/format';
import { EmailLayout } from './components/layout';
import { Action, P, Title } from './components/parts';
import type { PasswordResetProps } from '@/lib/mail/templates';

export function subject(): string {
  return 'Reset your Iowa MMP Portal password';
}

export function PasswordResetEmail(p: PasswordResetProps) {
  return (
    <EmailLayout
      preview="Use this link to choose a new password."
      reason="You received this email because a password reset was requested for the Manure Management Plan Portal account that uses this address."
    >
      <Title>Reset your password</Title>
      <P>{p.name ? `Dear ${p.name},` : 'Hello,'}</P>
      <P>Use the link below to choose a new password. It works once.</P>
      <P strong>{`This link expires on ${formatDateTime(p.expiresAt)}.`}</P>
      <Action href={p.resetUrl}>Choose a new password</Action>
      <P>If you did not ask to reset your password, ignore this email. Your password has not changed.</P>
    </EmailLayout>
  );
}

export const previewProps: PasswordResetProps = {
  name: 'Dana Vander Berg',
  resetUrl: 'https://mmp.iowa.example/reset-password?token=preview-7c2e9f1a5b',
  expiresAt: '2027-03-01T18:45:00.000Z',
};
