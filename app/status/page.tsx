import type { Metadata } from 'next';
import Link from 'next/link';
import { headers } from 'next/headers';
import { Alert } from '@/components/alert';
import { DataTable } from '@/components/data-table';
import { PageHeading } from '@/components/page-heading';
import { SelectField } from '@/components/select-field';
import { StatusTag, statusLabel } from '@/components/status-tag';
import { TextField } from '@/components/text-field';
import { getDb } from '@/lib/db';
import { clientAddress } from '@/lib/net/client-address';
import { formatDate, formatNumber } from '@/lib/format';
import { listCountyOptions } from '@/lib/plans/check-context';
import { limitPublic } from '@/lib/public/limits';
import { PUBLIC_PLAN_STATUSES, parsePublicStatusFilter, publicStatusQuery } from '@/lib/public/status-filter';
import { searchPublicStatus, type PublicStatusRow } from '@/lib/public/status-search';
import { Pager, rangeText } from '../county/pager';

export const metadata: Metadata = { title: 'Plan status search' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

// No sign-in: the public's and the press's view of which operations have a plan and where it stands.
export default async function StatusPage({ searchParams }: { searchParams: SearchParams }) {
  const filter = parsePublicStatusFilter(await searchParams);
  const limit = await limitPublic('search', clientAddress(await headers()));
  const counties = await getDb().then(listCountyOptions);
  const list = limit.allowed ? await searchPublicStatus(filter) : null;
  const query = publicStatusQuery({ ...filter, page: 1 });
  const filtered = Boolean(filter.q || filter.county || filter.status);
  return (
    <>
      <PageHeading
        title="Plan status search"
        lead="Find a confinement feeding operation’s manure management plan status by its name, facility ID or county. This page shows what is public: no one’s contact details, drafts, attachments or fees."
      />
      <form method="get" action="/status" role="search" aria-label="Search operations" className="usa-form maxw-full margin-bottom-3">
        <div className="grid-row grid-gap">
          <div className="tablet:grid-col-4">
            <TextField label="Search" hint="Operation name, facility ID or county" name="q" defaultValue={filter.q ?? ''} maxLength={100} />
          </div>
          <div className="tablet:grid-col-4">
            <SelectField label="County" name="county" defaultValue={filter.county ?? ''} placeholder="Any county" options={counties.map((c) => ({ value: c.fips, label: c.name }))} />
          </div>
          <div className="tablet:grid-col-4">
            <SelectField
              label="Plan status"
              name="status"
              defaultValue={filter.status ?? ''}
              placeholder="Any status"
              options={PUBLIC_PLAN_STATUSES.map((s) => ({ value: s, label: s === 'none' ? 'No plan filed' : statusLabel(s) }))}
            />
          </div>
        </div>
        <div className="margin-top-2">
          <button type="submit" className="usa-button">
            Search
          </button>
          {filtered ? (
            <Link href="/status" className="usa-button usa-button--unstyled margin-left-1">
              Clear search
            </Link>
          ) : null}
        </div>
      </form>
      {!list ? (
        <Alert type="warning" heading="Too many searches from your address" role="status">
          Please wait {limit.retryAfterSeconds} seconds and search again.
        </Alert>
      ) : (
        <>
          <div className="display-flex flex-justify flex-wrap flex-align-center">
            <p className="margin-y-1" aria-live="polite">
              {rangeText(filter.page, list.pageSize, list.rows.length, list.total, 'operations')}
            </p>
            {list.total ? (
              <a href={`/api/status/export${query}`} className="usa-link" download>
                Download {list.total === 1 ? 'this operation' : `these ${list.total.toLocaleString('en-US')} operations`} (CSV)
              </a>
            ) : null}
          </div>
          <DataTable<PublicStatusRow>
            caption="Operations and their plan status"
            captionHidden
            stacked
            rows={list.rows}
            rowKey={(o) => `${o.facilityId}-${o.name}`}
            emptyMessage={filtered ? 'No operation matches this search.' : 'No operations are on file yet.'}
            columns={[
              {
                key: 'name',
                header: 'Operation',
                rowHeader: true,
                cell: (o) => (
                  <>
                    {o.name}
                    <span className="display-block text-base-dark font-sans-2xs">Facility {o.facilityId ?? 'not yet assigned'}</span>
                  </>
                ),
              },
              { key: 'county', header: 'County', cell: (o) => o.countyName },
              { key: 'au', header: 'Animal units', cell: (o) => formatNumber(o.animalUnitCapacity) },
              { key: 'status', header: 'Plan status', cell: (o) => (o.planStatus ? <><StatusTag status={o.planStatus} />{o.approvedPlanInForce && o.planStatus !== 'approved' ? <div>Approved plan in force (IAC 567-65.110(5))</div> : null}</> : 'No plan filed') },
              { key: 'approved', header: 'Last approval', cell: (o) => (o.lastApprovedOn ? formatDate(o.lastApprovedOn) : '—') },
              { key: 'due', header: 'Next update due', cell: (o) => (o.nextDueOn ? formatDate(o.nextDueOn) : '—') },
            ]}
          />
          <Pager page={filter.page} total={list.total} pageSize={list.pageSize} label="Pages of operations" href={(page) => `/status${publicStatusQuery({ ...filter, page })}`} />
        </>
      )}
    </>
  );
}
