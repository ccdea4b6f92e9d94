import type { Metadata } from 'next';
import Link from 'next/link';
import { Alert } from '@/components/alert';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { PageHeading } from '@/components/page-heading';
import { ChangesTable } from '@/components/plan-document/changes-table';
import { ClockHistory } from '@/components/plan-document/clock-history';
import { DocumentView } from '@/components/plan-document/document-view';
import { FiguresTable, FlagsSummary } from '@/components/review/figures-table';
import { AttachmentsList, CountyCoverageTable, PlanFeesTable } from '@/components/review/plan-records';
import { AuditHistory, DeficiencyHistory, DeficiencyItems, NoticesTable } from '@/components/review/review-history';
import { StatusTag } from '@/components/status-tag';
import { SummaryBox } from '@/components/summary-box';
import { inScope, requireCapability } from '@/lib/auth/gates';
import { today } from '@/lib/clock';
import { formatDate, formatDateTime } from '@/lib/format';
import { planKindLabel } from '@/lib/notifications/labels';
import { listReviewerOptions } from '@/lib/reviews/options';
import { latestParameter } from '@/lib/rules';
import { DeadlineDate } from '@/components/law/deadline-date';
import { ManureRemovalStatement } from '@/components/law/manure-removal';
import { getReviewView } from '@/lib/reviews/review-view';
import { previousSeason, ReviewApplications } from '@/components/applications/review-applications';
import { AssignForm } from './assign-form';
import { CompletenessForm } from './completeness-form';
import { DecisionForm } from './decision-form';
import { DISPUTED_FILING_MESSAGE, disputeState } from '@/lib/plans/dispute';
import { findCopyOfRecordSummary } from '@/lib/plans/copy-of-record';
import { FACTOR_WORDS } from '@/lib/signing/certification';

export const metadata: Metadata = { title: 'Review a plan' };

const REVIEW = latestParameter('days.mmp_review');
const DONE: Record<string, string> = {
  complete: `The plan was found complete. The ${REVIEW.value} days count from the date it was received (${REVIEW.citation}).`,
  returned: 'The plan was returned as incomplete. The owner was sent one notice listing every item.',
  approved: 'The plan was approved. The letter went to the owner and notices to the county boards.',
  disapproved: 'The plan was disapproved. The letter with your reasons went to the owner and notices to the county boards.',
};

type Props = { params: Promise<{ id: string }>; searchParams: Promise<{ done?: string }> };

