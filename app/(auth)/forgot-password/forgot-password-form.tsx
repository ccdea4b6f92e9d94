'use client';

import { Alert } from '@/components/alert';
import { AccountForm } from '@/components/forms/account-form';
import { forgotPasswordSchema } from '@/lib/validation/accounts';
import { forgotPasswordAction } from '../actions';

export function ForgotPasswordForm() {
  return (
    <AccountForm
      schema={forgotPasswordSchema}
      action={forgotPasswordAction}
      submitLabel="Email me a link"
      fields={[{ name: 'email', label: 'Email address', type: 'email', autoComplete: 'email' }]}
      success={
        <Alert type="success" heading="Check your email" role="status">
          If an account uses that address, a link to reset the password is on its way. The link works for one hour.
        </Alert>
      }
    />
  );
}
