import type { Metadata } from 'next';
import Link from 'next/link';
import { eq } from 'drizzle-orm';
import { DataTable } from '@/components/data-table';
import { PageHeading } from '@/components/page-heading';
import { StatusTag } from '@/components/status-tag';
import { getDb } from '@/db/client';
import { counties } from '@/db/schema';
import { requireRole } from '@/lib/auth/session';
import { today } from '@/lib/clock';
import { formatDate } from '@/lib/notifications/format';
import { listOperationSummaries, type OperationSummary } from '@/lib/operations/queries';

export const metadata: Metadata = { title: 'County plans' };

export default async function CountyPage() {
  const actor = await requireRole(['county_official'], '/county');
  const db = await getDb();
  const [county] = await db.select({ name: counties.name }).from(counties).where(eq(counties.fips, actor.countyFips ?? ''));
  const ops = await listOperationSummaries(actor, today());
  return (
    <>
      <PageHeading
        title={`${county?.name ?? 'Your'} County plans`}
        lead="Operations located in your county, and operations that apply manure in it (IAC 567-65.110(3)“b”). Read-only."
      />
      <DataTable<OperationSummary>
        caption={`Operations touching ${county?.name ?? 'your'} County`}
        captionHidden
        stacked
        rows={ops}
        rowKey={(o) => o.id}
        emptyMessage="No plans touch your county yet."
        columns={[
          { key: 'name', header: 'Operation', rowHeader: true, cell: (o) => (o.latestPlanId ? <Link href={`/plans/${o.latestPlanId}`}>{o.name}</Link> : o.name) },
          {
            key: 'relation',
            header: 'How it touches the county',
            cell: (o) => (o.countyFips === actor.countyFips ? 'Located here' : `Land-applies here (located in ${o.countyName})`),
          },
          { key: 'au', header: 'Animal units', cell: (o) => o.animalUnitCapacity.toLocaleString('en-US', { maximumFractionDigits: 1 }) },
          { key: 'status', header: 'Plan status', cell: (o) => (o.latestPlanStatus ? <StatusTag status={o.latestPlanStatus} /> : '—') },
          { key: 'due', header: 'Next update due', cell: (o) => (o.nextDueOn ? formatDate(o.nextDueOn) : '—') },
        ]}
      />
    </>
  );
}
