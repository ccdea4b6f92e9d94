import type { Metadata } from 'next';
import Link from 'next/link';
import { PageHeading } from '@/components/page-heading';
import { Pagination } from '@/components/review/pagination';
import { SelectField } from '@/components/select-field';
import { SummaryBox } from '@/components/summary-box';
import { TextField } from '@/components/text-field';
import { requireCapability } from '@/lib/auth/gates';
import { today } from '@/lib/clock';
import { listPortfolioPage, NEXT_FILING_LABELS } from '@/lib/portfolio/queries';
import { NEXT_FILINGS, PLAN_STATUS_FILTERS, PORTFOLIO_SEARCH_MAX, parsePortfolioFilters, portfolioQuery, portfolioSearchProblem, type PortfolioFilters } from '@/lib/validation/portfolio';
import { listMyRegistrations } from '@/lib/registrations/queries';
import { Alert } from '@/components/alert';
import { PortfolioTable } from './portfolio-table';
import { Registrations } from './registrations';

export const metadata: Metadata = { title: 'Client portfolio' };

const STATUS_WORDS: Record<(typeof PLAN_STATUS_FILTERS)[number], string> = {
  approved: 'Approved', draft: 'Draft', submitted: 'Submitted', under_review: 'Under review', incomplete: 'Returned as incomplete', disapproved: 'Disapproved', none: 'No plan yet',
};

function BucketLink({ f, due, label, n }: { f: PortfolioFilters; due: PortfolioFilters['due']; label: string; n: number }) {
  const current = f.due === due;
  return (
    <li>
      <Link href={`/preparer${portfolioQuery({ ...f, due })}`} aria-current={current ? 'true' : undefined} className={current ? 'text-bold' : undefined}>
        {label}: {n}
      </Link>
    </li>
  );
}

export default async function PortfolioPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const actor = await requireCapability('portfolio.read', '/preparer');
  const params = await searchParams;
  const f = parsePortfolioFilters(params);
  const searchProblem = portfolioSearchProblem(params);
  const date = today();
  const [p, registrations] = await Promise.all([listPortfolioPage(actor, date, f), listMyRegistrations(actor)]);
  return (
    <>
      <PageHeading title="Client portfolio" lead="Every operation whose owner lets you act for them: search, filter by what is due, and file “no change” annual updates for several at once." />
      {params.registered === '1' ? (
        <Alert type="success" role="status" heading="The operation is registered and the owner was emailed">
          It is waiting for the owner to accept. You can resend the link or withdraw the registration below.
        </Alert>
      ) : null}
      <p>
        <Link className="usa-button usa-button--outline" href="/operations/new">Register an operation for a client</Link>
      </p>
      <Registrations rows={registrations} />
      <SummaryBox heading="By due date (Iowa Code 4.1(34) filing rule applied)">
        <ul className="usa-list margin-y-0">
          <BucketLink f={f} due={undefined} label="All operations" n={p.counts.all} />
          <BucketLink f={f} due="overdue" label="Overdue" n={p.counts.overdue} />
          <BucketLink f={f} due="30" label="Due within 30 days" n={p.counts.within30} />
          <BucketLink f={f} due="60" label="Due within 60 days" n={p.counts.within60} />
          <li>Ready for a “no change” update: {p.counts.noChangeReady}</li>
        </ul>
      </SummaryBox>
      <form method="get" action="/preparer" className="usa-form maxw-none margin-y-3" aria-label="Search and filter the portfolio">
        <div className="grid-row grid-gap-2">
          <TextField groupClassName="tablet:grid-col-4" label="Search" hint="Operation, facility ID, owner or county" name="q" maxLength={PORTFOLIO_SEARCH_MAX} error={searchProblem} defaultValue={f.q ?? ''} />
          <SelectField groupClassName="tablet:grid-col-4" label="Due" name="due" defaultValue={f.due ?? ''} placeholder="Any due date" options={[{ value: 'overdue', label: 'Overdue' }, { value: '30', label: 'Within 30 days' }, { value: '60', label: 'Within 60 days' }]} />
          <SelectField groupClassName="tablet:grid-col-4" label="County" name="county" defaultValue={f.county ?? ''} placeholder="Any county" options={p.counties.map(([value, label]) => ({ value, label }))} />
          <SelectField groupClassName="tablet:grid-col-4" label="Plan status" name="status" defaultValue={f.status ?? ''} placeholder="Any status" options={PLAN_STATUS_FILTERS.map((value) => ({ value, label: STATUS_WORDS[value] }))} />
          <SelectField groupClassName="tablet:grid-col-4" label="Next filing" name="next" defaultValue={f.next ?? ''} placeholder="Any filing" options={NEXT_FILINGS.map((value) => ({ value, label: NEXT_FILING_LABELS[value] }))} />
          <SelectField groupClassName="tablet:grid-col-4" label="Sort by" name="sort" defaultValue={f.sort} placeholder={null} options={[{ value: 'due', label: 'Due date, soonest first' }, { value: 'name', label: 'Operation name' }]} />
        </div>
        <div className="mmp-cta margin-top-2">
          <button type="submit" className="usa-button">Apply filters</button>
          <Link className="usa-button usa-button--outline" href="/preparer">Clear filters</Link>
        </div>
      </form>
      <p>
        {p.matched} {p.matched === 1 ? 'operation matches' : 'operations match'}.{' '}
        <a href={`/api/portfolio/export.csv${portfolioQuery(f)}`} download>Download these operations as CSV</a>
      </p>
      {p.rows.some((r) => r.noChangeReady) ? (
        <p>
          <Link href={`/updates/no-change?ids=${p.rows.filter((r) => r.noChangeReady).map((r) => r.id).join(',')}`}>
            Review “no change” updates for all {p.rows.filter((r) => r.noChangeReady).length} ready operations on this page
          </Link>
        </p>
      ) : null}
      <PortfolioTable rows={p.rows} />
      <Pagination label="Portfolio pages" page={p.page} pageCount={p.pageCount} href={(n) => `/preparer${portfolioQuery(f, n)}`} />
    </>
  );
}
