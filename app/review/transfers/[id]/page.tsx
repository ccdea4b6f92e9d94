import type { Metadata } from 'next';
import { Alert } from '@/components/alert';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { PageHeading } from '@/components/page-heading';
import { SummaryBox } from '@/components/summary-box';
import { TransferHistory, TransferNotices } from '@/components/transfer/transfer-history';
import { TransferStatusTag } from '@/components/transfer/transfer-status';
import { inScope, requireCapability } from '@/lib/auth/gates';
import { iowaDateOf } from '@/lib/clock';
import { formatDate, formatDateTime } from '@/lib/format';
import { formatBytes } from '@/lib/plans/attachment-kinds';
import { getTransferForReview, type TransferReview } from '@/lib/transfers/queries';
import { TransferDecisionForm } from './decision-form';

export const metadata: Metadata = { title: 'Ownership transfer request' };

const DONE: Record<string, string> = {
  confirmed: 'The transfer was confirmed. The operation is now recorded as the new owner’s, the previous owner’s preparers lost access, and both parties were emailed.',
  refused: 'The request was refused. Nothing changed hands; both parties were emailed your reason.',
};

function OwnerAnswer({ t }: { t: TransferReview }) {
  if (!t.currentOwnerName) return <p>No owner was on record when the request was filed, so no one was asked to accept it.</p>;
  if (t.ownerResponse === 'disputed') {
    return (
      <Alert type="warning" headingLevel={3} heading={`${t.currentOwnerName} says the request is wrong`}>
        <span className="text-pre-wrap">{t.ownerResponseNote}</span>
        {t.ownerRespondedAt ? <> (answered {formatDateTime(t.ownerRespondedAt)})</> : null}
      </Alert>
    );
  }
  if (t.ownerResponse === 'accepted') return <p>{t.currentOwnerName} accepted the request{t.ownerRespondedAt ? ` on ${formatDateTime(t.ownerRespondedAt)}` : ''}.</p>;
  return (
    <p>
      {t.currentOwnerName} was emailed a link to accept the request or say it is wrong, and has not answered.
      {t.ownerLinkOpen && t.ownerLinkExpiresAt ? ` The link works until ${formatDateTime(t.ownerLinkExpiresAt)}.` : ' The link is no longer open.'}
    </p>
  );
}

function Decision({ t }: { t: TransferReview }) {
  if (t.status === 'pending') return <TransferDecisionForm transferId={t.id} version={t.version} claimantName={t.claimantName} />;
  const by = t.decidedThrough === 'current_owner' ? `${t.currentOwnerName ?? 'The owner on record'} accepted it` : 'Decided by the department';
  return (
    <ul className="usa-list">
      <li>
        {t.status === 'confirmed' ? 'Confirmed' : 'Refused'} on {t.decidedOn ? formatDate(t.decidedOn) : 'an unrecorded date'}. {by}.
      </li>
      {t.decisionReason ? <li>{t.status === 'refused' ? 'Reason' : 'Note'}: {t.decisionReason}</li> : null}
      {t.status === 'confirmed' && t.requirementReason ? (
        <li>
          New owner’s original MMP: {t.originalMmpDueOn ? `due ${formatDate(t.originalMmpDueOn)}` : 'not owed'}. {t.requirementReason} ({t.requirementCitation})
        </li>
      ) : null}
    </ul>
  );
}

type Props = { params: Promise<{ id: string }>; searchParams: Promise<{ done?: string }> };

export default async function ReviewTransferPage({ params, searchParams }: Props) {
  const { id } = await params;
  const { done } = await searchParams;
  const actor = await requireCapability('transfer.decide', `/review/transfers/${id}`);
  const t = await inScope(getTransferForReview(actor, id));
  const ownerChanged = t.status === 'pending' && (t.ownerNow?.partyId ?? null) !== t.currentOwnerPartyId;
  return (
    <>
      <Breadcrumbs items={[{ label: 'Review worklist', href: '/review' }, { label: `Transfer of ${t.operationName}` }]} />
      <PageHeading
        title={`Transfer request: ${t.operationName}`}
        lead={`${t.countyName} County · facility ${t.facilityId ?? 'not assigned'} · filed ${formatDate(iowaDateOf(t.createdAt))} (DNR form 542-4026, IAC 567-65.110(1)“d”)`}
      >
        <TransferStatusTag status={t.status} />
      </PageHeading>
      {done && DONE[done] ? (
        <Alert type="success" role="status" heading="Done">
          {DONE[done]}
        </Alert>
      ) : null}

      <SummaryBox heading="The request" className="margin-top-2">
        <ul className="usa-list margin-y-0">
          <li>
            New owner asked for: <strong>{t.claimantName}</strong>
            {t.claimantAccount ? ` (filed by ${t.claimantAccount.name}, ${t.claimantAccount.email})` : ''}
          </li>
          <li>Owner on record when filed: {t.currentOwnerName ?? 'none recorded'}</li>
          <li>
            Owner on record today: {t.ownerNow ? `${t.ownerNow.name}, since ${formatDate(t.ownerNow.acquiredOn)}` : 'none recorded'}
          </li>
          <li>
            Date of acquisition given: <strong>{formatDate(t.acquiredOn)}</strong>
          </li>
        </ul>
      </SummaryBox>
      {ownerChanged ? (
        <Alert type="warning" headingLevel={2} heading="The operation changed hands since this request was filed" className="margin-top-2">
          Confirming it moves the operation from today’s owner of record.
        </Alert>
      ) : null}

      <h2>Proof of the transfer</h2>
      {t.evidence.length ? (
        <ul className="usa-list">
          {t.evidence.map((e) => (
            <li key={e.id}>
              <a href={`/api/attachments/${e.id}`}>{e.filename}</a> ({formatBytes(e.sizeBytes)}, SHA-256 {e.sha256.slice(0, 12)}…)
            </li>
          ))}
        </ul>
      ) : (
        <p>No file was filed with this request.</p>
      )}

      <h2>The owner on record’s answer</h2>
      <OwnerAnswer t={t} />

      <section aria-labelledby="decision-heading" className="margin-top-4">
        <h2 id="decision-heading">Decision</h2>
        <Decision t={t} />
      </section>

      <h2>Emails to both parties</h2>
      <TransferNotices notices={t.notices} />
      <h2>History</h2>
      <TransferHistory entries={t.history} />
    </>
  );
}
