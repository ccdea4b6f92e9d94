import type { Metadata } from 'next';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { BarChart } from '@/components/charts/bar-chart';
import { IowaCountyMap } from '@/components/charts/iowa-county-map';
import { PageHeading } from '@/components/page-heading';
import { requireCapability } from '@/lib/auth/gates';
import { today } from '@/lib/clock';
import { formatDate, formatMoney } from '@/lib/format';
import { FiguresAsOf } from '@/components/figures-as-of';
import type { OperationItem } from '@/lib/reviews/compliance';
import { complianceMonths, readComplianceFigures } from '@/lib/reviews/compliance-figures';
import type { WorklistRow } from '@/lib/reviews/worklist';
import { latestParameter } from '@/lib/rules';
import { monthLabel } from '@/lib/schedule/months';

export const metadata: Metadata = { title: 'Compliance' };

function Tile({ label, count, href, children }: { label: string; count: ReactNode; href?: string; children?: ReactNode }) {
  return (
    <li className="tablet:grid-col-4 margin-bottom-2">
      <div className="mmp-figure">
        <span className="mmp-figure__value">{count}</span>
        {href ? <Link href={href}>{label}</Link> : label}
        {children ? <div className="text-base-dark">{children}</div> : null}
      </div>
    </li>
  );
}

function ReviewList({ rows }: { rows: WorklistRow[] }) {
  if (!rows.length) return <p>None.</p>;
  return <ul className="usa-list">{rows.map((r) => <li key={r.planId}><Link href={`/review/plans/${r.planId}`}>{r.operationName}</Link> ({r.countyName}): {r.daysLeft! < 0 ? `overdue by ${-r.daysLeft!} days` : `${r.daysLeft} days left`}, due {formatDate(r.effectiveDueOn!)}</li>)}</ul>;
}

function OperationList({ items }: { items: OperationItem[] }) {
  if (!items.length) return <p>None.</p>;
  return <ul className="usa-list">{items.map((i) => <li key={i.operationId}>{i.name} ({i.countyName} County): {i.detail}{i.date ? ` ${formatDate(i.date)}` : ''}</li>)}</ul>;
}

export default async function CompliancePage() {
  const actor = await requireCapability('compliance.read', '/compliance');
  const date = today();
  const months = complianceMonths(date);
  // Counts over every plan in the state: read at most once a minute, and the page says when.
  const { value: figures, asOf } = await readComplianceFigures(actor, date, months);
  const { overdue, dueSoon, updates, owners, safo, fees, monthly, overdueByCounty } = figures;
  const byCounty = new Map<string, number>();
  const add = (fips: string, n: number) => byCounty.set(fips, (byCounty.get(fips) ?? 0) + n);
  for (const [f, n] of overdueByCounty) add(f, n);
  for (const [f, n] of updates.byCounty) add(f, n);
  for (const [f, n] of fees.byCounty) add(f, n);
  for (const i of [...owners, ...safo]) add(i.countyFips, 1);
  const total = [...byCounty.values()].reduce((a, b) => a + b, 0);
  const review = latestParameter('days.mmp_review');
  const newOwnerDays = latestParameter('days.new_owner_original_mmp');
  const safoMax = latestParameter('threshold.safo_max_animal_units');
  const builtAfter = latestParameter('date.mmp_constructed_or_expanded_after');
  return (
    <>
      <PageHeading title="Compliance" lead={`What is late or owed on ${formatDate(date)}: reviews against the ${review.value}-day limit (${review.citation}), annual updates, new owners, SAFO elections and fees. A deadline is late after the day Iowa Code 4.1(34) moves it to: the review under its general rule, an owner's filing under its filing rule (a reading to be confirmed by the department).`} />
      <FiguresAsOf asOf={asOf} every="every minute" />
      <ul className="grid-row grid-gap-2 usa-list--unstyled padding-0">
        <Tile label="Reviews overdue" count={overdue.total} href="/review?bucket=overdue" />
        <Tile label="Reviews due within 7 days" count={dueSoon.total} href="/review?bucket=due_soon" />
        <Tile label="Annual updates overdue" count={updates.count} />
        <Tile label={`New owners past their ${newOwnerDays.value} days`} count={owners.length} />
        <Tile label="SAFO elections terminated" count={safo.length} />
        <Tile label="Unpaid fee lines" count={fees.lines} href="/fees?status=due">{formatMoney(fees.cents)} outstanding; {fees.pastDue} past due</Tile>
      </ul>

      <h2>Reviews overdue</h2>
      <ReviewList rows={overdue.rows} />
      <h2>Reviews due within 7 days</h2>
      <ReviewList rows={dueSoon.rows} />
      <h2>Annual updates overdue</h2>
      <p className="text-base-dark">The current due date has passed and no annual update has been received since the date was assigned (IAC 567-65.110(3)“b”).</p>
      <OperationList items={updates.items} />
      {updates.count > updates.items.length ? <p>And {updates.count - updates.items.length} more.</p> : null}
      <h2>{`New owners past their ${newOwnerDays.value} days`}</h2>
      <p className="text-base-dark">{`A new owner of an operation that must have an MMP submits an original MMP within ${newOwnerDays.value} days after acquiring it (${newOwnerDays.citation}); a new owner of a SAFO, or of an operation neither constructed nor expanded after ${formatDate(builtAfter.value)} (${builtAfter.citation}), owes none and is not listed.`}</p>
      <OperationList items={owners} />
      <h2>SAFO elections terminated</h2>
      <p className="text-base-dark">{`An election ends once more than ${safoMax.value} animal units are housed at one time; the operation must then submit an MMP (${safoMax.citation}).`}</p>
      <OperationList items={safo} />

      <h2>Plans received and decided by month</h2>
      <BarChart
        title="Plans received and decided, last 12 months"
        summary={`${monthly.received.reduce((a, b) => a + b, 0)} plans received and ${monthly.decided.reduce((a, b) => a + b, 0)} decided from ${monthLabel(months[0]!, true)} to ${monthLabel(months[11]!, true)}.`}
        categories={months.map((m) => monthLabel(m))}
        series={[
          { name: 'Received', values: monthly.received, color: '#005ea2' },
          { name: 'Decided', values: monthly.decided, color: '#c05600' },
        ]}
        unit="plans"
      />
      <h2>Where the items are</h2>
      <IowaCountyMap
        title="Compliance items by county"
        summary={`${total} items in ${byCounty.size} of Iowa’s 99 counties: overdue reviews, overdue updates, past-due fees, new owners past ${newOwnerDays.value} days and terminated SAFO elections, by the county where the operation is located.`}
        counts={byCounty}
        what="items"
      />
    </>
  );
}
