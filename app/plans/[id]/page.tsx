import { inScope } from '@/lib/auth/gates';
import type { Metadata } from 'next';
import Link from 'next/link';
import { Alert } from '@/components/alert';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { ButtonLink } from '@/components/button';
import { PageHeading } from '@/components/page-heading';
import { AttachmentList } from '@/components/plan/attachment-list';
import { ClockHistory } from '@/components/plan-document/clock-history';
import { FeeTable } from '@/components/plan/fee-table';
import { ChangesTable } from '@/components/plan-document/changes-table';
import { DocumentView } from '@/components/plan-document/document-view';
import { PlanCounties } from '@/components/plan/plan-counties';
import { ReceiptForm } from '@/components/plan/receipt-form';
import { ReturnedNotice } from '@/components/plan/returned-notice';
import { WhatNext } from '@/components/plan/what-next';
import { WithdrawForm } from '@/components/plan/withdraw-form';
import { StatusTag } from '@/components/status-tag';
import { requireActor } from '@/lib/auth/session';
import { FILERS } from '@/lib/auth/roles';
import { iowaDateOf, today } from '@/lib/clock';
import { formatDate, formatDateTime, formatNumber } from '@/lib/format';
import { planKindLabel } from '@/lib/notifications/labels';
import { findCopyOfRecordSummary } from '@/lib/plans/copy-of-record';
import { FACTOR_WORDS } from '@/lib/signing/certification';
import { getPlanPage } from '@/lib/plans/view';
import { answerDeficienciesAction, disputeFilingAction, recordReceiptAction, withdrawPlanAction } from './actions';
import { DisputeFilingForm } from '@/components/plan/dispute-filing';
import { DISPUTED_FILING_MESSAGE, disputeState } from '@/lib/plans/dispute';

export const metadata: Metadata = { title: 'Plan' };

