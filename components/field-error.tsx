import type { ReactNode } from 'react';

/** USWDS error message; the control points at `id` with aria-describedby. Renders nothing when empty. */
export function FieldError({ id, children }: { id: string; children?: ReactNode }) {
  if (!children) return null;
  return (
    <span className="usa-error-message" id={id}>
      {children}
    </span>
  );
}
