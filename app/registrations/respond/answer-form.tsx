'use client';

import Link from 'next/link';
import { useState } from 'react';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { answerRegistrationAction } from './actions';

/** Accept or decline, once; the result says what happened and where to go next. */
export function RegistrationAnswerForm({ token, operationName }: { token: string; operationName: string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<{ text: string; accepted: boolean; operationId: string } | null>(null);
  const answer = async (response: 'accept' | 'decline') => {
    setBusy(true);
    setError(null);
    const result = await answerRegistrationAction({ token, response }).catch(() => null);
    setBusy(false);
    if (!result) return setError('We could not reach the portal. Check your connection and try again.');
    if (!result.ok) return setError(result.message);
    // No refresh: the used link would now render as expired over the answer just given.
    setDone({ text: result.message ?? 'Your answer was recorded.', accepted: result.data.status === 'accepted', operationId: result.data.operationId });
  };
  if (done) {
    return (
      <Alert type="success" role="status" heading={done.accepted ? 'Accepted' : 'Declined'} headingLevel={2}>
        {done.text}{' '}
        {done.accepted ? <Link href={`/operations/${done.operationId}`}>Open {operationName}</Link> : <Link href="/dashboard">Go to your operations</Link>}
      </Alert>
    );
  }
  return (
    <div className="margin-top-3">
      {error ? (
        <Alert type="error" role="alert" slim>
          {error}
        </Alert>
      ) : null}
      <div className="mmp-cta">
        <Button onClick={() => answer('accept')} disabled={busy}>Accept: this operation is mine</Button>
        <Button variant="secondary" onClick={() => answer('decline')} disabled={busy}>Decline: it is not mine</Button>
      </div>
    </div>
  );
}
