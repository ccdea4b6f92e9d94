'use client';

import { signOut } from 'next-auth/react';
import { useRouter } from 'next/navigation';
import { useState } from 'react';

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
          void signOut({ redirect: false }).then(() => {
            router.replace('/');
            router.refresh();
          });
        }}
      >
        {busy ? 'Signing out…' : 'Sign out'}
      </button>
    </div>
  );
}
