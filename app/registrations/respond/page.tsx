import type { Metadata } from 'next';
import Link from 'next/link';
import { Alert } from '@/components/alert';
import { PageHeading } from '@/components/page-heading';
import { SummaryBox } from '@/components/summary-box';
import { getDb } from '@/lib/db';
import { getActor } from '@/lib/auth/session';
import { formatDateTime, formatNumber } from '@/lib/format';
import { findRegistrationByLink, isAddressee, WRONG_ACCOUNT } from '@/lib/registrations/answer';
import { REGISTRATION_LINK_DAYS } from '@/lib/registrations/limits';
import { loadRegistrationSummary } from '@/lib/registrations/queries';
import { RegistrationAnswerForm } from './answer-form';

export const metadata: Metadata = { title: 'Accept a registration made for you' };

// The page the owner reaches from the emailed link. Reading it needs only the link; answering needs
// the owner account that uses the address the link went to (checked again on the server).
export default async function RespondToRegistrationPage({ searchParams }: { searchParams: Promise<{ token?: string }> }) {
  const { token } = await searchParams;
  const db = await getDb();
  const request = typeof token === 'string' ? await findRegistrationByLink(db, token) : null;
  if (!request || typeof token !== 'string') {
    return (
      <div className="tablet:grid-col-8">
        <PageHeading title="Accept a registration made for you" />
        <Alert type="warning" heading="This link has expired or was already used">
          Each link works once, for {REGISTRATION_LINK_DAYS} days, and stops working when your preparer sends a new one or withdraws the registration. Ask your preparer to
          send a new link.
        </Alert>
      </div>
    );
  }
  const [summary, actor] = await Promise.all([loadRegistrationSummary(db, request), getActor()]);
  const here = `/registrations/respond?token=${encodeURIComponent(token)}`;
  return (
    <div className="tablet:grid-col-10">
      <PageHeading
        title="Accept a registration made for you"
        lead={`${summary.preparerName} registered ${summary.operationName} and named you, ${request.ownerName}, as its owner. Nothing is filed with the department until you accept.`}
      />
      <SummaryBox heading="The registration">
        <ul className="usa-list margin-y-0">
          <li>Operation: {summary.operationName}, {summary.countyName} County{summary.address911 ? ` (${summary.address911})` : ''}</li>
          <li>Animal unit capacity: {formatNumber(summary.animalUnitCapacity)}</li>
          <li>Registered by: {summary.preparerName} ({summary.preparerEmail})</li>
          <li>Sent to: {request.ownerEmail}</li>
          {request.tokenExpiresAt ? <li>This link works until {formatDateTime(request.tokenExpiresAt)}</li> : null}
        </ul>
      </SummaryBox>
      {!actor ? (
        <>
          <p className="margin-top-3">To answer, sign in with the owner account that uses {request.ownerEmail}. If you have none, create one with that address, then open this link again.</p>
          <div className="mmp-cta">
            <Link className="usa-button" href={`/sign-in?callbackUrl=${encodeURIComponent(here)}`}>Sign in to answer</Link>
            <Link className="usa-button usa-button--outline" href="/register">Create an owner account</Link>
          </div>
        </>
      ) : !isAddressee(actor, request) ? (
        <Alert type="warning" heading="Sign in with the owner’s account" className="margin-top-3">
          {WRONG_ACCOUNT}
        </Alert>
      ) : (
        <>
          <p className="margin-top-3">
            If you accept, {summary.operationName} is recorded as yours and {summary.preparerName} may prepare and submit plans for it, until you end that access. If it
            is not yours, decline: it is withdrawn and {summary.preparerName} is told.
          </p>
          <RegistrationAnswerForm token={token} operationName={summary.operationName} />
        </>
      )}
    </div>
  );
}
