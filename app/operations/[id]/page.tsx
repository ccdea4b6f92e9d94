import { inScope } from '@/lib/auth/gates';
import type { Metadata } from 'next';
import Link from 'next/link';
import { Alert } from '@/components/alert';
import { DeadlineDate } from '@/components/law/deadline-date';
import { ManureRemovalStatement } from '@/components/law/manure-removal';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { ButtonLink } from '@/components/button';
import { DataTable } from '@/components/data-table';
import { OperationFacts } from '@/components/operation/operation-facts';
import { PreparerAccess } from '@/components/operation/preparer-access';
import { StartPlanForm } from '@/components/operation/start-plan-form';
import { PageHeading } from '@/components/page-heading';
import { StatusTag } from '@/components/status-tag';
import { SummaryBox } from '@/components/summary-box';
import { requireActor } from '@/lib/auth/session';
import { ReadingNotConfirmed } from '@/components/law/unconfirmed';
import { readingsConfirmed } from '@/lib/deadlines';
import { FILERS } from '@/lib/auth/roles';
import { iowaDateOf, today } from '@/lib/clock';
import { formatDate, formatNumber, pluralDays } from '@/lib/format';
import { planKindLabel } from '@/lib/notifications/labels';
import { listGrants } from '@/lib/auth/grants';
import { getOperationForActor, type OperationDetail } from '@/lib/operations/detail';
import { OwnerAnswerForm } from '@/components/transfer/owner-answer-form';
import { listPendingRequestsForMyOperation } from '@/lib/transfers/queries';
import { addFamilyLinkAction, addInterestAction, addManagerAction, grantAccessAction, nameSignatoryAction, removeControlAction, respondToTransferAction, revokeAccessAction, revokeSignatoryAction, saveStructureAction, setEffluentSystemAction, startPlanAction } from '../actions';
import { Signatories } from '@/components/operation/signatories';
import { listSignatories } from '@/lib/signing/signatories';
import { Wrap } from '@/components/plan/wrap';
import { FeedlotSection } from '@/components/feedlots/feedlot-section';
import { getFeedlotViewForOperation } from '@/lib/feedlots/queries';
import { listControlRecords } from '@/lib/feedlots/control';
import { isDepartment } from '@/lib/auth/roles';

export const metadata: Metadata = { title: 'Operation' };

type PlanRow = OperationDetail['plans'][number];

function PlanActions({ d }: { d: OperationDetail }) {
  const op = d.operation;
  // A registration made for a client: no plan until the owner accepts it.
  if (op.registrationStatus !== 'registered') return null;
  if (d.openPlan) {
    const href = d.openPlan.status === 'draft' ? `/plans/${d.openPlan.id}/edit` : `/plans/${d.openPlan.id}`;
    return <ButtonLink href={href}>{d.openPlan.status === 'draft' ? 'Continue the plan you started' : 'See the plan in progress'}</ButtonLink>;
  }
  const newOwnerOwes = Boolean(d.newOwner?.due);
  return (
    <>
      {!d.hasApprovedPlan || newOwnerOwes ? <StartPlanForm operationId={op.id} kind="original" label="Start the original MMP" action={startPlanAction} /> : null}
      {d.hasApprovedPlan && !d.safo.inForce && !newOwnerOwes ? (
        <StartPlanForm operationId={op.id} kind="annual_update" label="File the annual update" action={startPlanAction} />
      ) : null}
      {d.hasApprovedPlan && d.safo.inForce ? <p>{SAFO_NO_UPDATE}</p> : null}
    </>
  );
}

// IAC 567-65.110(1)"e"(2): the election is "for purposes of filing updated MMPs and annual compliance fees".
const SAFO_NO_UPDATE = 'No annual update is due: this operation elected to be treated as a small animal feeding operation (SAFO), and an elected SAFO files no updated MMP and pays no annual compliance fee while the election is in force (IAC 567-65.110(1)“e”(2)). The election ends once more animals are housed than a SAFO may hold; then an MMP must be submitted.';

