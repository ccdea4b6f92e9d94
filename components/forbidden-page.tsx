import type { ReactNode } from 'react';
import { ButtonLink } from './button';

type ForbiddenPageProps = {
  title?: string;
  /** Replaces the default explanation. Keep it free of details about the record. */
  children?: ReactNode;
};

/**
 * 403 content. Prefer calling forbidden() from next/navigation in a page (renders this via
 * app/forbidden.tsx with HTTP 403); render <ForbiddenPage /> directly only where that can't run.
 */
export function ForbiddenPage({ title = 'You don’t have access to this page', children }: ForbiddenPageProps) {
  return (
    <div className="usa-prose padding-y-4">
      <h1>{title}</h1>
      {children ?? (
        <>
          <p className="usa-intro">
            Your account doesn&rsquo;t have permission to see this page or take this action.
          </p>
          <p>
            If you think you should have access, contact the department field office that works with
            your county, or ask your administrator to check your account&rsquo;s role.
          </p>
        </>
      )}
      <p>
        <ButtonLink href="/">Go to the home page</ButtonLink>
      </p>
    </div>
  );
}
