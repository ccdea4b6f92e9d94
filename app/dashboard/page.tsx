import type { Metadata } from 'next';
import { DataTable } from '@/components/data-table';
import { PageHeading } from '@/components/page-heading';
import { StatusTag } from '@/components/status-tag';
import { requireRole } from '@/lib/auth/session';
import { today } from '@/lib/clock';
import { formatDate, formatMoney } from '@/lib/notifications/format';
import { nextStepFor } from '@/lib/operations/next-step';
import { listOperationSummaries, type OperationSummary } from '@/lib/operations/queries';

export const metadata: Metadata = { title: 'My operations' };

function dueCell(op: OperationSummary) {
  if (!op.nextDueOn || op.daysUntilDue === null) return 'No date assigned yet';
  if (op.daysUntilDue < 0) {
    return (
      <span className="text-secondary-dark text-bold">
        {formatDate(op.nextDueOn)} — overdue by {-op.daysUntilDue} day{op.daysUntilDue === -1 ? '' : 's'}
      </span>
    );
  }
  return `${formatDate(op.nextDueOn)} (${op.daysUntilDue} day${op.daysUntilDue === 1 ? '' : 's'} left)`;
}

export default async function DashboardPage() {
  const actor = await requireRole(['owner', 'preparer'], '/dashboard');
  const ops = await listOperationSummaries(actor, today());
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
      />
      <DataTable<OperationSummary>
        caption="Operations"
        captionHidden
        stacked
        rows={ops}
        rowKey={(o) => o.id}
        emptyMessage="No operations yet."
        columns={[
          { key: 'name', header: 'Operation', rowHeader: true, cell: (o) => <>{o.name}<br /><span className="text-base-dark">{o.countyName} County</span></> },
          { key: 'au', header: 'Animal units', cell: (o) => o.animalUnitCapacity.toLocaleString('en-US', { maximumFractionDigits: 1 }) },
          { key: 'status', header: 'Plan status', cell: (o) => (o.latestPlanStatus ? <StatusTag status={o.latestPlanStatus} /> : 'No plan yet') },
          { key: 'due', header: 'Next annual update due', cell: dueCell },
          { key: 'fees', header: 'Fees owed', cell: (o) => formatMoney(o.feesOwedCents) },
          {
            key: 'manure',
            header: 'Manure removal',
            cell: (o) => (o.manureRemovalAllowed ? 'Allowed (plan approved)' : <strong>Not until the plan is approved</strong>),
          },
          { key: 'next', header: 'Next step', cell: (o) => { const s = nextStepFor(o); return s.urgent ? <strong>{s.text}</strong> : s.text; } },
        ]}
      />
    </>
  );
}
