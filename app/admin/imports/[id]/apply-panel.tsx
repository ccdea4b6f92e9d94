'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import { Alert } from '@/components/alert';
import { isProblem } from '@/lib/http/problem-body';

// Applies the file and follows its batches: a progress bar of rows written, then the page reloads.
export function ApplyPanel({ runId, total, applying, label = 'Apply this file' }: { runId: string; total: number; applying: boolean; label?: string }) {
  const router = useRouter();
  const [running, setRunning] = useState(applying);
  const [done, setDone] = useState(0);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!running) return;
    let stop = false;
    const tick = async () => {
      const res = await fetch(`/api/admin/imports/${runId}/progress`, { cache: 'no-store' }).catch(() => null);
      if (stop) return;
      const body = res?.ok ? ((await res.json()) as { status: string; processed: number }) : null;
      if (body) setDone(body.processed);
      if (body && body.status !== 'applying') {
        setRunning(false);
        router.refresh();
        return;
      }
      setTimeout(tick, 400);
    };
    void tick();
    return () => {
      stop = true;
    };
  }, [running, runId, router]);

  const start = async () => {
    setError(null);
    const res = await fetch(`/api/admin/imports/${runId}/apply`, { method: 'POST' }).catch(() => null);
    if (!res || !res.ok) {
      const body: unknown = res ? await res.json().catch(() => null) : null;
      return setError(isProblem(body) ? body.detail : 'We could not reach the portal. Try again.');
    }
    setRunning(true);
  };

  return (
    <div className="margin-y-3">
      {error ? (
        <Alert type="error" role="alert" slim>
          {error}
        </Alert>
      ) : null}
      {running ? (
        <div role="status" aria-live="polite">
          <label htmlFor="import-progress" className="usa-label">
            Writing the records in batches: {done.toLocaleString('en-US')} of {total.toLocaleString('en-US')} rows
          </label>
          <progress id="import-progress" className="width-full" max={total || 1} value={done} />
        </div>
      ) : (
        <button type="button" className="usa-button" onClick={start}>
          {label}
        </button>
      )}
    </div>
  );
}
