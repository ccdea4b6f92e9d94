'use client';

import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import type { PlanDraft } from '@/lib/plans/document/types';
import { clearLocalCopy, localCopyKey, parseLocalCopy, recoverLocalCopy } from './local-copy';

const time = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit' });
const noop = () => () => undefined;

type Props = { planId: string; serverDraft: PlanDraft; serverVersion: number; onRestore: (draft: PlanDraft) => void };

/**
 * The copy kept on this device, after a reload or a lost connection: put back at once when it was
 * typed on top of what the server holds (a change made just before the reload), offered when the
 * plan changed on the server since (so nobody's work is overwritten unasked).
 */
export function RestoreOffer({ planId, serverDraft, serverVersion, onRestore }: Props) {
  // Read once after hydration (the server has no localStorage); the raw string is a stable snapshot.
  const [initial] = useState<{ raw: string | null }>({ raw: null });
  const raw = useSyncExternalStore(
    noop,
    () => (initial.raw ??= window.localStorage.getItem(localCopyKey(planId)) ?? ''),
    () => null,
  );
  const [dismissed, setDismissed] = useState(false);
  const copy = parseLocalCopy(raw || null);
  const decision = recoverLocalCopy(copy, { draft: serverDraft, version: serverVersion });
  const applied = useRef(false);
  useEffect(() => {
    if (decision !== 'apply' || !copy || applied.current) return;
    applied.current = true;
    onRestore(copy.draft);
  }, [decision, copy, onRestore]);
  if (decision !== 'offer' || !copy || dismissed) return null;
  return (
    <Alert type="warning" heading="This device has newer changes than the saved plan" headingLevel={2} className="margin-y-2">
      <p>Changes you made on {time.format(copy.changedAt)} did not reach the portal before the page closed or your session ended.</p>
      <Button
        onClick={() => {
          onRestore(copy.draft);
          setDismissed(true);
        }}
      >
        Restore my changes
      </Button>
      <Button
        variant="outline"
        onClick={() => {
          clearLocalCopy(planId);
          setDismissed(true);
        }}
      >
        Keep the saved plan
      </Button>
    </Alert>
  );
}
