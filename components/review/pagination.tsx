import Link from 'next/link';

// USWDS pagination with previous/next and the current page; hrefs come from the caller.
export function Pagination({ page, pageCount, href, label }: { page: number; pageCount: number; href: (page: number) => string; label: string }) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label} className="usa-pagination">
      <ul className="usa-pagination__list">
        {page > 1 ? (
          <li className="usa-pagination__item usa-pagination__arrow">
            <Link href={href(page - 1)} className="usa-pagination__link usa-pagination__previous-page">
              <span className="usa-pagination__link-text">Previous page</span>
            </Link>
          </li>
        ) : null}
        <li className="usa-pagination__item usa-pagination__page-no">
          <span className="usa-pagination__button usa-current" aria-current="page">
            Page {page} of {pageCount}
          </span>
        </li>
        {page < pageCount ? (
          <li className="usa-pagination__item usa-pagination__arrow">
            <Link href={href(page + 1)} className="usa-pagination__link usa-pagination__next-page">
              <span className="usa-pagination__link-text">Next page</span>
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
