import Link from 'next/link';
import { Alert } from '@/components/alert';
import type { Actor } from '@/lib/auth/roles';
import { hasSecondFactor, SECOND_FACTOR_EXPECTED } from '@/lib/auth/second-factor';
import { STAFF_SECOND_FACTOR_NOTICE } from '@/lib/auth/second-factor-words';

/**
 * Department staff and the administrator without a second factor are reminded on every page (not
 * blocked): issue 27 asks staff to sign in with one.
 */
export async function SecondFactorNotice({ actor }: { actor: Actor | null }) {
  if (!actor || !SECOND_FACTOR_EXPECTED.includes(actor.role)) return null;
  if (await hasSecondFactor(actor.id)) return null;
  return (
    <Alert type="warning" slim className="margin-top-2">
      <Link href="/account#second-factor-heading">{STAFF_SECOND_FACTOR_NOTICE}</Link>. It takes two minutes with an authenticator app on your phone.
    </Alert>
  );
}
