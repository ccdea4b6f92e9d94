'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { signOutOfPortal } from '@/components/sign-out';
import { signOutEverywhereAction } from './actions';

export function SignOutEverywhere() {
  const [error, setError] = useState<string | null>(null);
  const router = useRouter();
  return (
    <>
      {error ? <Alert type="error" role="alert" slim>{error}</Alert> : null}
      <Button
        variant="outline"
        onClick={async () => {
          const result = await signOutEverywhereAction().catch(() => null);
          if (!result?.ok) return setError(result?.message ?? 'We could not reach the portal. Try again.');
          // Every session has ended on the server; this clears this browser's cookie too.
          await signOutOfPortal().catch(() => undefined);
          router.replace('/sign-in');
          router.refresh();
        }}
      >
        Sign out everywhere
      </Button>
    </>
  );
}
