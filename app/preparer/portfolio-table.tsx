import Link from 'next/link';
import { DataTable } from '@/components/data-table';
import { DeadlineDate } from '@/components/law/deadline-date';
import { StatusTag } from '@/components/status-tag';
import { formatNumber, pluralDays } from '@/lib/format';
import { filedUpdateWords } from '@/lib/operations/update-filed';
import { NEXT_FILING_LABELS, type PortfolioRow } from '@/lib/portfolio/queries';

function dueCell(r: PortfolioRow) {
  const due = r.nextFiling === 'new_owner_original' ? r.newOwner?.due : r.nextFiling === 'annual_update' ? r.nextDue : null;
  if (r.nextFiling === 'annual_update' && r.updateFiled) return filedUpdateWords(r.updateFiled);
  if (!due || r.dueDaysLeft === null) return r.nextFiling === 'none' ? 'None while the SAFO election is in force' : 'No date assigned yet';
  if (r.dueDaysLeft < 0) return <span className="text-secondary-dark text-bold"><DeadlineDate d={due} />: overdue by {pluralDays(-r.dueDaysLeft)}</span>;
  return <><DeadlineDate d={due} /> ({pluralDays(r.dueDaysLeft)} left)</>;
}

/** The page of operations, each with a box to select it for a bulk "no change" update. */
export function PortfolioTable({ rows }: { rows: PortfolioRow[] }) {
  return (
    <form method="get" action="/updates/no-change" aria-label="Select operations for no-change updates">
      <DataTable<PortfolioRow>
        caption="Operations you act for"
        captionHidden
        stacked
        rows={rows}
        rowKey={(r) => r.id}
        emptyMessage="No operation matches these filters."
        columns={[
          {
            key: 'pick',
            header: 'Select',
            cell: (r) =>
              r.hasApprovedPlan ? (
                <div className="usa-checkbox">
                  <input className="usa-checkbox__input" type="checkbox" name="ids" value={r.id} id={`pick-${r.id}`} />
                  <label className="usa-checkbox__label margin-top-0" htmlFor={`pick-${r.id}`}>Select<span className="usa-sr-only"> {r.name}</span></label>
                </div>
              ) : null,
          },
          {
            key: 'name',
            header: 'Operation',
            rowHeader: true,
            cell: (r) => (
              <>
                <Link href={`/operations/${r.id}`}>{r.name}</Link>
                <span className="display-block text-base-dark font-sans-2xs">Facility {r.facilityId ?? 'not yet assigned'} · {r.countyName} County</span>
                {r.pendingTransfer ? <span className="display-block text-bold font-sans-2xs">Ownership transfer pending</span> : null}
              </>
            ),
          },
          { key: 'owner', header: 'Owner', cell: (r) => r.ownerName },
          { key: 'au', header: 'Animal units', cell: (r) => formatNumber(r.animalUnitCapacity) },
          { key: 'status', header: 'Plan status', cell: (r) => (r.latestPlanStatus && r.latestPlanId ? <Link href={`/plans/${r.latestPlanId}`} aria-label={`${r.name} plan`}><StatusTag status={r.latestPlanStatus} /></Link> : 'No plan yet') },
          { key: 'next', header: 'Next filing', cell: (r) => NEXT_FILING_LABELS[r.nextFiling] },
          { key: 'due', header: 'Due', cell: dueCell },
        ]}
      />
      {rows.some((r) => r.hasApprovedPlan) ? (
        <button type="submit" className="usa-button margin-top-2">Review “no change” updates for the selected operations</button>
      ) : null}
    </form>
  );
}
