import Link from 'next/link';

// USWDS pagination for server-paged lists: previous, "Page n of m", next. Links keep the filter.
// (Also used by the staff "Sent mail" list.)
export function Pager({ page, total, pageSize, href, label }: { page: number; total: number; pageSize: number; href: (page: number) => string; label: string }) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="usa-pagination">
      <ul className="usa-pagination__list">
        {page > 1 ? (
          <li className="usa-pagination__item usa-pagination__arrow">
            <Link href={href(page - 1)} className="usa-pagination__link usa-pagination__previous-page" prefetch={false}>
              <span className="usa-pagination__link-text">Previous page</span>
            </Link>
          </li>
        ) : null}
        <li className="usa-pagination__item usa-pagination__page-no">
          <span className="usa-pagination__button usa-current" aria-current="page">
            Page {Math.min(page, pages)} of {pages}
          </span>
        </li>
        {page < pages ? (
          <li className="usa-pagination__item usa-pagination__arrow">
            <Link href={href(page + 1)} className="usa-pagination__link usa-pagination__next-page" prefetch={false}>
              <span className="usa-pagination__link-text">Next page</span>
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}

/** "Showing 26–50 of 134 operations". */
export function rangeText(page: number, pageSize: number, shown: number, total: number, noun: string): string {
  if (total === 0) return `No ${noun} match.`;
  const first = (page - 1) * pageSize + 1;
  return shown ? `Showing ${first}–${first + shown - 1} of ${total.toLocaleString('en-US')} ${noun}.` : `No ${noun} on this page; there are ${total.toLocaleString('en-US')} in all.`;
}
