import type { ReactNode } from 'react';

/** Lets a table cell's text wrap: scrollable USWDS tables keep cells on one line, which cuts them off on a phone. */
export function Wrap({ children }: { children: ReactNode }) {
  return <span className="text-wrap">{children}</span>;
}
