import { useId, type ReactNode } from 'react';

type SummaryBoxProps = {
  heading: ReactNode;
  headingLevel?: 2 | 3 | 4;
  children: ReactNode;
  className?: string;
};

/** USWDS summary box: a labelled region for key facts (fees, due dates, next steps). */
export function SummaryBox({ heading, headingLevel = 2, children, className }: SummaryBoxProps) {
  const headingId = useId();
  const Heading = `h${headingLevel}` as const;
  return (
    <div
      className={['usa-summary-box', className].filter(Boolean).join(' ')}
      role="region"
      aria-labelledby={headingId}
    >
      <div className="usa-summary-box__body">
        <Heading className="usa-summary-box__heading" id={headingId}>
          {heading}
        </Heading>
        <div className="usa-summary-box__text">{children}</div>
      </div>
    </div>
  );
}
