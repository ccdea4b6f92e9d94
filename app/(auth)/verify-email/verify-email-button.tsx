'use client';

import Link from 'next/link';
import { useState } from 'react';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { verifyEmailAction } from '../actions';

export function VerifyEmailButton({ token }: { token: string }) {
  const [state, setState] = useState<'idle' | 'busy' | 'done' | string>('idle');
  if (state === 'done') {
    return (
      <Alert type="success" heading="Your email address is confirmed" role="status">
        <Link href="/sign-in">Sign in</Link> to register your operations.
      </Alert>
    );
  }
  return (
    <>
      {state !== 'idle' && state !== 'busy' ? (
        <Alert type="error" heading="We could not confirm your email" role="alert">
          {state}
        </Alert>
      ) : null}
      <Button
        type="button"
        disabled={state === 'busy'}
        onClick={async () => {
          setState('busy');
          const result = await verifyEmailAction(token).catch(() => null);
          setState(result?.ok ? 'done' : (result?.message ?? 'We could not reach the portal. Try again.'));
        }}
      >
        {state === 'busy' ? 'Confirming…' : 'Confirm my email address'}
      </Button>
    </>
  );
}
