import type { Metadata } from 'next';
import Link from 'next/link';
import { Alert } from '@/components/alert';
import { ButtonLink } from '@/components/button';
import { DataTable } from '@/components/data-table';
import { DeadlineDate } from '@/components/law/deadline-date';
import { ManureRemovalCell, ManureRemovalReadingNote } from '@/components/law/manure-removal';
import { ReadingNotConfirmed } from '@/components/law/unconfirmed';
import { readingsConfirmed } from '@/lib/deadlines';
import { PageHeading } from '@/components/page-heading';
import { StatusTag } from '@/components/status-tag';
import { requireCapability } from '@/lib/auth/gates';
import { today } from '@/lib/clock';
import { formatMoney, formatNumber, pluralDays } from '@/lib/format';
import { filedUpdateWords } from '@/lib/operations/update-filed';
import { nextStepFor } from '@/lib/operations/next-step';
import { listOperationSummaries, type OperationSummary } from '@/lib/operations/queries';
import { Wrap } from '@/components/plan/wrap';
import { MyTransferRequests } from '@/components/transfer/my-transfer-requests';
import { listMyTransferRequests } from '@/lib/transfers/queries';

export const metadata: Metadata = { title: 'My operations' };

function dueCell(op: OperationSummary) {
  return <Wrap>{dueText(op)}</Wrap>;
}

function dueText(op: OperationSummary) {
  // IAC 567-65.110(1)"e"(2): an elected SAFO files no updated MMP while the election is in force.
  if (op.safoInForce) return 'None: SAFO election in force (IAC 567-65.110(1)“e”(2))';
  if (op.updateFiled) return filedUpdateWords(op.updateFiled);
  if (!op.nextDue || op.daysUntilDue === null) return 'No date assigned yet';
  if (op.daysUntilDue < 0) {
    return (
      <span className="text-secondary-dark text-bold">
        <DeadlineDate d={op.nextDue} />: overdue by {pluralDays(-op.daysUntilDue)}
      </span>
    );
  }
  return <><DeadlineDate d={op.nextDue} /> ({pluralDays(op.daysUntilDue)} left)</>;
}

function nameCell(op: OperationSummary) {
  return (
    <Wrap>
      <Link href={`/operations/${op.id}`}>{op.name}</Link>
      <br />
      <span className="text-base-dark">
        {op.countyName} County{op.facilityId ? ` · facility ${op.facilityId}` : ''}
      </span>
      {op.newOwner?.due ? (
        <>
          <br />
          <span className={op.newOwner.due.daysLeft < 0 ? 'text-secondary-dark text-bold' : 'text-bold'}>
            New owner: original plan due <DeadlineDate d={op.newOwner.due} /> (
            {op.newOwner.due.daysLeft < 0 ? `overdue by ${pluralDays(-op.newOwner.due.daysLeft)}` : `${pluralDays(op.newOwner.due.daysLeft)} left`}; {op.newOwner.requirement.citation})
          </span>
        </>
      ) : op.newOwner ? (
        <>
          <br />
          <span>New owner: no original plan owed ({op.newOwner.requirement.citation})</span>
        </>
      ) : null}
    </Wrap>
  );
}

function statusCell(op: OperationSummary) {
  if (!op.latestPlanStatus || !op.latestPlanId) return 'No plan yet';
  return (
    <>
      <Link href={`/plans/${op.latestPlanId}`} aria-label={`${op.name} plan`}>
        <StatusTag status={op.latestPlanStatus} />
      </Link>
      {op.latestPlanCountiesMissingReceipt > 0 ? (
        <>
          <br />
          <Wrap><span className="text-bold">Incomplete until every county’s receipt is recorded</span></Wrap>
        </>
      ) : null}
    </>
  );
}

export default async function DashboardPage({ searchParams }: { searchParams: Promise<{ transfer?: string }> }) {
  const actor = await requireCapability('operation.read_own_list', '/dashboard');
  const date = today();
  const [ops, transfers] = await Promise.all([listOperationSummaries(actor, date), listMyTransferRequests(actor, date)]);
  const { transfer } = await searchParams;
  const owed = ops.reduce((sum, o) => sum + o.feesOwedCents, 0);
  return (
    <>
      <PageHeading
        title="My operations"
        lead={
          actor.role === 'preparer'
            ? 'The operations whose owners let you prepare and submit plans for them.'
            : `Your operations, their plans, what you owe (${formatMoney(owed)} in all) and what is due next.`
        }
      >
        {actor.role === 'owner' ? (
          <>
            <ButtonLink href="/operations/new">Register an operation</ButtonLink>
            <ButtonLink href="/operations/claim" variant="outline">
              Claim an operation you acquired
            </ButtonLink>
          </>
        ) : (
          <ButtonLink href="/preparer">Open the client portfolio</ButtonLink>
        )}
      </PageHeading>
      {transfer === 'requested' ? (
        <Alert type="success" role="status" heading="Your transfer request was sent">
          The department and the owner on record have been told. Nothing changes hands until the transfer is confirmed; you will be emailed when it is decided.
        </Alert>
      ) : transfer === 'accepted' ? (
        <Alert type="success" role="status" heading="You accepted the transfer">
          The operation is now recorded as its new owner’s, your preparers’ access to it has ended, and you were both emailed. Its plans stay on file with the department.
        </Alert>
      ) : null}
      <DataTable<OperationSummary>
        caption="Operations"
        captionHidden
        stacked
        rows={ops}
        rowKey={(o) => o.id}
        emptyMessage={actor.role === 'owner' ? 'No operations yet. Register one, or claim one you acquired.' : 'No owner has given you access to an operation yet.'}
        columns={[
          { key: 'name', header: 'Operation', rowHeader: true, cell: nameCell },
          { key: 'au', header: 'Animal units', cell: (o) => formatNumber(o.animalUnitCapacity) },
          { key: 'status', header: 'Plan status', cell: statusCell },
          { key: 'due', header: 'Next annual update due (IAC 567-65.110(3)“b”(3))', cell: dueCell },
          { key: 'fees', header: 'Fees owed (IAC 567-65.110(3)“c”, (6), (7))', cell: (o) => formatMoney(o.feesOwedCents) },
          {
            key: 'manure',
            header: 'Manure removal',
            cell: (o) => <Wrap><ManureRemovalCell allowed={o.manureRemovalAllowed} until={o.manureRemovalUntil} /></Wrap>,
          },
          {
            key: 'next',
            header: 'Next step',
            cell: (o) => {
              const s = nextStepFor(o);
              // A plan approved and unchanged: the statement is filed from here in a few clicks.
              const noChange = o.latestPlanStatus === 'approved' && !o.safoInForce && !o.newOwner?.due && o.daysUntilDue !== null && o.daysUntilDue <= 60;
              return (
                <Wrap>
                  <Link href={s.href} className={s.urgent ? 'text-bold' : undefined}>{s.text}</Link>
                  {noChange ? (
                    <>
                      <br />
                      <Link href={`/updates/no-change?ids=${o.id}`} aria-label={`File a “no change” update for ${o.name}`}>Nothing changed? File a “no change” update</Link>
                    </>
                  ) : null}
                </Wrap>
              );
            },
          },
        ]}
      />
      {transfers.length ? <MyTransferRequests rows={transfers} /> : null}
      {ops.length ? <ManureRemovalReadingNote /> : null}
      {ops.length && !readingsConfirmed() ? <ReadingNotConfirmed /> : null}
    </>
  );
}
