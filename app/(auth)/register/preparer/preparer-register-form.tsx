'use client';

import Link from 'next/link';
import { Alert } from '@/components/alert';
import { AccountForm } from '@/components/forms/account-form';
import { PASSWORD_MIN_LENGTH } from '@/lib/auth/password-rules';
import { registerPreparerSchema } from '@/lib/validation/accounts';
import { registerPreparerAction } from '../../actions';

export function PreparerRegisterForm() {
  return (
    <AccountForm
      schema={registerPreparerSchema}
      action={registerPreparerAction}
      submitLabel="Create preparer account"
      fields={[
        { name: 'name', label: 'Your full name', autoComplete: 'name' },
        { name: 'firm', label: 'Firm name', autoComplete: 'organization', hint: 'How owners know you, for example “Becker Ag Consulting”.' },
        { name: 'email', label: 'Email address', type: 'email', autoComplete: 'email', hint: 'Owners grant you access by this address.' },
        { name: 'password', label: 'Password', type: 'password', autoComplete: 'new-password', hint: `At least ${PASSWORD_MIN_LENGTH} characters. A few words strung together is easy to remember.` },
        { name: 'confirmPassword', label: 'Type the password again', type: 'password', autoComplete: 'new-password' },
      ]}
      success={
        <Alert type="success" heading="Check your email" role="status">
          We sent an email to that address with what to do next. For a new account, open the link in it to confirm your
          address, then <Link href="/sign-in">sign in</Link>.
        </Alert>
      }
    />
  );
}
