'use client';

import { formResolver } from '@/components/forms/form-resolver';
import { signIn } from 'next-auth/react';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { TextField } from '@/components/text-field';
import { CODE_FIELD_HINT, SECOND_FACTOR_NEEDED, SECOND_FACTOR_WRONG } from '@/lib/auth/second-factor-words';
import { signInWithCodeSchema, type SignInWithCodeInput } from '@/lib/validation/second-factor';
import { startAuthentication } from '@simplewebauthn/browser';
import { passkeySignInOptionsAction } from '../actions';

export function SignInForm({ returnTo }: { returnTo: string | null }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  // After the right password, an account with a second factor is asked for its code.
  const [codeStep, setCodeStep] = useState(false);
  const { register, handleSubmit, formState, setValue, setFocus, getValues } = useForm<SignInWithCodeInput>({ resolver: formResolver(signInWithCodeSchema) });
  const [passkeyBusy, setPasskeyBusy] = useState(false);

  const done = () => {
    router.replace(returnTo ?? '/home');
    router.refresh();
  };

  // The second step with a passkey instead of a code: the server's challenge, the device's answer.
  const signInWithPasskey = async () => {
    setError(null);
    setPasskeyBusy(true);
    try {
      const { email, password } = getValues();
      const options = await passkeySignInOptionsAction({ email, password });
      if (!options.ok) return setError(options.message);
      const response = await startAuthentication({ optionsJSON: options.data }).catch(() => null);
      if (!response) return setError('The passkey was not used. Try again, or enter the code from your authenticator app.');
      const res = await signIn('credentials', { email, password, passkey: JSON.stringify(response), redirect: false });
      if (!res || res.error) return setError(res?.error === SECOND_FACTOR_WRONG ? 'That passkey could not be checked. Try again, or enter a code.' : (res?.error ?? 'We could not sign you in.'));
      done();
    } catch {
      setError('We could not reach the portal. Check your connection and try again.');
    } finally {
      setPasskeyBusy(false);
    }
  };

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    try {
      // The code goes only once it is asked for: an account without a factor signs in as it always has.
      const { code, ...credentials } = values;
      const res = await signIn('credentials', { ...credentials, ...(codeStep && code ? { code } : {}), redirect: false });
      if (!res || res.error) {
        if (res?.error === SECOND_FACTOR_NEEDED || res?.error === SECOND_FACTOR_WRONG) {
          setCodeStep(true);
          if (res.error === SECOND_FACTOR_WRONG) setError(res.error);
          setTimeout(() => setFocus('code'), 0);
          return;
        }
        setError(res?.error && res.error !== 'CredentialsSignin' ? res.error : 'The email or password is not right. Check both and try again.');
        return;
      }
      done();
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
      <div hidden={codeStep}>
        <TextField label="Email address" type="email" autoComplete="email" required error={formState.errors.email?.message} {...register('email')} />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          error={formState.errors.password?.message}
          {...register('password')}
        />
      </div>
      {codeStep ? (
        <>
          <p>{SECOND_FACTOR_NEEDED}</p>
          <TextField
            label="Code"
            hint={CODE_FIELD_HINT}
            autoComplete="one-time-code"
            spellCheck={false}
            autoCapitalize="none"
            width="md"
            required
            error={formState.errors.code?.message}
            {...register('code')}
          />
        </>
      ) : null}
      <Button type="submit" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? 'Signing in…' : codeStep ? 'Continue' : 'Sign in'}
      </Button>
      {codeStep ? (
        <p className="margin-top-2">
          <Button variant="outline" disabled={passkeyBusy} onClick={() => void signInWithPasskey()}>
            {passkeyBusy ? 'Waiting for your passkey…' : 'Use a passkey instead'}
          </Button>
        </p>
      ) : null}
      {codeStep ? (
        <Button
          variant="unstyled"
          className="margin-top-2"
          onClick={() => {
            setCodeStep(false);
            setError(null);
            setValue('code', '');
          }}
        >
          Use another account
        </Button>
      ) : null}
    </form>
  );
}
