import { formatDateTime } from '@/lib/format';
import type { Actor } from '@/lib/auth/roles';
import { getSecondFactorStatus, SECOND_FACTOR_EXPECTED } from '@/lib/auth/second-factor';
import { RemoveSecondFactorForm, RenewRecoveryCodesForm, SetUpAuthenticator } from './second-factor-forms';
import { listPasskeys } from '@/lib/auth/passkeys';
import { PasskeysSection } from './passkeys-section';

/** The account's second sign-in factor: set it up, or replace its recovery codes, or remove it. */
export async function SecondFactorSection({ actor }: { actor: Actor }) {
  const [status, keys] = await Promise.all([getSecondFactorStatus(actor.id), listPasskeys(actor.id)]);
  const expected = SECOND_FACTOR_EXPECTED.includes(actor.role);
  return (
    <section aria-labelledby="second-factor-heading">
      <h2 id="second-factor-heading">Second factor</h2>
      {status.enrolled ? (
        <>
          <p>
            Signing in asks for a code from your authenticator app after your password. Set up on {formatDateTime(status.confirmedAt!)}
            {status.lastUsedAt ? `; last used ${formatDateTime(status.lastUsedAt)}` : ''}.
          </p>
          <p>
            You have <strong>{status.recoveryCodesLeft}</strong> unused recovery code{status.recoveryCodesLeft === 1 ? '' : 's'}.
            {status.recoveryCodesLeft <= 3 ? ' Make new ones before they run out.' : ''}
          </p>
          <h3>New recovery codes</h3>
          <p>Lost your recovery codes, or used most of them? Make ten new ones; the old ones stop working.</p>
          <RenewRecoveryCodesForm />
          <h3>Remove the authenticator app</h3>
          <p>
            {expected
              ? 'The department requires a second factor for staff: set up another app straight after removing this one.'
              : 'After removing it, signing in asks for your password only.'}
          </p>
          <RemoveSecondFactorForm />
        </>
      ) : (
        <>
          <p>
            {expected
              ? 'The department requires a second factor for staff. '
              : 'A second factor keeps your account safe even if someone learns your password. '}
            With an authenticator app (such as Google Authenticator, Microsoft Authenticator or 1Password), signing in asks for a
            6-digit code from your phone after your password.
          </p>
          <SetUpAuthenticator />
        </>
      )}
      <PasskeysSection hasApp={status.enrolled} recoveryCodesLeft={status.recoveryCodesLeft} passkeys={keys.map((k) => ({ id: k.id, name: k.name, createdAt: k.createdAt.toISOString(), lastUsedAt: k.lastUsedAt?.toISOString() ?? null }))} />
    </section>
  );
}
