import Link from 'next/link';
import { Alert } from '@/components/alert';
import type { Actor } from '@/lib/auth/roles';
import { hasSecondFactor, SECOND_FACTOR_EXPECTED } from '@/lib/auth/second-factor';
import { STAFF_SECOND_FACTOR_NOTICE } from '@/lib/auth/second-factor-words';

/**
 * Department staff and the administrator without a second factor: where it is required (a production
 * server, MMP_STAFF_SECOND_FACTOR) they are told to set it up, on the only page they can open; where
 * it is not (the demo), they are reminded on every page.
 */
export async function SecondFactorNotice({ actor, required = false }: { actor: Actor | null; required?: boolean }) {
  if (!actor || !SECOND_FACTOR_EXPECTED.includes(actor.role)) return null;
  if (required) {
    return (
      <Alert type="warning" heading="Set up your second factor to continue" headingLevel={2} className="margin-top-2">
        <p>
          The department requires staff to sign in with a second factor. Set up an authenticator app in the “Second factor” section below; then every page of the portal opens
          again, and each sign-in asks for a code from the app.
        </p>
      </Alert>
    );
  }
  if (await hasSecondFactor(actor.id)) return null;
  return (
    <Alert type="warning" slim className="margin-top-2">
      <Link href="/account#second-factor-heading">{STAFF_SECOND_FACTOR_NOTICE}</Link>. It takes two minutes with an authenticator app on your phone.
    </Alert>
  );
}
