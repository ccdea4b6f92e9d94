'use client';

import { useState, useTransition } from 'react';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { TextField } from '@/components/text-field';
import { createCalendarFeedAction, revokeCalendarFeedAction } from './actions';

// The address is shown once, right after it is made: the portal keeps only a hash of it.
export function CalendarControls({ active }: { active: boolean }) {
  const [url, setUrl] = useState<string | null>(null);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [copied, setCopied] = useState(false);
  const [pending, startTransition] = useTransition();

  const create = () =>
    startTransition(async () => {
      setStatus(null);
      setCopied(false);
      const result = await createCalendarFeedAction().catch(() => null);
      if (!result) return setStatus({ ok: false, text: 'We could not reach the portal. Try again.' });
      if (!result.ok) return setStatus({ ok: false, text: result.message });
      setUrl(result.data.url);
      setStatus({ ok: true, text: result.message ?? 'Done.' });
    });
  const revoke = () =>
    startTransition(async () => {
      setStatus(null);
      const result = await revokeCalendarFeedAction().catch(() => null);
      if (!result) return setStatus({ ok: false, text: 'We could not reach the portal. Try again.' });
      setUrl(null);
      setStatus({ ok: result.ok, text: result.message ?? 'Done.' });
    });

  return (
    <div>
      {status ? (
        <Alert type={status.ok ? 'success' : 'error'} role={status.ok ? 'status' : 'alert'} slim>
          {status.text}
        </Alert>
      ) : null}
      {url ? (
        <div className="usa-form usa-form--large">
          <TextField
            label="Your private calendar address"
            hint="Copy it now and add it to your calendar app as a subscription (for example “From URL” or “Subscribe to calendar”). We will not show it again."
            readOnly
            value={url}
            onFocus={(e) => e.currentTarget.select()}
          />
          <Button
            variant="outline"
            className="margin-top-1"
            onClick={() => navigator.clipboard?.writeText(url).then(() => setCopied(true), () => setCopied(false))}
          >
            {copied ? 'Copied' : 'Copy the address'}
          </Button>
        </div>
      ) : null}
      <div className="margin-top-3">
        <Button onClick={create} disabled={pending} variant={active || url ? 'outline' : 'primary'}>
          {active || url ? 'Make a new address (the old one stops working)' : 'Make my calendar address'}
        </Button>
        {active || url ? (
          <Button onClick={revoke} disabled={pending} variant="secondary">
            Stop my calendar address
          </Button>
        ) : null}
      </div>
    </div>
  );
}
