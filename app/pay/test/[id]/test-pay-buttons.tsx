'use client';

import { useState } from 'react';
import { Button } from '@/components/button';
import { completeTestCheckoutAction } from './actions';

export function TestPayButtons({ checkoutId, amount }: { checkoutId: string; amount: string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function send(outcome: 'pay' | 'cancel') {
    setBusy(true);
    setError(null);
    const result = await completeTestCheckoutAction({ checkoutId, outcome }).catch(() => null);
    if (result?.ok) return window.location.assign(result.data.returnTo);
    setBusy(false);
    setError(result?.message ?? 'We could not reach the portal. Try again.');
  }
  return (
    <div className="mmp-cta margin-top-3">
      {error ? <p className="text-secondary-dark text-bold" role="alert">{error}</p> : null}
      <Button onClick={() => send('pay')} disabled={busy}>{`Pay ${amount} (test)`}</Button>
      <Button variant="outline" onClick={() => send('cancel')} disabled={busy}>Cancel and go back</Button>
    </div>
  );
}
