import type { Metadata } from 'next';
import Link from 'next/link';
import { DataTable } from '@/components/data-table';
import { PageHeading } from '@/components/page-heading';
import { StatusTag } from '@/components/status-tag';
import { requireCapability } from '@/lib/auth/gates';
import { today } from '@/lib/clock';
import { formatMoney, pluralDays } from '@/lib/format';
import { listOperationSummaries, type OperationSummary } from '@/lib/operations/queries';
import { listPayerFees } from '@/lib/payments/payer-fees';
import { getPaymentProvider } from '@/lib/payments/provider';
import { CheckoutOutcome } from '../fees/payer-fees-page';
import { PayerFeesTable } from '../fees/payer-fees';

export const metadata: Metadata = { title: 'Contracted operations' };

export default async function ContractorPage({ searchParams }: { searchParams: Promise<{ checkout?: string }> }) {
  const actor = await requireCapability('contractor.read_list', '/contractor');
  const date = today();
  const [ops, fees] = await Promise.all([listOperationSummaries(actor, date), listPayerFees(actor, date)]);
  const { checkout } = await searchParams;
  const owedBy = (id: string) => fees.filter((f) => f.operationId === id && f.balanceCents > 0);
  return (
    <>
      <PageHeading
        title="Contracted operations"
        lead="As the active contractor you pay the annual compliance fee of each contract producer’s operation (IAC 567-65.110(3)“c”)."
      />
      <CheckoutOutcome actor={actor} checkoutId={checkout} />
      <h2>Operations you contract</h2>
      <DataTable<OperationSummary>
        caption="Operations you contract"
        captionHidden
        stacked
        rows={ops}
        rowKey={(o) => o.id}
        emptyMessage="No contract producer names you as its active contractor."
        columns={[
          {
            key: 'name',
            header: 'Operation',
            rowHeader: true,
            cell: (o) => (
              <>
                <Link href={`/operations/${o.id}`}>{o.name}</Link>
                <span className="display-block text-base-dark font-sans-2xs">{o.countyName} County{o.facilityId ? ` · facility ${o.facilityId}` : ''}</span>
              </>
            ),
          },
          { key: 'au', header: 'Animal units', cell: (o) => o.animalUnitCapacity.toLocaleString('en-US', { maximumFractionDigits: 1 }) },
          {
            key: 'status',
            header: 'Plan',
            cell: (o) => (o.latestPlanStatus && o.latestPlanId ? <Link href={`/plans/${o.latestPlanId}`} aria-label={`${o.name} plan`}><StatusTag status={o.latestPlanStatus} /></Link> : '—'),
          },
          {
            key: 'owed',
            header: 'You owe',
            cell: (o) => {
              const owed = owedBy(o.id);
              if (!owed.length) return formatMoney(0);
              const late = Math.max(0, ...owed.map((f) => f.overdueDays ?? 0));
              return (
                <>
                  <strong>{formatMoney(owed.reduce((s, f) => s + f.balanceCents, 0))}</strong>
                  {late > 0 ? <span className="display-block text-secondary-dark text-bold">Overdue by {pluralDays(late)}</span> : null}
                </>
              );
            },
          },
        ]}
      />
      <h2>Fees billed to you</h2>
      <PayerFeesTable fees={fees} providerLabel={getPaymentProvider()?.label ?? null} caption="Fees billed to you" />
    </>
  );
}
