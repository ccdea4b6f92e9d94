import Link from 'next/link';

export type Crumb = { label: string; href?: string };

/** USWDS breadcrumb. The last item is the current page and is not a link. */
export function Breadcrumbs({ items }: { items: Crumb[] }) {
  return (
    <nav className="usa-breadcrumb" aria-label="Breadcrumbs">
      <ol className="usa-breadcrumb__list">
        {items.map((item, i) => {
          const last = i === items.length - 1;
          return (
            <li
              key={`${i}-${item.label}`}
              className={`usa-breadcrumb__list-item${last ? ' usa-current' : ''}`}
              aria-current={last ? 'page' : undefined}
            >
              {item.href && !last ? (
                <Link href={item.href} className="usa-breadcrumb__link">
                  <span>{item.label}</span>
                </Link>
              ) : (
                <span>{item.label}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
