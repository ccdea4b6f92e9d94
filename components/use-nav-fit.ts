'use client';

import { useEffect, useState, type RefObject } from 'react';

/** Desktop header layout from 64em (USWDS's own breakpoint): below it the links live in the menu panel. */
export const DESKTOP_QUERY = '(min-width: 64em)';

/** Room kept for the "More" button at the end of the row (its label and arrow, with padding). */
const MORE_BUTTON_PX = 96;

/**
 * How many links fit into how much room: all of them (null), or as many as fit beside the "More"
 * button. Pure, so the rule is tested without a browser.
 */
export function linksThatFit(widths: number[], available: number, moreButton = MORE_BUTTON_PX): number | null {
  const total = widths.reduce((sum, w) => sum + w, 0);
  if (total <= available) return null;
  let used = 0;
  let count = 0;
  for (const w of widths) {
    if (used + w + moreButton > available) break;
    used += w;
    count += 1;
  }
  return count;
}

/**
 * Keeps the desktop navigation on one row: measures each link once (the header is remounted when
 * the role, and so the labels, change) and moves the links that would not fit into the "More"
 * menu, before they overflow into the title or push "Sign out" off the screen. `visible` null
 * means every link is on the row; `measured` is false until the first measure.
 */
export function useNavFit(list: RefObject<HTMLUListElement | null>) {
  const [fit, setFit] = useState<{ visible: number | null; measured: boolean }>({ visible: null, measured: false });

  useEffect(() => {
    const ul = list.current;
    if (!ul) return;
    // Read while every link is on the row: the first desktop measure comes before any is moved.
    let widths: number[] | null = null;
    const observer = new ResizeObserver(() => {
      if (!window.matchMedia(DESKTOP_QUERY).matches) {
        setFit({ visible: null, measured: true });
        return;
      }
      widths ??= [...ul.querySelectorAll<HTMLElement>(':scope > li[data-nav-link]')].map((li) => li.getBoundingClientRect().width);
      setFit({ visible: linksThatFit(widths, ul.clientWidth), measured: true });
    });
    // Fires once at the start, then whenever the row's width changes.
    observer.observe(ul);
    return () => observer.disconnect();
  }, [list]);

  return fit;
}
