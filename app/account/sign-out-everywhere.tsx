'use client';

import { signOut } from 'next-auth/react';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
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
          await signOut({ redirect: false });
          router.replace('/sign-in');
          router.refresh();
        }}
      >
        Sign out everywhere
      </Button>
    </>
  );
}
