import type { ReactNode } from 'react';

export type AlertType = 'info' | 'success' | 'warning' | 'error';

type AlertProps = {
  type: AlertType;
  heading?: ReactNode;
  /** Heading level for `heading`; pick one that fits the page outline. Default 2. */
  headingLevel?: 2 | 3 | 4;
  children?: ReactNode;
  /** `alert` for errors that appear after an action, `status` for confirmations. No role by default. */
  role?: 'alert' | 'status';
  slim?: boolean;
  noIcon?: boolean;
  id?: string;
  className?: string;
};

/** USWDS alert. Give it a role only when it appears dynamically, so screen readers announce it. */
export function Alert({ type, heading, headingLevel = 2, children, role, slim, noIcon, id, className }: AlertProps) {
  const Heading = `h${headingLevel}` as const;
  const classes = [
    'usa-alert',
    `usa-alert--${type}`,
    slim && 'usa-alert--slim',
    noIcon && 'usa-alert--no-icon',
    className,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={classes} role={role} id={id}>
      <div className="usa-alert__body">
        {heading ? <Heading className="usa-alert__heading">{heading}</Heading> : null}
        {children ? <div className="usa-alert__text">{children}</div> : null}
      </div>
    </div>
  );
}
