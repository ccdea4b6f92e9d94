'use client';

import Link from 'next/link';
import { Alert } from '@/components/alert';
import { AccountForm } from '@/components/forms/account-form';
import { resetPasswordSchema } from '@/lib/validation/accounts';
import { resetPasswordAction } from '../actions';

export function ResetPasswordForm({ token }: { token: string }) {
  return (
    <AccountForm
      schema={resetPasswordSchema}
      action={resetPasswordAction}
      hidden={{ token }}
      defaults={{ token }}
      submitLabel="Save new password"
      fields={[
        { name: 'password', label: 'New password', type: 'password', autoComplete: 'new-password', hint: 'At least 12 characters.' },
        { name: 'confirmPassword', label: 'Type it again', type: 'password', autoComplete: 'new-password' },
      ]}
      success={
        <Alert type="success" heading="Your password is changed" role="status">
          You were signed out everywhere. <Link href="/sign-in">Sign in</Link> with the new password.
        </Alert>
      }
    />
  );
}
