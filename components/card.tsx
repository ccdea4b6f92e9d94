import type { ReactNode } from 'react';

type CardProps = {
  heading: ReactNode;
  headingLevel?: 2 | 3 | 4;
  children?: ReactNode;
  footer?: ReactNode;
  /** Use 'li' inside <CardGroup>; 'div' elsewhere. Default 'li'. */
  as?: 'li' | 'div';
  /** Grid width classes, e.g. 'tablet:grid-col-6'. */
  className?: string;
};

export function Card({ heading, headingLevel = 2, children, footer, as = 'li', className }: CardProps) {
  const Tag = as;
  const Heading = `h${headingLevel}` as const;
  return (
    <Tag className={['usa-card', className].filter(Boolean).join(' ')}>
      <div className="usa-card__container">
        <div className="usa-card__header">
          <Heading className="usa-card__heading">{heading}</Heading>
        </div>
        {children ? <div className="usa-card__body">{children}</div> : null}
        {footer ? <div className="usa-card__footer">{footer}</div> : null}
      </div>
    </Tag>
  );
}

/** A list of cards; children are <Card> (as 'li'). */
export function CardGroup({ children, className }: { children: ReactNode; className?: string }) {
  return <ul className={['usa-card-group', className].filter(Boolean).join(' ')}>{children}</ul>;
}
