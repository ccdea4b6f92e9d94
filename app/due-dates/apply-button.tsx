'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import type { PolicyInput } from '@/lib/validation/due-dates';
import { applyPolicyAction } from './actions';

/** Applies exactly the previewed schedule (the server refuses if it changed since). */
export function ApplyButton({ policy, previewHash, count }: { policy: PolicyInput; previewHash: string; count: number }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const apply = async () => {
    setBusy(true);
    setStatus(null);
    const result = await applyPolicyAction({ policy, previewHash }).catch(() => null);
    setBusy(false);
    if (!result) return setStatus({ ok: false, text: 'We could not reach the portal. Try again.' });
    setStatus({ ok: result.ok, text: result.ok ? result.message ?? 'Applied.' : result.message });
    if (result.ok) router.refresh();
  };
  return (
    <div className="margin-y-2">
      {status ? <Alert type={status.ok ? 'success' : 'error'} role={status.ok ? 'status' : 'alert'} slim>{status.text}</Alert> : null}
      <Button onClick={apply} disabled={busy}>{busy ? 'Applying…' : `Apply this schedule to ${count} operation${count === 1 ? '' : 's'}`}</Button>
    </div>
  );
}
