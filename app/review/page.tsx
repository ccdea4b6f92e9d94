import { deadlineRulesSentence } from '@/lib/deadlines';
import type { Metadata } from 'next';
import { PageHeading } from '@/components/page-heading';
import { BucketCounts } from '@/components/review/bucket-counts';
import { Pagination } from '@/components/review/pagination';
import { WorklistFiltersForm } from '@/components/review/worklist-filters';
import { PendingTransfers, PendingTransfersNotice } from '@/components/transfer/pending-transfers';
import { requireCapability } from '@/lib/auth/gates';
import { today } from '@/lib/clock';
import { listCountyOptions, listFieldOfficeOptions, listReviewerOptions } from '@/lib/reviews/options';
import { listWorklistPage } from '@/lib/reviews/worklist';
import { listPendingTransfers } from '@/lib/transfers/queries';
import { latestParameter } from '@/lib/rules';
import { parseWorklistFilters, worklistQuery } from '@/lib/validation/review-worklist';
import { WorklistTable } from './worklist-table';
import Link from 'next/link';
import { Alert } from '@/components/alert';
import { formatDateTime } from '@/lib/format';
import { listDisputedFilings } from '@/lib/plans/dispute';

export const metadata: Metadata = { title: 'Review worklist' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function ReviewPage({ searchParams }: { searchParams: SearchParams }) {
  const actor = await requireCapability('review.read_worklist', '/review');
  const filters = parseWorklistFilters(await searchParams);
  const date = today();
  const [page, counties, offices, reviewers, transfers, disputed] = await Promise.all([
    listWorklistPage(actor, filters, date),
    listCountyOptions(),
    listFieldOfficeOptions(),
    listReviewerOptions(),
    listPendingTransfers(actor),
    listDisputedFilings(actor),
  ]);
  const review = latestParameter('days.mmp_review');
  const filtered = worklistQuery({ ...filters, bucket: undefined, page: 1 }) !== '';
  const first = (page.page - 1) * page.pageSize + 1;
  const last = first + page.rows.length - 1;
  return (
    <>
      <PageHeading
        title="Review worklist"
        lead={`Received plans, most urgent first. The department approves or disapproves a complete plan within ${review.value} days of receiving it (${review.citation}). ${deadlineRulesSentence()}`}
      />
      {disputed.length ? (
        <Alert type="error" heading={`Disputed filings: ${disputed.length}`}>
          <p className="margin-top-0">Someone who may sign for the operation says they did not sign these. Do not act on them until you have spoken with the owner.</p>
          <ul className="usa-list margin-bottom-0">
            {disputed.map((d) => (
              <li key={d.planId}>
                <Link href={`/review/plans/${d.planId}`}>{d.operationName}</Link> ({d.countyName} County, {d.referenceNumber}), disputed {formatDateTime(d.disputedAt)}
              </li>
            ))}
          </ul>
        </Alert>
      ) : null}
      <PendingTransfersNotice total={transfers.total} />
      <BucketCounts counts={page.counts} filters={filters} />
      <details className="margin-bottom-2" open={filtered}>
        <summary className="text-bold">Filter the list</summary>
        <WorklistFiltersForm filters={filters} counties={counties} offices={offices} reviewers={reviewers} />
      </details>
      <h2 className="font-heading-md" id="plans-heading">
        {page.total === 0 ? 'No plans' : `Plans ${first}–${last} of ${page.total}`}
      </h2>
      <p>
        <a href={`/api/review/worklist.csv${worklistQuery({ ...filters, page: 1 })}`} download>
          Download this list as CSV ({page.total} plan{page.total === 1 ? '' : 's'})
        </a>
      </p>
      <WorklistTable rows={page.rows} canAssign={actor.role === 'department_supervisor'} reviewers={reviewers} />
      <Pagination
        label="Worklist pages"
        page={page.page}
        pageCount={page.pageCount}
        href={(p) => `/review${worklistQuery(filters, { page: p })}`}
      />
      <PendingTransfers rows={transfers.rows} total={transfers.total} />
    </>
  );
}
