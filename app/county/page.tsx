import type { Metadata } from 'next';
import Link from 'next/link';
import { DeadlineDate } from '@/components/law/deadline-date';
import { ManureRemovalCell, ManureRemovalReadingNote } from '@/components/law/manure-removal';
import { DataTable } from '@/components/data-table';
import { PageHeading } from '@/components/page-heading';
import { StatusTag } from '@/components/status-tag';
import { requireCapability } from '@/lib/auth/gates';
import { listCountyOperations, type CountyOperationRow } from '@/lib/counties/county-plans';
import { relationText } from '@/lib/counties/csv';
import { countyFilterQuery, parseCountyFilter } from '@/lib/counties/filter';
import { findCountyName } from '@/lib/counties/queries';
import { formatDate, formatNumber } from '@/lib/format';
import { CountyFilterForm } from './filter-form';
import { Pager, rangeText } from './pager';

export const metadata: Metadata = { title: 'County plans' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function CountyPage({ searchParams }: { searchParams: SearchParams }) {
  const actor = await requireCapability('county.read_list', '/county');
  const filter = parseCountyFilter(await searchParams);
  const [name, list] = await Promise.all([findCountyName(actor.countyFips), listCountyOperations(actor, filter)]);
  const countyName = `${name ?? 'Your'} County`;
  const query = countyFilterQuery({ ...filter, page: 1 });
  return (
    <>
      <PageHeading
        title={`${countyName} plans`}
        lead="Operations located in your county, and operations that apply manure in it (IAC 567-65.110(3)“b”). Open a plan to read it, its history and its attachments."
      >
        {/* No prefetch: opening that page marks everything in it as seen. */}
        <Link href="/county/received" prefetch={false} className="usa-button usa-button--outline">
          Received since you last looked
        </Link>
      </PageHeading>
      <CountyFilterForm filter={filter} />
      <div className="display-flex flex-justify flex-wrap flex-align-center">
        <p className="margin-y-1" aria-live="polite">
          {rangeText(filter.page, list.pageSize, list.rows.length, list.total, 'operations')}
        </p>
        {list.total ? (
          <a href={`/api/county/export${query}`} className="usa-link" download>
            Download {list.total === 1 ? 'this operation' : `these ${list.total.toLocaleString('en-US')} operations`} (CSV)
          </a>
        ) : null}
      </div>
      <DataTable<CountyOperationRow>
        caption={`Operations touching ${countyName}`}
        captionHidden
        stacked
        rows={list.rows}
        rowKey={(o) => o.id}
        emptyMessage={filter.q || filter.status || filter.relation ? 'No operation matches these filters.' : 'No operations touch your county yet.'}
        columns={[
          {
            key: 'name',
            header: 'Operation',
            rowHeader: true,
            cell: (o) => (
              <>
                {o.planId ? <Link href={`/plans/${o.planId}`}>{o.name}</Link> : o.name}
                <span className="display-block text-base font-sans-2xs">Facility {o.facilityId ?? 'not yet assigned'}</span>
              </>
            ),
          },
          { key: 'relation', header: 'How it touches the county', cell: (o) => relationText(o) },
          { key: 'au', header: 'Animal units', cell: (o) => formatNumber(o.animalUnitCapacity) },
          {
            key: 'status',
            header: 'Plan status',
            cell: (o) => (
              <>
                {o.planStatus ? <StatusTag status={o.planStatus} /> : 'No plan filed'}
                {o.receiptMissing && o.planId ? (
                  <Link href={`/county/plans/${o.planId}/receipt`} className="display-block margin-top-05">
                    Record hard-copy receipt<span className="usa-sr-only"> for {o.name}</span>
                  </Link>
                ) : null}
              </>
            ),
          },
          { key: 'filed', header: 'Last filed', cell: (o) => (o.lastFiledOn ? formatDate(o.lastFiledOn) : '—') },
          { key: 'due', header: 'Next update due (IAC 567-65.110(3)“b”(3))', cell: (o) => (o.nextDue ? <DeadlineDate d={o.nextDue} staff /> : '—') },
          { key: 'manure', header: 'Manure removal', cell: (o) => <ManureRemovalCell allowed={o.manureRemovalAllowed} until={o.manureRemovalUntil} /> },
        ]}
      />
      {list.rows.length ? <ManureRemovalReadingNote staff /> : null}
      <Pager
        page={filter.page}
        total={list.total}
        pageSize={list.pageSize}
        label="Pages of operations"
        href={(page) => `/county${countyFilterQuery({ ...filter, page })}`}
      />
    </>
  );
}