export default async function OperationPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const actor = await requireActor(`/operations/${id}`);
  const d = await inScope(getOperationForActor(actor, id, today()));
  const op = d.operation;
  const filer = FILERS.includes(actor.role);
  // Department staff and county officials see each unconfirmed reading with its source; owners, once in plain words.
  const staff = ['department_staff', 'department_supervisor', 'county_official', 'admin'].includes(actor.role);
  const grants = actor.role === 'owner' ? (await listGrants(actor, op.id)).filter((g) => !g.revokedAt) : [];
  const transferRequests = await listPendingRequestsForMyOperation(actor, op.id);
  const feedlots = await getFeedlotViewForOperation(actor, op.id);
  const controlRecords = await listControlRecords(actor, op.id);
  const signatories = await listSignatories(actor, op.id);
  const mayEditStructures = op.registrationStatus === 'registered' && (filer || isDepartment(actor.role));
  return (
    <>
      {filer ? <Breadcrumbs items={[{ label: 'My operations', href: '/dashboard' }, { label: op.name }]} /> : null}
      <PageHeading title={op.name} lead={`${d.countyName} County · facility ID ${op.facilityId ?? 'not yet assigned'}`}>
        {filer ? <ButtonLink href={`/operations/${op.id}/edit`} variant="outline">Edit the operation</ButtonLink> : null}
      </PageHeading>

      {op.registrationStatus === 'awaiting_owner' ? (
        <Alert type="warning" heading="Waiting for the owner to accept this registration">
          Only you see this operation until its owner accepts the registration from the emailed link; then it is theirs and you may start its plan. You can resend the
          link or withdraw the registration from <Link href="/preparer#registrations">your client portfolio</Link>.
        </Alert>
      ) : null}

      {transferRequests.map((t) => (
        <section key={t.id} aria-labelledby={`transfer-${t.id}`} className="border-2px border-warning radius-md padding-2 margin-top-3">
          <div>
            <h2 id={`transfer-${t.id}`} className="margin-top-0">
              {t.claimantName} asked to be recorded as this operation’s owner
            </h2>
            <p>
              They told the department on {formatDate(iowaDateOf(t.createdAt))} that they acquired this operation on {formatDate(t.acquiredOn)} (DNR form 542-4026). Nothing has
              changed: you are still the owner on record. It moves only if you accept the request or the department confirms it.
            </p>
            {t.ownerResponse === 'disputed' ? (
              <p className="text-bold">
                You told the department this request is wrong{t.ownerResponseNote ? `: “${t.ownerResponseNote}”` : ''}. The department will decide and email you both.
              </p>
            ) : (
              <OwnerAnswerForm credential={{ transferId: t.id }} claimantName={t.claimantName} acquiredOn={formatDate(t.acquiredOn)} action={respondToTransferAction} />
            )}
          </div>
        </section>
      ))}

      {actor.role === 'owner' && d.currentOwner && !d.currentOwner.mailingAddress ? (
        <Alert type="info" heading="Add your mailing address">
          The department’s decision letters are addressed to {d.currentOwner.name} at its mailing address, and none is on file.{' '}
          <Link href="/account#address-heading">Add it on your account page</Link>.
        </Alert>
      ) : null}

      {d.newOwner?.due ? (
        <Alert type={d.newOwner.due.daysLeft < 0 ? 'error' : 'warning'} heading={d.newOwner.due.daysLeft < 0 ? `Your original plan is overdue by ${pluralDays(-d.newOwner.due.daysLeft)}` : `Your original plan is due in ${pluralDays(d.newOwner.due.daysLeft)}`}>
          You acquired this operation on {formatDate(d.newOwner.acquiredOn)}. {d.newOwner.requirement.reason} ({d.newOwner.requirement.citation}) Submit it by <DeadlineDate d={d.newOwner.due} staff={staff} />. Until then you may apply manure under the previous owner’s most recent plan.
        </Alert>
      ) : d.newOwnerNotOwed ? (
        <Alert type="info" heading="As the new owner, you owe no original plan">
          You acquired this operation on {formatDate(d.newOwnerNotOwed.acquiredOn)}. {d.newOwnerNotOwed.requirement.reason} ({d.newOwnerNotOwed.requirement.citation})
        </Alert>
      ) : null}

      {d.hasApprovedPlan && !d.openPlan && d.nextDue && d.nextDue.daysLeft <= 60 ? (
        <Alert type={d.nextDue.daysLeft < 0 ? 'error' : 'warning'} heading={d.nextDue.daysLeft < 0 ? `The annual update is overdue by ${pluralDays(-d.nextDue.daysLeft)}` : `The annual update is due in ${pluralDays(d.nextDue.daysLeft)}`}>
          The department set {formatDate(d.nextDue.dueOn)} as this operation’s date for its updated plan (IAC 567-65.110(3)“b”(3)); file it by <DeadlineDate d={d.nextDue.deadline} staff={staff} />. File it below: a statement that nothing changed, a list of
          the changes, or a complete plan.
        </Alert>
      ) : null}

      <SummaryBox heading="At a glance" className="margin-top-3">
        <ul className="usa-list margin-y-0">
          <li>Animal unit capacity: <strong>{formatNumber(d.inventory.total)} AU</strong> ({d.inventory.citation})</li>
          <li>{d.requirement.required ? 'MMP required' : 'MMP not required'}: {d.requirement.reason} ({d.requirement.citation})</li>
          <li>
            Next annual update due:{' '}
            {d.safo.inForce ? (
              SAFO_NO_UPDATE
            ) : d.nextDue ? (
              <>
                <DeadlineDate d={d.nextDue.deadline} staff={staff} /> ({d.nextDue.daysLeft < 0 ? `overdue by ${pluralDays(-d.nextDue.daysLeft)}` : `${pluralDays(d.nextDue.daysLeft)} left`}; IAC 567-65.110(3)“b”(3))
              </>
            ) : (
              'no date assigned yet'
            )}
          </li>
          <li>
            <ManureRemovalStatement answer={d.manureRemoval} staff={staff} />
          </li>
        </ul>
      </SummaryBox>
      {staff || readingsConfirmed() ? null : <ReadingNotConfirmed />}

      {op.registrationStatus === 'registered' ? (
        <p className="margin-top-3">
          <Link href={`/operations/${op.id}/applications`}>Manure application records</Link> (DNR form 542-8002): each application logged and checked against the approved plan.
        </p>
      ) : null}

      {filer ? (
        <section className="margin-top-3" aria-labelledby="plan-actions">
          <h2 id="plan-actions">What you can do</h2>
          <PlanActions d={d} />
        </section>
      ) : null}

      <h2>Plans</h2>
      <DataTable<PlanRow>
        caption="Plans for this operation"
        captionHidden
        stacked
        rows={d.plans}
        rowKey={(p) => p.id}
        emptyMessage="No plans yet."
        columns={[
          { key: 'kind', header: 'Plan', rowHeader: true, cell: (p) => <Wrap><Link href={p.status === 'draft' && filer ? `/plans/${p.id}/edit` : `/plans/${p.id}`}>{planKindLabel(p.kind, p.updateKind)}</Link></Wrap> },
          { key: 'status', header: 'Status', cell: (p) => <StatusTag status={p.status} /> },
          { key: 'channel', header: 'Channel', cell: (p) => (p.channel === 'hard_copy' ? 'Hard copy' : 'Electronic') },
          { key: 'received', header: 'Received', cell: (p) => (p.receivedOn ? formatDate(p.receivedOn) : '—') },
          { key: 'decided', header: 'Decided', cell: (p) => (p.decidedOn ? formatDate(p.decidedOn) : '—') },
        ]}
      />
      <OperationFacts d={d} />
      <FeedlotSection view={feedlots} canEdit={mayEditStructures} staff={staff} today={today()} saveStructure={saveStructureAction} setEffluentSystem={setEffluentSystemAction}
        control={{ records: controlRecords, addInterest: addInterestAction, addManager: addManagerAction, addFamilyLink: addFamilyLinkAction, remove: removeControlAction }} />
      <section aria-labelledby="signatories" className="margin-top-3">
        <h2 id="signatories">Who may sign plans for this operation</h2>
        <p>
          The owner of record may always sign this operation’s plans. Anyone else signs only when the owner names them here, in the capacity they sign in: an officer
          of the business, or a preparer the owner trusts to sign. The department sees this list.
        </p>
        <Signatories
          operationId={op.id}
          signatories={signatories.map((s) => ({
            id: s.id, name: s.name, email: s.email, capacity: s.capacity, namedBy: s.namedBy,
            namedOn: s.namedOn ? formatDate(iowaDateOf(s.namedOn)) : null,
            agreementAcceptedOn: s.agreementAcceptedAt ? formatDate(iowaDateOf(s.agreementAcceptedAt)) : null,
          }))}
          manage={actor.role === 'owner' && op.registrationStatus === 'registered' ? { name: nameSignatoryAction, revoke: revokeSignatoryAction } : null}
        />
      </section>
      {actor.role === 'owner' ? (
        <section aria-labelledby="preparers">
          <h2 id="preparers">Who can prepare plans for you</h2>
          <PreparerAccess
            operationId={op.id}
            grants={grants.map((g) => ({ id: g.id, preparerName: g.preparerName, preparerEmail: g.preparerEmail, grantedOn: formatDate(iowaDateOf(g.grantedAt)) }))}
            grant={grantAccessAction}
            revoke={revokeAccessAction}
          />
        </section>
      ) : null}
    </>
  );
}
