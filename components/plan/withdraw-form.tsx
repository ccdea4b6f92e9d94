'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import type { ActionResult } from '@/lib/errors';

/** Withdraws a plan the owner holds, after a confirmation step. */
export function WithdrawForm({ planId, version, action }: { planId: string; version: number; action: (input: unknown) => Promise<ActionResult> }) {
  const router = useRouter();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!confirming) {
    return (
      <Button variant="outline" onClick={() => setConfirming(true)}>
        Withdraw this plan
      </Button>
    );
  }
  return (
    <div className="border-1px border-secondary padding-2 radius-md margin-top-1">
      <p className="margin-top-0">Withdraw this plan? It will no longer be filed and any unpaid fee for it is cancelled; you can start another afterwards. This cannot be undone.</p>
      {error ? (
        <Alert type="error" slim role="alert">
          {error}
        </Alert>
      ) : null}
      <Button
        variant="secondary"
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          const result = await action({ planId, version }).catch(() => null);
          setBusy(false);
          if (result?.ok) return router.refresh();
          setError(result?.message ?? 'We could not reach the portal. Try again.');
        }}
      >
        {busy ? 'Withdrawing…' : 'Yes, withdraw the plan'}
      </Button>
      <Button variant="unstyled" onClick={() => setConfirming(false)}>
        Keep the plan
      </Button>
    </div>
  );
}
