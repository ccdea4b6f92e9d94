import type { Metadata } from 'next';
import { eq } from 'drizzle-orm';
import { Alert } from '@/components/alert';
import { PageHeading } from '@/components/page-heading';
import { SummaryBox } from '@/components/summary-box';
import { OwnerAnswerForm } from '@/components/transfer/owner-answer-form';
import { getDb } from '@/lib/db';
import { attachments, parties } from '@/db/schema';
import { iowaDateOf } from '@/lib/clock';
import { formatDate, formatDateTime } from '@/lib/format';
import { loadOperationSummary } from '@/lib/transfers/queries';
import { OWNER_LINK_DAYS } from '@/lib/transfers/limits';
import { findRequestByLink } from '@/lib/transfers/respond';
import { respondWithLinkAction } from './actions';

export const metadata: Metadata = { title: 'Answer a transfer request' };

// The page the owner on record reaches from the emailed link. No sign-in: the owner may have no
// portal account, and the single-use link is what shows they are the one asked.
export default async function RespondPage({ searchParams }: { searchParams: Promise<{ token?: string }> }) {
  const { token } = await searchParams;
  const db = await getDb();
  const request = typeof token === 'string' ? await findRequestByLink(db, token) : null;
  if (!request || typeof token !== 'string') {
    return (
      <div className="tablet:grid-col-8">
        <PageHeading title="Answer a transfer request" />
        <Alert type="warning" heading="This link has expired or was already used">
          Each link works once, for {OWNER_LINK_DAYS} days. The department decides requests that were not answered in time. If you have questions about a request for your operation, call
          your DNR field office.
        </Alert>
      </div>
    );
  }
  const [op, [claimant], evidence] = await Promise.all([
    loadOperationSummary(db, request.operationId),
    db.select({ name: parties.name }).from(parties).where(eq(parties.id, request.claimantPartyId)),
    db.select({ filename: attachments.filename }).from(attachments).where(eq(attachments.transferId, request.id)),
  ]);
  const claimantName = claimant?.name ?? 'Someone';
  return (
    <div className="tablet:grid-col-10">
      <PageHeading
        title="Answer a transfer request"
        lead={`${claimantName} asked to be recorded as the owner of ${op.name}.`}
      />
      <SummaryBox heading="The request">
        <ul className="usa-list margin-y-0">
          <li>Operation: {op.name} (facility {op.facilityId ?? 'not assigned'}), {op.countyName} County</li>
          <li>Asked to be recorded as owner: {claimantName}</li>
          <li>Date they say they acquired it: {formatDate(request.acquiredOn)}</li>
          <li>Filed: {formatDate(iowaDateOf(request.createdAt))}, with {evidence.map((e) => e.filename).join(', ') || 'no file'} as proof</li>
          {request.ownerTokenExpiresAt ? <li>This link works until {formatDateTime(request.ownerTokenExpiresAt)}</li> : null}
        </ul>
      </SummaryBox>
      {/* Said only until the owner answers: once they accept, the operation is no longer theirs. */}
      <OwnerAnswerForm
        credential={{ token }}
        claimantName={claimantName}
        acquiredOn={formatDate(request.acquiredOn)}
        action={respondWithLinkAction}
        intro={
          <p className="margin-top-3">
            Nothing has changed: you are still the owner on record. If you sold or otherwise transferred the operation, accept the request: it becomes the new owner’s as of{' '}
            {formatDate(request.acquiredOn)}, and your preparers’ access ends. If you did not, say what is wrong: the department sees your answer and decides.
          </p>
        }
      />
    </div>
  );
}