export default async function PlanPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const actor = await requireActor(`/plans/${id}`);
  const data = await inScope(getPlanPage(actor, id, today()));
  const { plan } = data;
  const copy = await findCopyOfRecordSummary(plan.id);
  const dispute = copy ? await disputeState(actor, plan.id, plan.operationId, today()) : null;
  const names = new Map(data.counties.map((c) => [c.fips, c.name]));
  const uncovered = data.coverage.filter((c) => !c.receivedOn && (actor.role !== 'county_official' || c.fips === actor.countyFips));
  const filer = FILERS.includes(actor.role);
  return (
    <>
      {filer ? <Breadcrumbs items={[{ label: 'My operations', href: '/dashboard' }, { label: data.operationName, href: `/operations/${plan.operationId}` }, { label: 'Plan' }]} /> : null}
      <PageHeading title={`${data.operationName}: ${planKindLabel(plan.kind, plan.updateKind).toLowerCase()}`} lead={`${data.countyName} County · facility ID ${data.operation.facilityId ?? 'not yet assigned'} · ${plan.channel === 'hard_copy' ? 'hard copy' : 'filed electronically'}`}>
        <StatusTag status={plan.status} big />
      </PageHeading>

      {plan.status === 'draft' ? (
        <Alert type="info" heading="Not submitted yet" headingLevel={2}>
          This plan is a draft{plan.draftSavedAt ? `, last saved ${formatDate(iowaDateOf(plan.draftSavedAt))}` : ''}. The department sees it once it is submitted.
        </Alert>
      ) : null}
      <ReturnedNotice data={data} action={answerDeficienciesAction} />
      {plan.status === 'disapproved' && plan.decisionReasons ? (
        <Alert type="error" heading="Why the department disapproved this plan" headingLevel={2}>
          {plan.decisionReasons}
        </Alert>
      ) : null}

      {data.can.edit || data.can.withdraw ? (
        <div className="margin-y-2">
          {data.can.edit ? (
            <ButtonLink href={`/plans/${plan.id}/edit`}>{plan.status === 'draft' ? 'Continue filing' : 'Revise and resubmit'}</ButtonLink>
          ) : null}
          {data.can.withdraw ? <WithdrawForm planId={plan.id} version={plan.version} action={withdrawPlanAction} /> : null}
        </div>
      ) : null}

      {filer && data.submissions[0] ? (
        <section aria-labelledby="filing-receipt" className="usa-summary-box margin-y-3">
          <div className="usa-summary-box__body">
            <h2 id="filing-receipt" className="usa-summary-box__heading">Filing receipt</h2>
            <p className="usa-summary-box__text">
              {data.submissions[0].confirmationNumber ? (
                <>
                  Confirmation number <strong>{data.submissions[0].confirmationNumber}</strong>, filed {formatDate(data.submissions[0].submittedOn)}. Keep it for your records; it is in
                  the email we sent too.
                </>
              ) : (
                <>Filed {formatDate(data.submissions[0].submittedOn)}.</>
              )}{' '}
              <a href={`/api/plans/${plan.id}/receipt.pdf`} className="usa-link">Download the filing receipt (PDF)</a>, with the fees owed and how to pay them.
            </p>
          </div>
        </section>
      ) : null}

      {copy ? (
        <section aria-labelledby="copy-of-record" className="margin-y-3">
          <h2 id="copy-of-record">Copy of record</h2>
          <p>
            The plan exactly as the department received it on {formatDateTime(copy.receivedAt)}, receipt <strong>{copy.confirmationNumber}</strong>, kept unaltered.{' '}
            <a href={`/api/plans/${plan.id}/copy-of-record.pdf`} className="usa-link">Download the copy of record (PDF)</a>.
          </p>
          {copy.signature ? (
            <p data-testid="signature">
              Signed electronically by <strong>{copy.signature.name}</strong> ({copy.signature.capacity.toLowerCase()}) on {formatDateTime(copy.signature.signedAt)}, with{' '}
              {FACTOR_WORDS[copy.signature.factor] ?? 'their password and second factor'}. SHA-256 of the plan they read and signed:{' '}
              <code className="font-mono-xs" style={{ wordBreak: 'break-all' }}>{copy.signature.documentSha256}</code>
            </p>
          ) : (
            <p>Filed before plans were signed electronically: certified by whoever submitted it.</p>
          )}
          <p>
            SHA-256 of the copy of record: <code className="font-mono-xs" style={{ wordBreak: 'break-all' }}>{copy.sha256}</code>
          </p>
          <p>
            Anyone holding the copy can <Link href="/verify" className="usa-link">check that it matches the department’s</Link>.
          </p>
          {dispute?.kind === 'disputed' ? (
            <Alert type="warning" headingLevel={3} heading="This filing is disputed">
              {dispute.by ?? 'Someone who may sign'} disputed it on {formatDateTime(dispute.disputedAt)}: “{dispute.statement}” {DISPUTED_FILING_MESSAGE}
            </Alert>
          ) : null}
          {dispute?.kind === 'open' && dispute.maySign && FILERS.includes(actor.role) ? (
            <DisputeFilingForm planId={plan.id} lastDay={formatDate(dispute.lastDay)} action={disputeFilingAction} />
          ) : null}
        </section>
      ) : null}

      <WhatNext data={data} />

      {plan.kind === 'annual_update' && plan.status !== 'draft' ? (
        <>
          <h2>The update</h2>
          <p>
            {planKindLabel(plan.kind, plan.updateKind)}. Animal unit capacity stated: {plan.animalUnitCapacity != null ? `${formatNumber(plan.animalUnitCapacity)} AU` : '—'}.
          </p>
          {plan.updateKind === 'list_of_changes' ? <ChangesTable changes={data.filed?.changes ?? []} /> : null}
        </>
      ) : null}

      <h2>Fees</h2>
      <FeeTable
        caption="Fees for this plan"
        showStatus
        rows={data.fees.map((f) => ({ code: f.code, amountCents: f.amountCents, citation: f.citation, payerLabel: f.payerName, status: f.status, paidCents: f.paidCents }))}
      />

      <h2>Counties</h2>
      <PlanCounties data={data} />
      {plan.kind === 'annual_update' && plan.channel === 'hard_copy' && data.firstTimeCounties.length ? (
        <p className="text-bold">
          First plan to {data.firstTimeCounties.join(', ')} County{data.firstTimeCounties.length === 1 ? '' : ' boards'}: send {data.firstTimeCounties.length === 1 ? 'it' : 'each'} the complete plan, not only the update (IAC 567-65.110(3)“b”(1)).
        </p>
      ) : null}
      {data.can.recordReceipt && uncovered.length ? (
        <section aria-labelledby="record-receipt" className="margin-top-3">
          <h3 id="record-receipt">Record a county’s receipt</h3>
          <ReceiptForm planId={plan.id} counties={uncovered.map((c) => ({ fips: c.fips, name: c.name }))} withUpload={data.can.uploadReceipt} action={recordReceiptAction} />
        </section>
      ) : null}

      <h2>Attachments</h2>
      <AttachmentList items={data.attachments} />

      {data.filed ? (
        <section aria-labelledby="plan-content-heading">
          <h2 id="plan-content-heading">The plan as filed</h2>
          <DocumentView doc={data.filed.document} countyName={(f) => names.get(f) ?? f} headingLevel={3} balanceYear={Number(today().slice(0, 4))} referenceTables={data.filed.referenceTables} statements={{ list: data.statements, now: new Date() }} />
        </section>
      ) : null}

      <h2>Review clock history</h2>
      <ClockHistory events={data.clock} />
      {filer ? (
        <p>
          <Link href={`/operations/${plan.operationId}`}>Back to the operation</Link>
        </p>
      ) : null}
    </>
  );
}
