'use client';

import Link from 'next/link';
import { Alert } from '@/components/alert';
import { AccountForm } from '@/components/forms/account-form';
import { acceptInvitationSchema } from '@/lib/validation/accounts';
import { acceptInvitationAction } from '../actions';

export function AcceptInvitationForm({ token, name }: { token: string; name: string }) {
  return (
    <AccountForm
      schema={acceptInvitationSchema}
      action={acceptInvitationAction}
      hidden={{ token }}
      defaults={{ token, name }}
      submitLabel="Create my account"
      fields={[
        { name: 'name', label: 'Your full name', autoComplete: 'name' },
        { name: 'password', label: 'Password', type: 'password', autoComplete: 'new-password', hint: 'At least 12 characters.' },
        { name: 'confirmPassword', label: 'Type it again', type: 'password', autoComplete: 'new-password' },
      ]}
      success={
        <Alert type="success" heading="Your account is ready" role="status">
          <Link href="/sign-in">Sign in</Link> with your email and the password you chose.
        </Alert>
      }
    />
  );
}
