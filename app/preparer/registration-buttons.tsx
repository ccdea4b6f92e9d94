'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { resendRegistrationAction, withdrawRegistrationAction } from './actions';

/** Resend the owner's link, or withdraw the registration, for one waiting registration. */
export function RegistrationButtons({ requestId, operationName }: { requestId: string; operationName: string }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const run = async (action: typeof resendRegistrationAction) => {
    setBusy(true);
    setStatus(null);
    const result = await action({ requestId }).catch(() => null);
    setBusy(false);
    if (!result) return setStatus({ ok: false, text: 'We could not reach the portal. Try again.' });
    setStatus({ ok: result.ok, text: result.ok ? (result.message ?? 'Done.') : result.message });
    if (result.ok) router.refresh();
  };
  return (
    <div>
      {status ? (
        <Alert type={status.ok ? 'success' : 'error'} role={status.ok ? 'status' : 'alert'} slim>
          {status.text}
        </Alert>
      ) : null}
      <div className="mmp-cta">
        <Button variant="outline" onClick={() => run(resendRegistrationAction)} disabled={busy} aria-label={`Resend the link for ${operationName}`}>
          Resend the link
        </Button>
        <Button variant="secondary" onClick={() => run(withdrawRegistrationAction)} disabled={busy} aria-label={`Withdraw the registration of ${operationName}`}>
          Withdraw
        </Button>
      </div>
    </div>
  );
}
