import type { Metadata } from 'next';
import Link from 'next/link';
import { PageHeading } from '@/components/page-heading';
import { SummaryBox } from '@/components/summary-box';
import { requireActor } from '@/lib/auth/session';
import { ROLE_LABELS } from '@/lib/auth/roles';
import { getOwnMailingAddress } from '@/lib/parties/mailing-address';
import { MailingAddressForm } from './mailing-address-form';
import { SecondFactorSection } from './second-factor-section';
import { SignOutEverywhere } from './sign-out-everywhere';
import { SignatureAgreement } from './signature-agreement';
import { FILERS } from '@/lib/auth/roles';
import { formatDate } from '@/lib/format';
import { iowaDateOf } from '@/lib/clock';
import { SIGNATURE_AGREEMENT, agreementSha256 } from '@/lib/signing/agreement';
import { agreementAcceptance } from '@/lib/signing/signatories';

export const metadata: Metadata = { title: 'Your account' };

export default async function AccountPage() {
  const actor = await requireActor('/account');
  const letters = actor.role === 'owner' || actor.role === 'active_contractor' ? await getOwnMailingAddress(actor) : null;
  // Owners and preparers sign plans: the electronic signature agreement is theirs to accept.
  const accepted = FILERS.includes(actor.role) ? await agreementAcceptance(actor) : null;
  return (
    <>
      <PageHeading title="Your account" />
      <SummaryBox heading="Signed in as">
        <p className="margin-y-0">
          {actor.name} — {actor.email}
          <br />
          {ROLE_LABELS[actor.role]}
        </p>
      </SummaryBox>
      {letters ? (
        <section aria-labelledby="address-heading">
          <h2 id="address-heading">Mailing address for letters</h2>
          <p>
            The department’s decision letters for {letters.partyName} are addressed here.
            {letters.mailingAddress ? null : <strong> No address is on file yet.</strong>}
          </p>
          <MailingAddressForm current={letters.mailingAddress} />
        </section>
      ) : null}
      {FILERS.includes(actor.role) ? (
        <section aria-labelledby="agreement-heading">
          <h2 id="agreement-heading">Electronic signature agreement</h2>
          <SignatureAgreement
            version={SIGNATURE_AGREEMENT.version}
            title={SIGNATURE_AGREEMENT.title}
            paragraphs={SIGNATURE_AGREEMENT.paragraphs}
            sha256={agreementSha256()}
            acceptedOn={accepted ? formatDate(iowaDateOf(accepted.acceptedAt)) : null}
          />
        </section>
      ) : null}
      <h2>Password</h2>
      <p>
        To change your password, <Link href="/forgot-password">ask for a reset link</Link>; we email it to {actor.email}.
      </p>
      <SecondFactorSection actor={actor} />
      <h2>Emails and calendar</h2>
      <ul className="usa-list">
        <li>
          <Link href="/account/notifications">Email notifications</Link>: choose your reminders
          {actor.role === 'county_official' ? ' and a daily or weekly digest' : ''}.
        </li>
        <li>
          <Link href="/account/calendar">Calendar feed</Link>: your dates in your own calendar app, at a private address.
        </li>
      </ul>
      <h2>Sessions</h2>
      <p>Signed in on a shared or lost device? End every session of your account, here and everywhere else.</p>
      <SignOutEverywhere />
    </>
  );
}
