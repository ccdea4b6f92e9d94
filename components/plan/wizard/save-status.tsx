'use client';

import { useSyncExternalStore } from 'react';
import type { SaveState } from './use-autosave';

const noop = () => () => undefined;
const time = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

/** "Saved at 3:02 PM" / "Saving…" / "Not saved — retrying": always visible while filling the form. */
export function SaveStatus({ state, signInHref }: { state: SaveState; signInHref: string }) {
  // Times are shown in the browser's own clock, so only after hydration.
  const mounted = useSyncExternalStore(noop, () => true, () => false);
  let text: React.ReactNode;
  let tone = 'text-base-dark';
  switch (state.kind) {
    case 'saved':
      text = state.at && mounted ? `Saved at ${time.format(state.at)}` : 'All changes saved';
      break;
    case 'saving':
      text = 'Saving…';
      break;
    case 'retrying':
      text = `${state.message}. Your changes are kept on this device meanwhile.`;
      tone = 'text-secondary-dark text-bold';
      break;
    case 'signed-out':
      tone = 'text-secondary-dark text-bold';
      text = (
        <>
          Not saved — your session ended. <a href={signInHref} target="_blank" rel="noopener">Sign in again (opens a new tab)</a>, then come back: your changes are kept on this device.
        </>
      );
      break;
    case 'conflict':
      tone = 'text-secondary-dark text-bold';
      text = (
        <>
          Not saved — {state.message}{' '}
          <button type="button" className="usa-button usa-button--unstyled" onClick={() => window.location.reload()}>
            Reload the page
          </button>
        </>
      );
      break;
  }
  return (
    <p className={`margin-y-1 font-sans-xs ${tone}`} role="status" aria-live="polite" data-testid="save-status">
      {text}
    </p>
  );
}
