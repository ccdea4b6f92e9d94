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
          We sent an email to that address with what to do next. For a new account, open the link in it to confirm your
          address, then <Link href="/sign-in">sign in</Link>. Nothing arrived within a few minutes? Check your spam folder.
        </Alert>
      }
    />
  );
}
