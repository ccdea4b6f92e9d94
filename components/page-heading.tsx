import type { ReactNode } from 'react';

type PageHeadingProps = {
  /** The page's one h1. */
  title: ReactNode;
  /** Short plain-language summary under the heading. */
  lead?: ReactNode;
  /** Actions shown beside the heading on wide screens (buttons, links, a status tag). */
  children?: ReactNode;
};

export function PageHeading({ title, lead, children }: PageHeadingProps) {
  return (
    <div className="mmp-page-heading margin-bottom-4">
      <div className="mmp-page-heading__row">
        <h1 className="margin-top-0 margin-bottom-1">{title}</h1>
        {children ? <div className="mmp-page-heading__actions">{children}</div> : null}
      </div>
      {lead ? <p className="usa-intro margin-top-1">{lead}</p> : null}
    </div>
  );
}
