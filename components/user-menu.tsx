'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { signOutOfPortal } from './sign-out';

/** The signed-in user's name and role with a sign-out button, in the header. */
export function UserMenu({ name, roleLabel }: { name: string; roleLabel: string }) {
  const [busy, setBusy] = useState(false);
  const router = useRouter();
  return (
    <div className="mmp-user-menu display-flex flex-align-center">
      <span className="margin-right-1">
        <span className="usa-sr-only">Signed in as </span>
        <strong>{name}</strong> <span className="text-base-dark">({roleLabel})</span>
      </span>
      <button
        type="button"
        className="usa-button usa-button--outline margin-right-0"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          // No server redirect: the portal may be reached by several host names.
          signOutOfPortal().then(
            () => {
              router.replace('/');
              router.refresh();
            },
            // Offline or refused: still signed in, and the button says so by coming back.
            () => setBusy(false),
          );
        }}
      >
        {busy ? 'Signing out…' : 'Sign out'}
      </button>
    </div>
  );
}
