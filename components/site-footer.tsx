import Link from 'next/link';
import type { NavLink } from './nav-types';

/** The home page carries these sections, so the links work without extra routes. */
export const DEFAULT_FOOTER_LINKS: NavLink[] = [
  { href: '/#about-mmps', label: 'About MMPs' },
  { href: '/#contact', label: 'Contact the department field offices' },
  { href: '/#accessibility', label: 'Accessibility' },
  { href: '/#privacy', label: 'Privacy' },
];

/** USWDS identifier: agency name, required links, and a pointer to iowa.gov. */
export function SiteFooter({ links = DEFAULT_FOOTER_LINKS }: { links?: NavLink[] }) {
  return (
    <footer className="usa-identifier">
      <section
        className="usa-identifier__section usa-identifier__section--masthead"
        aria-label="Agency identifier"
      >
        <div className="usa-identifier__container">
          <section className="usa-identifier__identity" aria-label="Agency description">
            <p className="usa-identifier__identity-domain">iowadnr.gov</p>
            <p className="usa-identifier__identity-disclaimer">
              An official website of the{' '}
              <a href="https://www.iowadnr.gov" className="usa-link">
                Iowa Department of Natural Resources
              </a>
            </p>
          </section>
        </div>
      </section>
      <nav
        className="usa-identifier__section usa-identifier__section--required-links"
        aria-label="Important links"
      >
        <div className="usa-identifier__container">
          <ul className="usa-identifier__required-links-list">
            {links.map((link) => (
              <li key={link.href} className="usa-identifier__required-links-item">
                <Link href={link.href} className="usa-identifier__required-link usa-link">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </nav>
      <section
        className="usa-identifier__section usa-identifier__section--usagov"
        aria-label="State of Iowa information and services"
      >
        <div className="usa-identifier__container">
          <div className="usa-identifier__usagov-description">
            Looking for State of Iowa information and services?
          </div>{' '}
          <a href="https://iowa.gov" className="usa-link">
            Visit iowa.gov
          </a>
        </div>
      </section>
    </footer>
  );
}
