'use client';

import { formResolver } from '@/components/forms/form-resolver';
import { signIn } from 'next-auth/react';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { TextField } from '@/components/text-field';
import { signInSchema, type SignInInput } from '@/lib/validation/accounts';

export function SignInForm({ returnTo }: { returnTo: string | null }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<SignInInput>({ resolver: formResolver(signInSchema) });

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    try {
      const res = await signIn('credentials', { ...values, redirect: false });
      if (!res || res.error) {
        setError(res?.error && res.error !== 'CredentialsSignin' ? res.error : 'The email or password is not right. Check both and try again.');
        return;
      }
      router.replace(returnTo ?? '/home');
      router.refresh();
    } catch {
      setError('We could not reach the portal. Check your connection and try again.');
    }
  });

  return (
    <form className="usa-form usa-form--large" onSubmit={onSubmit} noValidate>
      {error ? (
        <Alert type="error" heading="We could not sign you in" headingLevel={2} role="alert" slim={false}>
          {error}
        </Alert>
      ) : null}
      <TextField label="Email address" type="email" autoComplete="email" required error={formState.errors.email?.message} {...register('email')} />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        error={formState.errors.password?.message}
        {...register('password')}
      />
      <Button type="submit" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? 'Signing in…' : 'Sign in'}
      </Button>
    </form>
  );
}
