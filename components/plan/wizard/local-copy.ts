import type { PlanDraft } from '@/lib/plans/document';

// A copy of the form on this device, written on every change: if the server cannot be reached, the
// session ends or the page reloads before a save, nothing typed is lost.
export type LocalCopy = { draft: PlanDraft; changedAt: number; saved: boolean };

export const localCopyKey = (planId: string) => `mmp:plan-draft:${planId}`;
const key = localCopyKey;

export function readLocalCopy(planId: string): LocalCopy | null {
  try {
    const raw = window.localStorage.getItem(key(planId));
    if (!raw) return null;
    const value = JSON.parse(raw) as LocalCopy;
    return value && typeof value === 'object' && value.draft ? value : null;
  } catch {
    return null;
  }
}

export function writeLocalCopy(planId: string, draft: PlanDraft, saved = false): void {
  try {
    window.localStorage.setItem(key(planId), JSON.stringify({ draft, changedAt: Date.now(), saved }));
  } catch {
    // Storage full or disabled (private browsing): the server copy still saves.
  }
}

export function markLocalCopySaved(planId: string): void {
  const copy = readLocalCopy(planId);
  if (copy && !copy.saved) {
    try {
      window.localStorage.setItem(key(planId), JSON.stringify({ ...copy, saved: true }));
    } catch {
      /* see writeLocalCopy */
    }
  }
}

export function clearLocalCopy(planId: string): void {
  try {
    window.localStorage.removeItem(key(planId));
  } catch {
    /* see writeLocalCopy */
  }
}
