import type { Metadata } from 'next';
import Link from 'next/link';
import { DataTable } from '@/components/data-table';
import { PageHeading } from '@/components/page-heading';
import { StatusTag } from '@/components/status-tag';
import { requireRole } from '@/lib/auth/session';
import { DEPARTMENT } from '@/lib/auth/roles';
import { today } from '@/lib/clock';
import { formatDate } from '@/lib/notifications/format';
import { listWorklist, type WorklistRow } from '@/lib/reviews/worklist';

export const metadata: Metadata = { title: 'Review worklist' };

function daysLeftCell(r: WorklistRow) {
  if (r.daysLeft === null) return r.status === 'incomplete' ? 'Waiting on the owner' : 'Check completeness';
  if (r.daysLeft < 0) return <strong className="text-secondary-dark">Overdue by {-r.daysLeft} days</strong>;
  if (r.daysLeft <= 7) return <strong>{r.daysLeft} days left</strong>;
  return `${r.daysLeft} days left`;
}

export default async function ReviewPage() {
  const actor = await requireRole(DEPARTMENT, '/review');
  const rows = await listWorklist(actor, today());
  return (
    <>
      <PageHeading
        title="Review worklist"
        lead="Received plans, most urgent first. The department approves or disapproves a complete plan within 60 days of receiving it (IAC 567-65.110(4))."
      />
      <DataTable<WorklistRow>
        caption="Plans waiting on the department"
        captionHidden
        stacked
        rows={rows}
        rowKey={(r) => r.planId}
        emptyMessage="No plans are waiting."
        columns={[
          { key: 'op', header: 'Operation', rowHeader: true, cell: (r) => <><Link href={`/plans/${r.planId}`}>{r.operationName}</Link><br /><span className="text-base-dark">{r.countyName} County</span></> },
          { key: 'kind', header: 'Plan', cell: (r) => (r.kind === 'original' ? 'Original MMP' : 'Annual update') },
          { key: 'status', header: 'Status', cell: (r) => <StatusTag status={r.status} /> },
          { key: 'received', header: 'Received', cell: (r) => (r.receivedOn ? formatDate(r.receivedOn) : '—') },
          { key: 'due', header: 'Decision due', cell: (r) => (r.effectiveDueOn ? formatDate(r.effectiveDueOn) : '—') },
          { key: 'left', header: 'Days left', cell: daysLeftCell },
          { key: 'reviewer', header: 'Reviewer', cell: (r) => r.reviewerName ?? 'Unassigned' },
        ]}
      />
    </>
  );
}
