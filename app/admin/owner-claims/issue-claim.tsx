'use client';

import { useState } from 'react';
import { formatDateTime } from '@/lib/format';
import { issueClaimAction, type IssuedClaim } from './actions';

// Sends the invitation, or shows the letter with its one-time code: the code is shown only here,
// once; the portal keeps a hash of it.
export function IssueClaim({ partyId, name, hasEmail }: { partyId: string; name: string; hasEmail: boolean }) {
  const [issued, setIssued] = useState<IssuedClaim | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (issued?.channel === 'email') return <p role="status">Invitation emailed to {issued.email}.</p>;
  if (issued) {
    return (
      <section className="mmp-letter border-1px border-base-light padding-2 radius-md" aria-label={`Letter to ${issued.name}`}>
        <p className="margin-top-0" style={{ whiteSpace: 'pre-line' }}>
          {issued.name}
          {issued.mailingAddress ? `\n${issued.mailingAddress}` : ''}
        </p>
        <p>The Iowa Department of Natural Resources now keeps manure management plans on the MMP Portal. Our records name you as the owner of {issued.operations.join('; ')}.</p>
        <p>Create an owner account on the portal, then choose “Take over operations from the department’s records” and type this code:</p>
        <p className="font-mono-lg text-bold" data-testid="claim-code">
          {issued.code}
        </p>
        <p>The code works once, until {formatDateTime(issued.expiresAt)}.</p>
        <button type="button" className="usa-button usa-button--outline" onClick={() => window.print()}>
          Print the letter
        </button>
      </section>
    );
  }
  return (
    <>
      <button
        type="button"
        className="usa-button usa-button--outline"
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          setError(null);
          const r = await issueClaimAction({ partyId }).catch(() => null);
          setBusy(false);
          if (!r) return setError('We could not reach the portal. Try again.');
          if (!r.ok) return setError(r.message);
          setIssued(r.data);
        }}
      >
        {hasEmail ? 'Email an invitation' : 'Make a letter with a one-time code'}
        <span className="usa-sr-only"> for {name}</span>
      </button>
      {error ? (
        <span role="alert" className="display-block text-secondary-dark">
          {error}
        </span>
      ) : null}
    </>
  );
}
