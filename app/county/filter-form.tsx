import Link from 'next/link';
import { SelectField } from '@/components/select-field';
import { TextField } from '@/components/text-field';
import { statusLabel } from '@/components/status-tag';
import { COUNTY_PLAN_STATUSES, COUNTY_RELATIONS, RELATION_LABELS, type CountyFilter } from '@/lib/counties/filter';

// A plain GET form: the filter lives in the URL, so it works without JavaScript and can be shared.
export function CountyFilterForm({ filter }: { filter: CountyFilter }) {
  return (
    <form method="get" action="/county" role="search" aria-label="Filter the county’s operations" className="usa-form maxw-full margin-bottom-3">
      <div className="grid-row grid-gap">
        <div className="tablet:grid-col-4">
          <TextField label="Search" hint="Operation name or facility ID" name="q" defaultValue={filter.q ?? ''} maxLength={100} />
        </div>
        <div className="tablet:grid-col-4">
          <SelectField
            label="Plan status"
            name="status"
            defaultValue={filter.status ?? ''}
            placeholder="Any status"
            options={COUNTY_PLAN_STATUSES.map((s) => ({ value: s, label: s === 'none' ? 'No plan filed' : statusLabel(s) }))}
          />
        </div>
        <div className="tablet:grid-col-4">
          <SelectField
            label="How it touches the county"
            name="relation"
            defaultValue={filter.relation ?? ''}
            placeholder="Located here or land-applying here"
            options={COUNTY_RELATIONS.map((r) => ({ value: r, label: RELATION_LABELS[r] }))}
          />
        </div>
      </div>
      <div className="margin-top-2">
        <button type="submit" className="usa-button">
          Apply filters
        </button>
        {filter.q || filter.status || filter.relation ? (
          <Link href="/county" className="usa-button usa-button--unstyled margin-left-1">
            Clear filters
          </Link>
        ) : null}
      </div>
    </form>
  );
}
