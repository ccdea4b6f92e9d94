import { EmailLayout } from './components/layout';
import { Action, P, Title } from './components/parts';
import type { AccountNoticeProps } from '@/lib/mail/templates';

// What happened to an address when someone used it on a public account page, told to the address
// itself: the page answered the same whether or not an account exists, so only the mailbox's owner
// learns which it was.

export function subject(p: AccountNoticeProps): string {
  return p.kind === 'registration_with_existing_account'
    ? 'Someone tried to create an Iowa MMP Portal account with your email address'
    : 'Password reset requested for an address with no Iowa MMP Portal account';
}

export function AccountNoticeEmail(p: AccountNoticeProps) {
  if (p.kind === 'registration_with_existing_account') {
    return (
      <EmailLayout
        preview="Your account already uses this address; nothing was changed."
        reason="You received this email because this address was typed into the portal's registration page."
      >
        <Title>You already have an account</Title>
        <P>{p.name ? `Dear ${p.name},` : 'Hello,'}</P>
        <P>
          Someone tried to create a new Manure Management Plan Portal account with this email address. An account already uses
          it, so no new account was made and nothing about your account changed.
        </P>
        <P>If it was you, sign in, or choose a new password if you have forgotten it.</P>
        <Action href={p.signInUrl}>Sign in</Action>
        <P>{`Forgotten your password? Reset it at ${p.resetUrl}`}</P>
        <P>If it was not you, you need do nothing: your password still protects your account.</P>
      </EmailLayout>
    );
  }
  return (
    <EmailLayout
      preview="No account uses this address, so no password was reset."
      reason="You received this email because this address was typed into the portal's forgotten password page."
    >
      <Title>No account uses this address</Title>
      <P>Hello,</P>
      <P>
        Someone asked to reset the password of a Manure Management Plan Portal account with this email address, but no account
        uses it, so nothing was reset.
      </P>
      <P>If you meant to create an account for your operation, you can register.</P>
      <Action href={p.registerUrl}>Create an owner account</Action>
      <P>If you use another address with the portal, ask for the reset with that one. If it was not you, ignore this email.</P>
    </EmailLayout>
  );
}

export const previewProps: AccountNoticeProps = {
  kind: 'registration_with_existing_account',
  name: 'Dana Vander Berg',
  signInUrl: 'https://mmp.iowa.example/sign-in',
  resetUrl: 'https://mmp.iowa.example/forgot-password',
  registerUrl: 'https://mmp.iowa.example/register',
};
