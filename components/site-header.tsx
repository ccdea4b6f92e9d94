import Link from 'next/link';
import type { ReactNode } from 'react';
import { HeaderNav } from './header-nav';
import type { NavLink } from './nav-types';

export type { NavLink };

type SiteHeaderProps = {
  /** Primary navigation; the layout builds this from the signed-in user's role. */
  links: NavLink[];
  /** Right-hand slot in the nav bar, e.g. the user's name and a sign-out form. */
  userMenu?: ReactNode;
};

/** USWDS basic header with the agency name and the portal title. */
export function SiteHeader({ links, userMenu }: SiteHeaderProps) {
  const logo = (
    <div className="usa-logo mmp-logo">
      <em className="usa-logo__text">
        <Link href="/" title="Manure Management Plan Portal home">
          <span className="mmp-logo__agency">Iowa Department of Natural Resources</span>
          <span className="mmp-logo__title">Manure Management Plan Portal</span>
        </Link>
      </em>
    </div>
  );

  return (
    <header className="usa-header usa-header--basic">
      <div className="usa-nav-container">
        {/* A new role (signing in or out) brings other links: a fresh header measures them again. */}
        <HeaderNav key={links.map((l) => l.href).join(' ')} logo={logo} links={links} userMenu={userMenu} />
      </div>
    </header>
  );
}
