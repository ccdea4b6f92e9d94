import type { Metadata } from 'next';
import Link from 'next/link';
import { headers } from 'next/headers';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { DataTable } from '@/components/data-table';
import { PageHeading } from '@/components/page-heading';
import { StatusTag } from '@/components/status-tag';
import { SummaryBox } from '@/components/summary-box';
import { requireCapability } from '@/lib/auth/gates';
import { today } from '@/lib/clock';
import { findCountyName } from '@/lib/counties/queries';
import { FIRST_LOOK_DAYS, listReceivedSince, markCountyListViewed, type ReceivedPlanRow } from '@/lib/counties/received';
import { formatDate, formatDateTime } from '@/lib/format';
import { countyRelationPhrase, planKindLabel } from '@/lib/notifications/labels';
import { Pager, rangeText } from '../pager';

export const metadata: Metadata = { title: 'Received since you last looked' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

function first(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v;
}

// Opening this page is "looking": it lists what arrived since the previous look and moves the
// mark to now. Later pages of the same list carry the previous mark in `since`, so paging through
// does not move it again.
export default async function ReceivedPage({ searchParams }: { searchParams: SearchParams }) {
  const actor = await requireCapability('county.read_list', '/county/received');
  const params = await searchParams;
  const page = Math.max(1, Math.floor(Number(first(params.page)) || 1));
  const sinceParam = first(params.since);
  let since: Date | null;
  if (sinceParam !== undefined) {
    const parsed = sinceParam === 'never' ? null : new Date(sinceParam);
    since = parsed && Number.isNaN(parsed.getTime()) ? null : parsed;
  } else {
    const prefetch = (await headers()).get('next-router-prefetch');
    since = prefetch ? null : await markCountyListViewed(actor);
  }
  const [list, countyName] = await Promise.all([listReceivedSince(actor, since, page, today()), findCountyName(actor.countyFips)]);
  const sinceKey = since ? since.toISOString() : 'never';
  return (
    <>
      <Breadcrumbs items={[{ label: 'County plans', href: '/county' }, { label: 'Received since you last looked' }]} />
      <PageHeading
        title="Received since you last looked"
        lead="Plans filed electronically that concern your county. The department gives your county access to each one once it is filed (IAC 567-65.110(3)“b”(2))."
      />
      <SummaryBox heading={since ? `You last looked on ${formatDateTime(since)}` : 'This is your first look'}>
        <p className="margin-y-0">
          {since
            ? 'Listed below: every plan received electronically after that time. The next time you open this page, it starts from now.'
            : `Listed below: the plans received electronically in the last ${FIRST_LOOK_DAYS} days that concern your county. The next time you open this page, it starts from now.`}
        </p>
      </SummaryBox>
      <p aria-live="polite">{rangeText(page, list.pageSize, list.rows.length, list.total, 'plans')}</p>
      <DataTable<ReceivedPlanRow>
        caption="Plans received electronically"
        captionHidden
        stacked
        rows={list.rows}
        rowKey={(r) => r.planId}
        emptyMessage="Nothing new has been received since you last looked."
        columns={[
          {
            key: 'op',
            header: 'Operation',
            rowHeader: true,
            cell: (r) => (
              <>
                <Link href={`/plans/${r.planId}`}>{r.operationName}</Link>
                <span className="display-block text-base font-sans-2xs">Facility {r.facilityId ?? 'not yet assigned'}</span>
              </>
            ),
          },
          { key: 'plan', header: 'Plan', cell: (r) => planKindLabel(r.kind, r.updateKind) },
          { key: 'why', header: 'Why your county', cell: (r) => `It ${countyRelationPhrase(r.relations, countyName ?? 'your')}.` },
          { key: 'received', header: 'Received', cell: (r) => (r.receivedOn ? formatDate(r.receivedOn) : formatDateTime(r.receivedAt)) },
          { key: 'status', header: 'Status', cell: (r) => <StatusTag status={r.status} /> },
        ]}
      />
      <Pager
        page={page}
        total={list.total}
        pageSize={list.pageSize}
        label="Pages of received plans"
        href={(p) => `/county/received?since=${encodeURIComponent(sinceKey)}&page=${p}`}
      />
    </>
  );
}