export default async function ReviewPlanPage({ params, searchParams }: Props) {
  const { id } = await params;
  const { done } = await searchParams;
  const actor = await requireCapability('review.read_worklist', `/review/plans/${id}`);
  const date = today();
  const view = await inScope(getReviewView(actor, id, date));
  // The view above has checked access: who signed the latest filing, from its copy of record.
  const [reviewers, copy] = await Promise.all([actor.role === 'department_supervisor' ? listReviewerOptions() : Promise.resolve([]), findCopyOfRecordSummary(id)]);
  const { plan, clockState: clock } = view;
  const hardCopy = plan.channel === 'hard_copy';
  const decided = plan.status === 'approved' || plan.status === 'disapproved';
  // A plan back in review after a return: the owner answered each item of the last notice.
  const lastReturn = plan.status === 'submitted' || plan.status === 'under_review' ? view.cycles.at(-1) : undefined;
  const dispute = plan.filingDisputedAt ? await disputeState(actor, plan.id, plan.operationId, date) : null;
  return (
    <>
      <Breadcrumbs items={[{ label: 'Review worklist', href: '/review' }, { label: view.operationName }]} />
      <PageHeading
        title={`${view.operationName}: ${planKindLabel(plan.kind, plan.updateKind)}`}
        lead={`${view.countyName} County · facility ${view.operation.facilityId ?? 'not yet assigned'} · ${hardCopy ? 'hard copy' : 'filed electronically'} · owner ${view.owner?.name ?? 'not recorded'}`}
      >
        <StatusTag status={plan.status} big />
      </PageHeading>
      {dispute?.kind === 'disputed' ? (
        <Alert type="error" heading="Disputed filing: do not act on it yet">
          {dispute.by ?? 'Someone who may sign'} disputed this filing on {formatDateTime(dispute.disputedAt)}: “{dispute.statement}” {DISPUTED_FILING_MESSAGE} Contact the owner.
        </Alert>
      ) : null}
      {done && DONE[done] ? (
        <Alert type="success" role="status" heading="Done">
          {DONE[done]}
          {done === 'approved' || done === 'disapproved' ? <> <ManureRemovalStatement answer={view.manureRemoval} staff /></> : null}
        </Alert>
      ) : null}

      <SummaryBox heading="Review clock (IAC 567-65.110(4))" className="margin-top-2">
        <ul className="usa-list margin-y-0">
          <li>Received: {clock.receivedOn ? formatDate(clock.receivedOn) : 'not yet'}</li>
          {clock.day60 ? <li>Last day ({REVIEW.value} days after the complete plan was received): {formatDate(clock.day60)}</li> : null}
          {clock.deadline ? <li>Decision due: <DeadlineDate d={clock.deadline} staff /></li> : null}
          {clock.daysLeft !== null ? <li><strong>{clock.daysLeft < 0 ? `Overdue by ${-clock.daysLeft} days` : `${clock.daysLeft} days left`}</strong></li> : null}
          {clock.state === 'stopped_incomplete' ? <li>No clock runs: returned as incomplete; the owner’s resubmission will be a new receipt.</li> : null}
          {plan.decidedOn ? <li>Decided: {formatDate(plan.decidedOn)} ({plan.decision})</li> : null}
          <li>Reviewer: {view.reviewerName ?? 'unassigned'}</li>
        </ul>
      </SummaryBox>
      {actor.role === 'department_supervisor' && !decided ? (
        <section aria-labelledby="assign-heading" className="margin-top-3">
          <h2 id="assign-heading" className="font-heading-md">Assignment</h2>
          <AssignForm planId={plan.id} reviewerUserId={plan.reviewerUserId} reviewers={reviewers} />
        </section>
      ) : null}

      <h2 className="margin-top-4">Flags</h2>
      <FlagsSummary figures={view.figures} />

      <section aria-labelledby="next-heading" className="margin-top-4">
        <h2 id="next-heading">Next step</h2>
        {lastReturn ? (
          <section aria-labelledby="owner-answers-heading" className="margin-bottom-3">
            <h3 id="owner-answers-heading">
              Resubmitted: the owner’s answers to return {lastReturn.cycle} ({formatDateTime(lastReturn.returnedAt)})
            </h3>
            <DeficiencyItems items={lastReturn.items} />
          </section>
        ) : null}
        {plan.status === 'submitted' ? (
          <>
            {hardCopy ? (
              <Alert type={view.countiesCovered ? 'info' : 'warning'} headingLevel={3} heading="Hard copy: every county’s receipt comes first">
                A hard-copy plan can be found complete only once every county board it goes to has a recorded receipt (IAC 567-65.110(3)“b”(1), form 542-8046).
                {view.countiesCovered ? ' Every receipt is recorded.' : ' At least one receipt is missing; see County boards below.'}
              </Alert>
            ) : null}
            <CompletenessForm
              planId={plan.id}
              version={plan.version}
              blockedReason={hardCopy && !view.countiesCovered ? 'Not every county board has a recorded receipt yet, so the plan cannot be found complete.' : null}
            />
          </>
        ) : plan.status === 'under_review' ? (
          <DecisionForm planId={plan.id} version={plan.version} />
        ) : plan.status === 'incomplete' ? (
          <p>Returned as incomplete: waiting on the owner to answer each item and resubmit.</p>
        ) : decided ? (
          <p>
            Decided on {plan.decidedOn ? formatDate(plan.decidedOn) : 'an unrecorded date'}. <Link href={`/review/plans/${plan.id}/letter`}>Open the printable decision letter</Link>.
          </p>
        ) : (
          <p>Nothing to do: the plan is {plan.status}.</p>
        )}
        {plan.decisionReasons ? (
          <>
            <h3>{plan.decision === 'disapproved' ? 'Reasons for the disapproval' : 'Notes'}</h3>
            <ul className="usa-list">{plan.decisionReasons.split('\n').map((r, i) => <li key={i}>{r}</li>)}</ul>
          </>
        ) : null}
      </section>

      <h2>Computed figures</h2>
      <p className="text-base-dark">
        Crop nitrogen and P2O5 figures as they stood when the plan was filed{view.filed.submittedOn ? ` on ${formatDate(view.filed.submittedOn)}` : ''}: a row of the crop
        table recorded since does not change them.
      </p>
      <FiguresTable figures={view.figures} />

      <h2>The plan as submitted</h2>
      <p className="text-base-dark">
        {view.filed.source === 'submission'
          ? `As frozen at submission${view.filed.submittedOn ? ` on ${formatDate(view.filed.submittedOn)}` : ''}.`
          : 'As held in the plan record (no frozen submission copy exists for this plan).'}
      </p>
      {copy?.signature ? (
        <p data-testid="signature">
          Signed electronically by <strong>{copy.signature.name}</strong> ({copy.signature.capacity.toLowerCase()}) on {formatDateTime(copy.signature.signedAt)}, with{' '}
          {FACTOR_WORDS[copy.signature.factor] ?? 'their password and second factor'}; receipt {copy.confirmationNumber}. SHA-256 of what they signed:{' '}
          <code className="font-mono-xs" style={{ wordBreak: 'break-all' }}>{copy.signature.documentSha256}</code>
        </p>
      ) : copy ? (
        <p>Filed before plans were signed electronically: certified by whoever submitted it; receipt {copy.confirmationNumber}.</p>
      ) : null}
      <DocumentView doc={view.filed.document} countyName={(f) => view.countyNames.get(f) ?? f} headingLevel={3} balanceYear={Number(date.slice(0, 4))} referenceTables={view.referenceTables} statements={{ list: view.statements, now: new Date() }} />
      {view.filed.changes.length ? <ChangesTable caption="Changes the owner listed and certified" changes={view.filed.changes} /> : null}

      <h2>Changes since the last approved plan</h2>
      {view.diff ? (
        <>
          <p>Compared with <Link href={`/review/plans/${view.previousPlanId}`}>the last approved plan</Link>.</p>
          <ChangesTable caption="Differences from the last approved plan" captionHidden changes={view.diff} />
        </>
      ) : (
        <p>This operation has no approved plan to compare with.</p>
      )}

      {plan.kind === 'annual_update' ? <ReviewApplications actor={actor} operationId={plan.operationId} season={previousSeason(plan.receivedOn, date)} /> : null}

      <h2>Attachments</h2>
      <AttachmentsList items={view.attachments} />
      <h2>County boards</h2>
      <CountyCoverageTable coverage={view.coverage} hardCopy={hardCopy} />
      <h2>Fees and payments</h2>
      <PlanFeesTable fees={view.fees} />
      <h2>Clock history</h2>
      <ClockHistory events={view.clock} notes />
      <h2>Completeness returns</h2>
      <DeficiencyHistory cycles={view.cycles} />
      <h2>Notices</h2>
      <NoticesTable notices={view.notices} />
      <h2>Audit history</h2>
      <AuditHistory entries={view.audit} />
    </>
  );
}
