import Link from 'next/link';
import { DataTable } from '@/components/data-table';
import { formatDate, formatMoney } from '@/lib/format';
import { FEE_LABELS, type FeeCode } from '@/lib/notifications/labels';
import type { CountyCoverage } from '@/lib/plans/receipts';

// Attachments, county receipts and fees of a plan under review.

type Attachment = { id: string; kind: string; filename: string; sizeBytes: number };

export function AttachmentsList({ items }: { items: Attachment[] }) {
  if (!items.length) return <p>No files are attached to this plan.</p>;
  return (
    <ul className="usa-list">
      {items.map((a) => (
        <li key={a.id}>
          <a href={`/api/attachments/${a.id}`}>{a.filename}</a> ({a.kind.replace(/_/g, ' ')}, {Math.max(1, Math.round(a.sizeBytes / 1024))} KB)
        </li>
      ))}
    </ul>
  );
}

export function CountyCoverageTable({ coverage, hardCopy }: { coverage: CountyCoverage[]; hardCopy: boolean }) {
  return (
    <DataTable<CountyCoverage>
      caption="County boards that receive this plan"
      captionHidden
      stacked
      rows={coverage}
      rowKey={(c) => c.fips}
      emptyMessage="No counties are recorded for this plan."
      columns={[
        { key: 'county', header: 'County', rowHeader: true, cell: (c) => `${c.name} County` },
        {
          key: 'receipt',
          header: hardCopy ? 'Hard copy receipt (form 542-8046)' : 'Access',
          cell: (c) => (!hardCopy ? 'Electronic access given on filing' : c.receivedOn ? `Received ${formatDate(c.receivedOn)} by ${c.receivedByName}` : <strong>No receipt recorded</strong>),
        },
      ]}
    />
  );
}

export type PlanFee = { id: string; code: FeeCode; amountCents: number; paidCents: number; status: string; citation: string; payerName: string };

export function PlanFeesTable({ fees }: { fees: PlanFee[] }) {
  return (
    <DataTable<PlanFee>
      caption="Fees for this plan"
      captionHidden
      stacked
      rows={fees}
      rowKey={(f) => f.id}
      emptyMessage="No fees are billed for this plan."
      columns={[
        { key: 'fee', header: 'Fee', rowHeader: true, cell: (f) => <Link href={`/fees/${f.id}`}>{FEE_LABELS[f.code]}</Link> },
        { key: 'payer', header: 'Payer', cell: (f) => f.payerName },
        { key: 'amount', header: 'Amount', cell: (f) => formatMoney(f.amountCents) },
        { key: 'paid', header: 'Paid', cell: (f) => formatMoney(f.paidCents) },
        { key: 'status', header: 'Status', cell: (f) => (f.status === 'due' ? <strong>Unpaid: {formatMoney(f.amountCents - f.paidCents)} owed</strong> : f.status === 'paid' ? 'Paid' : f.status === 'waived' ? 'Waived' : 'Void') },
        { key: 'rule', header: 'Rule', cell: (f) => f.citation },
      ]}
    />
  );
}
