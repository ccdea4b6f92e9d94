import type { Metadata } from 'next';
import { Alert } from '@/components/alert';
import { BarChart } from '@/components/charts/bar-chart';
import { DataTable } from '@/components/data-table';
import { PageHeading } from '@/components/page-heading';
import { requireRole } from '@/lib/auth/session';
import { today } from '@/lib/clock';
import { formatDate } from '@/lib/format';
import { monthLabel } from '@/lib/schedule/months';
import { POLICY_WORDS, previewSchedule, type Assignment } from '@/lib/schedule/policies';
import { listScheduleCandidates } from '@/lib/schedule/queries';
import { policyFromQuery } from '@/lib/validation/due-dates';
import { ApplyButton } from './apply-button';
import { OverrideForm } from './override-form';
import { PolicyForm } from './policy-form';

export const metadata: Metadata = { title: 'Annual update due dates' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function DueDatesPage({ searchParams }: { searchParams: SearchParams }) {
  await requireRole(['department_supervisor'], '/due-dates');
  const q = Object.fromEntries(Object.entries(await searchParams).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]));
  const policy = policyFromQuery(q);
  const date = today();
  const { scheduled, excluded } = await listScheduleCandidates();
  const offices = [...new Map(scheduled.map((s) => [s.fieldOfficeId, { id: s.fieldOfficeId, city: s.fieldOffice, operations: 0 }])).values()]
    .map((o) => ({ ...o, operations: scheduled.filter((s) => s.fieldOfficeId === o.id).length }))
    .sort((a, b) => a.city.localeCompare(b.city));
  const preview = policy ? previewSchedule(scheduled, policy, date) : null;
  const currentByMonth = new Map<string, number>();
  for (const s of scheduled) if (s.currentDueOn) currentByMonth.set(s.currentDueOn.slice(0, 7), (currentByMonth.get(s.currentDueOn.slice(0, 7)) ?? 0) + 1);
  const currentMonths = [...currentByMonth.keys()].sort();
  return (
    <>
      <PageHeading
        title="Annual update due dates"
        lead="The department staggers the dates annual updates are due and tells each owner theirs (IAC 567-65.110(3)“b”(3)). Choose a policy, preview the spread, then apply it."
      />
      <p>
        {scheduled.length} operation{scheduled.length === 1 ? '' : 's'} with an approved plan owe annual updates.
        {excluded.length ? ` Not scheduled: ${excluded.map((e) => e.name).join(', ')} (SAFO election in force, IAC 567-65.110(1)“e”(2)).` : ''}
      </p>
      <h2>Current due dates</h2>
      {currentMonths.length ? (
        <BarChart
          title="Current due dates by month"
          summary={`${scheduled.filter((s) => s.currentDueOn).length} operations have a due date, from ${monthLabel(currentMonths[0]!, true)} to ${monthLabel(currentMonths[currentMonths.length - 1]!, true)}.`}
          categories={currentMonths.map((m) => monthLabel(m))}
          series={[{ name: 'Operations due', values: currentMonths.map((m) => currentByMonth.get(m) ?? 0), color: '#565c65' }]}
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
            summary={`${preview.assignments.length - preview.missing.length} of ${preview.assignments.length} operations get a date; the busiest month has ${Math.max(0, ...preview.byMonth.map((m) => m.count))}.`}
            categories={preview.byMonth.map((m) => m.label)}
            series={[{ name: 'Operations due', values: preview.byMonth.map((m) => m.count), color: '#005ea2' }]}
            unit="operations"
          />
          {preview.missing.length ? (
            <Alert type="error" headingLevel={3} heading={`${preview.missing.length} operation${preview.missing.length === 1 ? '' : 's'} would have no due date`}>
              A policy must give every operation a date, so this one cannot be applied. {preview.missing.map((m) => `${m.name}: ${m.why}`).join('; ')}.
            </Alert>
          ) : (
            <ApplyButton policy={policy} previewHash={preview.hash} count={preview.assignments.length} />
          )}
          <DataTable<Assignment>
            caption="Each operation’s new due date"
            stacked
            rows={preview.assignments}
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
      <OverrideForm operations={[...scheduled, ...excluded].map((s) => ({ value: s.operationId, label: `${s.name} (${s.currentDueOn ? `due ${formatDate(s.currentDueOn)}` : 'no date'})` }))} />
    </>
  );
}
