import type { Metadata } from 'next';
import { ButtonLink } from '@/components/button';

export const metadata: Metadata = { title: 'Page not found' };

// Also shown when a record exists but is outside the caller's scope, so it must not say which.
export default function NotFound() {
  return (
    <div className="usa-prose padding-y-4">
      <h1>We can&rsquo;t find that page or record</h1>
      <p className="usa-intro">
        The address may be mistyped, the page may have moved, or the record isn&rsquo;t available to
        your account.
      </p>
      <p>Check the address, or start again from the home page.</p>
      <p>
        <ButtonLink href="/">Go to the home page</ButtonLink>
      </p>
    </div>
  );
}
