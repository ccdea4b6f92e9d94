'use client';

import { useState } from 'react';
import { Button } from '@/components/button';
import { newUuid } from '@/lib/plans/document';
import { startCheckoutAction } from './actions';

/** Opens a checkout for these fee lines and goes to the provider's page. One key per button. */
export function PayOnlineButton({ feeLineIds, label, providerLabel }: { feeLineIds: string[]; label: string; providerLabel: string }) {
  const [key] = useState(newUuid);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function pay() {
    setBusy(true);
    setError(null);
    const result = await startCheckoutAction({ feeLineIds, idempotencyKey: key }).catch(() => null);
    if (result?.ok) {
      window.location.assign(result.data.redirectUrl);
      return;
    }
    setBusy(false);
    setError(result?.message ?? 'We could not reach the portal. Try again.');
  }
  return (
    <>
      <Button onClick={pay} disabled={busy} className="margin-top-0">
        {busy ? 'Opening the payment page…' : label}
      </Button>
      <span className="display-block font-sans-3xs text-base-dark">{providerLabel}</span>
      {error ? <span className="display-block text-secondary-dark text-bold" role="alert">{error}</span> : null}
    </>
  );
}
