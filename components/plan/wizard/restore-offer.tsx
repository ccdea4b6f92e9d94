'use client';

import { useState, useSyncExternalStore } from 'react';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import type { PlanDraft } from '@/lib/plans/document';
import { clearLocalCopy, localCopyKey, type LocalCopy } from './local-copy';

const time = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit' });
const noop = () => () => undefined;

type Props = { planId: string; serverDraft: PlanDraft; serverSavedAt: string | null; onRestore: (draft: PlanDraft) => void };

function parse(raw: string | null): LocalCopy | null {
  try {
    const copy = raw ? (JSON.parse(raw) as LocalCopy) : null;
    return copy?.draft ? copy : null;
  } catch {
    return null;
  }
}

/** Offers the copy kept on this device when it is newer than the server's (a save that never arrived). */
export function RestoreOffer({ planId, serverDraft, serverSavedAt, onRestore }: Props) {
  // Read once after hydration (the server has no localStorage); the raw string is a stable snapshot.
  const [initial] = useState<{ raw: string | null }>({ raw: null });
  const raw = useSyncExternalStore(
    noop,
    () => (initial.raw ??= window.localStorage.getItem(localCopyKey(planId)) ?? ''),
    () => null,
  );
  const [dismissed, setDismissed] = useState(false);
  const copy = parse(raw || null);
  const serverTime = serverSavedAt ? Date.parse(serverSavedAt) : 0;
  const newer = copy && !copy.saved && copy.changedAt > serverTime && JSON.stringify(copy.draft) !== JSON.stringify(serverDraft);
  if (!newer || dismissed) return null;
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
