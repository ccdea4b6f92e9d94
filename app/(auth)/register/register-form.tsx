'use client';

import Link from 'next/link';
import { Alert } from '@/components/alert';
import { AccountForm } from '@/components/forms/account-form';
import { PASSWORD_MIN_LENGTH } from '@/lib/auth/password-rules';
import { registerSchema } from '@/lib/validation/accounts';
import { registerAction } from '../actions';

export function RegisterForm() {
  return (
    <AccountForm
      schema={registerSchema}
      action={registerAction}
      submitLabel="Create account"
      fields={[
        { name: 'name', label: 'Your full name', autoComplete: 'name' },
        { name: 'organization', label: 'Farm or business name (if any)', autoComplete: 'organization', required: false, hint: 'The name that appears on your plans, for example “Hansen Family Farms LLC”.' },
        { name: 'email', label: 'Email address', type: 'email', autoComplete: 'email' },
        { name: 'password', label: 'Password', type: 'password', autoComplete: 'new-password', hint: `At least ${PASSWORD_MIN_LENGTH} characters. A few words strung together is easy to remember.` },
        { name: 'confirmPassword', label: 'Type the password again', type: 'password', autoComplete: 'new-password' },
      ]}
      success={
        <Alert type="success" heading="Check your email" role="status">
          We sent a link to confirm your email address. Open it to finish creating your account, then{' '}
          <Link href="/sign-in">sign in</Link>.
        </Alert>
      }
    />
  );
}
