'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import type { ActionResult } from '@/lib/errors';
import type { PlanDraft } from '@/lib/plans/document/types';
import { markLocalCopySaved, markLocalCopySent, readLocalCopy, writeLocalCopy } from './local-copy';
import { sameDraft } from './same-draft';

export { sameDraft };

export type SaveState =
  | { kind: 'saved'; at: Date | null }
  | { kind: 'saving' }
  | { kind: 'retrying'; message: string }
  | { kind: 'signed-out' }
  | { kind: 'conflict'; message: string };

type SaveAction = (input: unknown) => Promise<ActionResult<{ version: number; savedAt: string }>>;
type PeekAction = (input: unknown) => Promise<ActionResult<{ version: number; draft: unknown; editable: boolean }>>;

const DEBOUNCE_MS = 1200;
const MAX_RETRY_MS = 30_000;

/**
 * Saves the draft to the server a moment after typing stops (and at once on flush), one request at
 * a time, retrying with backoff while the connection is down. The plan version travels with each
 * save; a save based on a stale version is refused and stops autosaving (CONFLICT).
 */
export function useAutosave(planId: string, initial: { version: number; savedAt: string | null }, save: SaveAction, peek: PeekAction) {
  const [state, setState] = useState<SaveState>({ kind: 'saved', at: initial.savedAt ? new Date(initial.savedAt) : null });
  const version = useRef(initial.version);
  const pending = useRef<PlanDraft | null>(null);
  const inFlight = useRef<Promise<boolean> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const failures = useRef(0);
  const stopped = useRef(false);
  // The retry timer calls the latest run() through this ref (run cannot name itself).
  const runLater = useRef<() => void>(() => undefined);

  const run = useCallback(async (): Promise<boolean> => {
    if (inFlight.current) await inFlight.current;
    const draft = pending.current;
    if (!draft) return !stopped.current;
    if (stopped.current) return false;
    pending.current = null;
    setState({ kind: 'saving' });
    const attempt = (async () => {
      try {
        markLocalCopySent(planId, version.current, draft);
        const result = await save({ planId, version: version.current, draft });
        if (result.ok) {
          version.current = result.data.version;
          failures.current = 0;
          markLocalCopySaved(planId, draft, result.data.version);
          if (!pending.current) setState({ kind: 'saved', at: new Date(result.data.savedAt) });
          return true;
        }
        pending.current ??= draft;
        if (result.code === 'CONFLICT') {
          // A save whose answer was lost (a reload, a dropped connection) already holds this draft,
          // or an earlier one this device sent: take the server's version and carry on (saving what
          // was typed since). Anything else is a real conflict.
          const server = await peek({ planId }).catch(() => null);
          const sent = readLocalCopy(planId)?.sent;
          if (server?.ok && server.data.editable && sameDraft(server.data.draft, draft)) {
            version.current = server.data.version;
            if (pending.current === draft) pending.current = null;
            markLocalCopySaved(planId, draft, server.data.version);
            setState({ kind: 'saved', at: new Date() });
            if (pending.current) runLater.current();
            return true;
          }
          if (server?.ok && server.data.editable && sent && sameDraft(server.data.draft, sent.draft) && server.data.version > sent.baseVersion) {
            version.current = server.data.version;
            markLocalCopySaved(planId, sent.draft, server.data.version);
            runLater.current();
            return true;
          }
          stopped.current = true;
          setState({ kind: 'conflict', message: result.message });
          return false;
        }
        if (result.code === 'UNAUTHENTICATED') {
          setState({ kind: 'signed-out' });
          return false;
        }
        throw new Error(result.message);
      } catch {
        pending.current ??= draft;
        failures.current += 1;
        const wait = Math.min(2000 * 2 ** (failures.current - 1), MAX_RETRY_MS);
        setState({ kind: 'retrying', message: `Not saved — retrying in ${Math.round(wait / 1000)} s` });
        clearTimeout(timer.current);
        timer.current = setTimeout(() => runLater.current(), wait);
        return false;
      }
    })();
    inFlight.current = attempt;
    const ok = await attempt;
    inFlight.current = null;
    return ok;
  }, [planId, save, peek]);

  useEffect(() => {
    runLater.current = () => void run();
  }, [run]);

  /** Records a change: kept on this device at once, sent to the server after a pause. */
  const queue = useCallback(
    (draft: PlanDraft) => {
      writeLocalCopy(planId, draft, version.current);
      pending.current = draft;
      if (stopped.current) return;
      // Say at once that the latest change is not on the server yet (unless a retry is waiting).
      setState((s) => (s.kind === 'saved' ? { kind: 'saving' } : s));
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void run(), DEBOUNCE_MS);
    },
    [planId, run],
  );

  /** Sends any unsaved change now; true when the server has everything. */
  const flush = useCallback(async () => {
    clearTimeout(timer.current);
    return run();
  }, [run]);

  useEffect(() => {
    const retryNow = () => {
      if (pending.current) void flush();
    };
    const onHide = () => {
      if (document.visibilityState === 'hidden') retryNow();
    };
    const beforeUnload = (e: BeforeUnloadEvent) => {
      if (pending.current || inFlight.current) e.preventDefault();
    };
    window.addEventListener('online', retryNow);
    window.addEventListener('focus', retryNow);
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('beforeunload', beforeUnload);
    return () => {
      window.removeEventListener('online', retryNow);
      window.removeEventListener('focus', retryNow);
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('beforeunload', beforeUnload);
      clearTimeout(timer.current);
    };
  }, [flush]);

  return { state, queue, flush, version: () => version.current };
}
