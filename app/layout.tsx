import '@uswds/uswds/css/uswds.min.css';
import './globals.css';

import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { GovBanner } from '@/components/gov-banner';
import { SiteFooter } from '@/components/site-footer';
import { SiteHeader, type NavLink } from '@/components/site-header';
import { SkipLink } from '@/components/skip-link';

export const metadata: Metadata = {
  title: { template: '%s | Iowa MMP Portal', default: 'Iowa MMP Portal' },
  description:
    'File and track Iowa manure management plans and annual updates with the Iowa Department of Natural Resources.',
};

// Public links only for now. When sessions exist, build this list from the signed-in user's
// role (and pass their name and a sign-out form as SiteHeader's `userMenu`); keep the layout
// free of database reads.
const navLinks: NavLink[] = [{ href: '/', label: 'Home' }];

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <SkipLink />
        <GovBanner />
        <SiteHeader links={navLinks} />
        <main id="main-content" tabIndex={-1}>
          <div className="grid-container mmp-main">{children}</div>
        </main>
        <SiteFooter />
      </body>
    </html>
  );
}
