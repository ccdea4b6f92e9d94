import type { Metadata } from 'next';
import { DataTable } from '@/components/data-table';
import { PageHeading } from '@/components/page-heading';
import { StatusTag } from '@/components/status-tag';
import { requireRole } from '@/lib/auth/session';
import { today } from '@/lib/clock';
import { listFeesBilledTo, type BilledFee } from '@/lib/fees/queries';
import { FEE_LABELS } from '@/lib/notifications/labels';
import { formatDate, formatMoney } from '@/lib/format';
import { listOperationSummaries, type OperationSummary } from '@/lib/operations/queries';

export const metadata: Metadata = { title: 'Contracted operations' };

export default async function ContractorPage() {
  const actor = await requireRole(['active_contractor'], '/contractor');
  const [ops, fees] = await Promise.all([listOperationSummaries(actor, today()), listFeesBilledTo(actor)]);
  const outstanding = fees.filter((f) => f.status === 'due').reduce((s, f) => s + f.amountCents - f.paidCents, 0);
  return (
    <>
      <PageHeading
        title="Contracted operations"
        lead="As the active contractor you pay the annual compliance fee of each contract producer’s operation (IAC 567-65.110(3)“c”)."
      />
      <h2>Operations you contract</h2>
      <DataTable<OperationSummary>
        caption="Operations you contract"
        captionHidden
        rows={ops}
        rowKey={(o) => o.id}
        emptyMessage="No contract producer names you as its active contractor."
        columns={[
          { key: 'name', header: 'Operation', rowHeader: true, cell: (o) => o.name },
          { key: 'county', header: 'County', cell: (o) => o.countyName },
          { key: 'au', header: 'Animal units', cell: (o) => o.animalUnitCapacity.toLocaleString('en-US', { maximumFractionDigits: 1 }) },
          { key: 'status', header: 'Plan status', cell: (o) => (o.latestPlanStatus ? <StatusTag status={o.latestPlanStatus} /> : '—') },
        ]}
      />
      <h2>Fees billed to you</h2>
      <p>Outstanding balance: <strong>{formatMoney(outstanding)}</strong></p>
      <DataTable<BilledFee>
        caption="Fees billed to you"
        captionHidden
        rows={fees}
        rowKey={(f) => f.id}
        emptyMessage="No fees are billed to you."
        columns={[
          { key: 'op', header: 'Operation', rowHeader: true, cell: (f) => f.operationName },
          { key: 'fee', header: 'Fee', cell: (f) => `${FEE_LABELS[f.code]} (${f.citation})` },
          { key: 'amount', header: 'Amount', cell: (f) => formatMoney(f.amountCents) },
          { key: 'paid', header: 'Paid', cell: (f) => formatMoney(f.paidCents) },
          { key: 'due', header: 'Due', cell: (f) => (f.dueOn ? formatDate(f.dueOn) : '—') },
        ]}
      />
    </>
  );
}
