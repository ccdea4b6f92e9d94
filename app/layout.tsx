// USWDS, only the rules the portal uses and with the system's fonts (scripts/build-css.ts).
import './styles/uswds.generated.css';
import './globals.css';

import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { GovBanner } from '@/components/gov-banner';
import { SiteFooter } from '@/components/site-footer';
import { SiteHeader, type NavLink } from '@/components/site-header';
import { SecondFactorNotice } from '@/components/second-factor-notice';
import { SkipLink } from '@/components/skip-link';
import { navForRole } from '@/components/role-nav';
import { UserMenu } from '@/components/user-menu';
import { getSessionActor, mustEnrolSecondFactor } from '@/lib/auth/session';
import { ROLE_LABELS } from '@/lib/auth/roles';

export const metadata: Metadata = {
  title: { template: '%s | Iowa MMP Portal', default: 'Iowa MMP Portal' },
  description:
    'File and track Iowa manure management plans and annual updates with the Iowa Department of Natural Resources.',
};

// The navigation follows the signed-in user's role (read per request); pages still check access.
export default async function RootLayout({ children }: { children: ReactNode }) {
  const actor = await getSessionActor();
  // A staff account that must set up its second factor sees only its account page until it does.
  const enrolFirst = actor ? await mustEnrolSecondFactor(actor) : false;
  const navLinks: NavLink[] = enrolFirst ? [] : navForRole(actor?.role ?? null);
  return (
    <html lang="en">
      <body>
        <SkipLink />
        <GovBanner />
        <SiteHeader
          links={navLinks}
          userMenu={actor ? <UserMenu name={actor.name} roleLabel={ROLE_LABELS[actor.role]} /> : undefined}
        />
        <main id="main-content" tabIndex={-1}>
          <div className="grid-container mmp-main">
            <SecondFactorNotice actor={actor} required={enrolFirst} />
            {children}
          </div>
        </main>
        <SiteFooter />
      </body>
    </html>
  );
}
