import type { PlanDraft } from '@/lib/plans/document/types';
import { sameDraft } from './same-draft';

// A copy of the form on this device, written on every change: if the server cannot be reached, the
// session ends or the page reloads before a save, nothing typed is lost. It also remembers which
// server version the changes were made on (`baseVersion`) and the save last sent and not yet
// answered (`sent`), so that after a reload the form can tell its own save, whose answer was lost,
// from someone else's change.
export type LocalCopy = {
  draft: PlanDraft;
  changedAt: number;
  saved: boolean;
  baseVersion?: number;
  sent?: { baseVersion: number; draft: PlanDraft };
};

export const localCopyKey = (planId: string) => `mmp:plan-draft:${planId}`;
const key = localCopyKey;

export function parseLocalCopy(raw: string | null): LocalCopy | null {
  try {
    const value = raw ? (JSON.parse(raw) as LocalCopy) : null;
    return value && typeof value === 'object' && value.draft ? value : null;
  } catch {
    return null;
  }
}

export function readLocalCopy(planId: string): LocalCopy | null {
  try {
    return parseLocalCopy(window.localStorage.getItem(key(planId)));
  } catch {
    return null;
  }
}

function store(planId: string, copy: LocalCopy): void {
  try {
    window.localStorage.setItem(key(planId), JSON.stringify(copy));
  } catch {
    // Storage full or disabled (private browsing): the server copy still saves.
  }
}

/** A change typed on top of server version `baseVersion`; keeps the record of a save in flight. */
export function writeLocalCopy(planId: string, draft: PlanDraft, baseVersion?: number): void {
  const sent = readLocalCopy(planId)?.sent;
  store(planId, { draft, changedAt: Date.now(), saved: false, baseVersion, ...(sent ? { sent } : {}) });
}

/** A save of `draft` on top of `baseVersion` is on its way to the server. */
export function markLocalCopySent(planId: string, baseVersion: number, draft: PlanDraft): void {
  const copy = readLocalCopy(planId) ?? { draft, changedAt: Date.now(), saved: false, baseVersion };
  store(planId, { ...copy, sent: { baseVersion, draft } });
}

/** The server holds `draft` as version `version`: the copy is saved if it holds nothing newer. */
export function markLocalCopySaved(planId: string, draft: PlanDraft, version: number): void {
  const copy = readLocalCopy(planId);
  if (!copy) return;
  store(planId, { draft: copy.draft, changedAt: copy.changedAt, saved: copy.saved || sameDraft(copy.draft, draft), baseVersion: version });
}

export function clearLocalCopy(planId: string): void {
  try {
    window.localStorage.removeItem(key(planId));
  } catch {
    /* see store */
  }
}

/**
 * What to do on opening the form with a copy on this device:
 * - 'none': nothing unsaved (or the server already holds it);
 * - 'apply': unsaved changes made on top of what the server holds now (a change made just before a
 *   reload, or one typed after a save whose answer the reload lost): put them back and save them;
 * - 'offer': the server changed since (another window, the preparer): ask before overwriting.
 */
export function recoverLocalCopy(copy: LocalCopy | null, server: { draft: PlanDraft; version: number }): 'none' | 'apply' | 'offer' {
  if (!copy || copy.saved || sameDraft(copy.draft, server.draft)) return 'none';
  if (copy.sent && sameDraft(copy.sent.draft, server.draft) && server.version > copy.sent.baseVersion) return 'apply';
  if (copy.baseVersion !== undefined && copy.baseVersion === server.version) return 'apply';
  return 'offer';
}
