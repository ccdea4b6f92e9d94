'use client';

import { useState } from 'react';
import { revokeTokenAction } from './actions';

export function RevokeButton({ tokenId, name }: { tokenId: string; name: string }) {
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <>
      <button
        type="button"
        className="usa-button usa-button--secondary usa-button--unstyled"
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          const r = await revokeTokenAction({ tokenId }).catch(() => null);
          setBusy(false);
          setMessage(r ? (r.ok ? null : r.message) : 'We could not reach the portal. Try again.');
        }}
      >
        Revoke<span className="usa-sr-only"> {name}</span>
      </button>
      {message ? (
        <span role="alert" className="display-block text-secondary-dark">
          {message}
        </span>
      ) : null}
    </>
  );
}
