import type { Metadata } from 'next';
import { Alert } from '@/components/alert';
import { BarChart } from '@/components/charts/bar-chart';
import { DataTable } from '@/components/data-table';
import { FiguresAsOf } from '@/components/figures-as-of';
import { PageHeading } from '@/components/page-heading';
import { requireCapability } from '@/lib/auth/gates';
import { today } from '@/lib/clock';
import { formatDate } from '@/lib/format';
import { monthLabel } from '@/lib/schedule/months';
import { POLICY_WORDS, type Assignment } from '@/lib/schedule/policies';
import { findScheduleOperations, readSchedulePreview, readScheduleSummary } from '@/lib/schedule/summary';
import { policyFromQuery } from '@/lib/validation/due-dates';
import { ApplyButton } from './apply-button';
import { OverrideForm } from './override-form';
import { PolicyForm } from './policy-form';

export const metadata: Metadata = { title: 'Annual update due dates' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function DueDatesPage({ searchParams }: { searchParams: SearchParams }) {
  await requireCapability('due_date.apply_policy', '/due-dates');
  const q = Object.fromEntries(Object.entries(await searchParams).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]));
  const policy = policyFromQuery(q);
  const date = today();
  // Every operation that owes updates is counted: the figures are read at most every five minutes.
  const [summary, previewRead, choices] = await Promise.all([
    readScheduleSummary(date),
    policy ? readSchedulePreview(policy, date) : Promise.resolve(null),
    findScheduleOperations(q.op),
  ]);
  const { scheduledCount, excluded, offices, currentByMonth } = summary.value;
  const preview = previewRead?.value ?? null;
  const withDate = currentByMonth.reduce((n, m) => n + m.count, 0);
  return (
    <>
      <PageHeading
        title="Annual update due dates"
        lead="The department staggers the dates annual updates are due and tells each owner theirs (IAC 567-65.110(3)“b”(3)). Choose a policy, preview the spread, then apply it."
      />
      <FiguresAsOf asOf={previewRead && previewRead.asOf < summary.asOf ? previewRead.asOf : summary.asOf} every="every five minutes" />
      <p>
        {scheduledCount} operation{scheduledCount === 1 ? '' : 's'} with an approved plan owe annual updates.
        {excluded.length ? ` Not scheduled: ${excluded.map((e) => e.name).join(', ')} (SAFO election in force, IAC 567-65.110(1)“e”(2)).` : ''}
      </p>
      <h2>Current due dates</h2>
      {currentByMonth.length ? (
        <BarChart
          title="Current due dates by month"
          summary={`${withDate} operations have a due date, from ${monthLabel(currentByMonth[0]!.month, true)} to ${monthLabel(currentByMonth[currentByMonth.length - 1]!.month, true)}.`}
          categories={currentByMonth.map((m) => monthLabel(m.month))}
          series={[{ name: 'Operations due', values: currentByMonth.map((m) => m.count), color: '#565c65' }]}
          unit="operations"
        />
      ) : null}
      <h2>Choose a policy</h2>
      <PolicyForm today={date} offices={offices} current={policy} />
      {preview && policy ? (
        <section aria-labelledby="preview-heading" className="margin-top-4">
          <h2 id="preview-heading">Preview: {POLICY_WORDS[policy.policy]}</h2>
          <BarChart
            title="Due dates by month under this policy"
            summary={`${preview.total - preview.missingCount} of ${preview.total} operations get a date; the busiest month has ${Math.max(0, ...preview.byMonth.map((m) => m.count))}.`}
            categories={preview.byMonth.map((m) => m.label)}
            series={[{ name: 'Operations due', values: preview.byMonth.map((m) => m.count), color: '#005ea2' }]}
            unit="operations"
          />
          {preview.overdue.length ? (
            <Alert type="warning" headingLevel={3} heading={`${preview.overdue.length} operation${preview.overdue.length === 1 ? ' is' : 's are'} overdue with no update filed`}>
              {preview.overdue.some((o) => o.kept)
                ? 'A new schedule applies to dates not yet passed: these keep their date and stay overdue (IAC 567-65.110(3)“b”(3)). Check “Also move due dates that have passed” to move them too. '
                : 'You chose to move these passed dates: each owner’s overdue status ends and they are told the new date. '}
              {preview.overdue.map((o) => `${o.name} (due ${formatDate(o.currentDueOn)})`).join('; ')}.
            </Alert>
          ) : null}
          {preview.missingCount ? (
            <Alert type="error" headingLevel={3} heading={`${preview.missingCount} operation${preview.missingCount === 1 ? '' : 's'} would have no due date`}>
              A policy must give every operation a date, so this one cannot be applied. {preview.missing.map((m) => `${m.name}: ${m.why}`).join('; ')}{preview.missingCount > preview.missing.length ? `; and ${preview.missingCount - preview.missing.length} more` : ''}.
            </Alert>
          ) : (
            <ApplyButton policy={policy} previewHash={preview.hash} count={preview.total} />
          )}
          <DataTable<Assignment>
            caption={preview.total > preview.first.length ? `Each operation’s new due date: the first ${preview.first.length} of ${preview.total}, by county and name` : 'Each operation’s new due date'}
            stacked
            rows={preview.first}
            rowKey={(a) => a.operationId}
            columns={[
              { key: 'op', header: 'Operation', rowHeader: true, cell: (a) => a.name },
              { key: 'county', header: 'County', cell: (a) => `${a.countyName} (${a.fieldOffice})` },
              { key: 'now', header: 'Current due date', cell: (a) => (a.currentDueOn ? formatDate(a.currentDueOn) : 'None') },
              { key: 'new', header: 'New due date', cell: (a) => (a.dueOn ? formatDate(a.dueOn) : <strong>No date</strong>) },
              { key: 'why', header: 'Why', cell: (a) => a.why },
            ]}
          />
        </section>
      ) : null}
      <h2 className="margin-top-5">Set one operation’s due date</h2>
      <p>An individual date replaces the policy’s for that operation; the reason is kept in its history and the owner is told.</p>
      <form method="get" action="/due-dates" className="usa-search usa-search--small margin-bottom-2" role="search" aria-label="Find an operation">
        {Object.entries(q).filter(([k, v]) => k !== 'op' && v).map(([k, v]) => <input key={k} type="hidden" name={k} value={v} />)}
        <label className="usa-sr-only" htmlFor="due-dates-op">Operation name or facility ID</label>
        <input className="usa-input" id="due-dates-op" type="search" name="op" defaultValue={q.op ?? ''} />
        <button className="usa-button" type="submit"><span className="usa-search__submit-text">Find the operation</span></button>
      </form>
      {choices.more ? <p className="text-base-dark">{`The list below holds the first ${choices.rows.length} by name${q.op ? ` of those matching “${q.op}”` : ''}: search by name or facility ID to find another.`}</p> : null}
      <OverrideForm operations={choices.rows.map((s) => ({ value: s.operationId, label: `${s.name}${s.facilityId ? ` (${s.facilityId})` : ''}, ${s.currentDueOn ? `due ${formatDate(s.currentDueOn)}` : 'no date'}` }))} />
    </>
  );
}
