'use client';

import { createContext, useCallback, useContext, useId, useState, type ReactNode } from 'react';

// The page's forms (one record, a spreadsheet) answer in banners of their own. Only the answer to
// the latest attempt stays on screen: an "Application recorded" beside a later "Nothing was
// imported" would leave the owner unsure what happened last.

type Latest = { latest: string | null; mark: (id: string) => void };

const LatestAttempt = createContext<Latest | null>(null);

export function LatestAttemptProvider({ children }: { children: ReactNode }) {
  const [latest, setLatest] = useState<string | null>(null);
  return <LatestAttempt.Provider value={{ latest, mark: setLatest }}>{children}</LatestAttempt.Provider>;
}

/**
 * For one form: `begin()` when the person tries again (the form clears its own answer too), and
 * `isLatest` false once another form on the page has been tried since.
 */
export function useLatestAttempt(): { isLatest: boolean; begin: () => void } {
  const id = useId();
  const shared = useContext(LatestAttempt);
  const mark = shared?.mark;
  const begin = useCallback(() => mark?.(id), [mark, id]);
  return { isLatest: !shared || shared.latest === null || shared.latest === id, begin };
}
