import Link from 'next/link';
import { Checkbox } from '@/components/checkbox';
import { SelectField, type SelectOption } from '@/components/select-field';
import type { WorklistFilters } from '@/lib/validation/review-worklist';

// A plain GET form: the filters land in the URL, so the filtered list is a link to share.
type Props = {
  filters: WorklistFilters;
  counties: SelectOption[];
  offices: SelectOption[];
  reviewers: SelectOption[];
};

const KIND_OPTIONS: SelectOption[] = [
  { value: 'original', label: 'Original MMP' },
  { value: 'complete_plan', label: 'Update: complete plan' },
  { value: 'no_change_statement', label: 'Update: no-change statement' },
  { value: 'list_of_changes', label: 'Update: list of changes' },
];
const STATUS_OPTIONS: SelectOption[] = [
  { value: 'submitted', label: 'Received, completeness not checked' },
  { value: 'under_review', label: 'Under review (found complete)' },
  { value: 'incomplete', label: 'Returned as incomplete' },
];

export function WorklistFiltersForm({ filters, counties, offices, reviewers }: Props) {
  return (
    <form method="get" action="/review" className="usa-form maxw-none margin-bottom-3" aria-label="Filter the worklist">
      {filters.bucket ? <input type="hidden" name="bucket" value={filters.bucket} /> : null}
      <div className="grid-row grid-gap-2">
        <SelectField groupClassName="tablet:grid-col-4" label="County" name="county" defaultValue={filters.county ?? ''} options={counties} placeholder="Any county" />
        <SelectField groupClassName="tablet:grid-col-4" label="Field office" name="office" defaultValue={filters.office ? String(filters.office) : ''} options={offices} placeholder="Any field office" />
        <SelectField groupClassName="tablet:grid-col-4" label="Plan kind" name="kind" defaultValue={filters.kind ?? ''} options={KIND_OPTIONS} placeholder="Any kind" />
        <SelectField
          groupClassName="tablet:grid-col-4"
          label="Channel"
          name="channel"
          defaultValue={filters.channel ?? ''}
          options={[{ value: 'electronic', label: 'Electronic' }, { value: 'hard_copy', label: 'Hard copy' }]}
          placeholder="Either channel"
        />
        <SelectField
          groupClassName="tablet:grid-col-4"
          label="Reviewer"
          name="reviewer"
          defaultValue={filters.reviewer ?? ''}
          options={[{ value: 'none', label: 'Unassigned' }, ...reviewers]}
          placeholder="Any reviewer"
        />
        <SelectField groupClassName="tablet:grid-col-4" label="Status" name="status" defaultValue={filters.status ?? ''} options={STATUS_OPTIONS} placeholder="Any open status" />
      </div>
      <div className="margin-top-2">
        <Checkbox label="Assigned to me" name="mine" value="1" defaultChecked={filters.mine === '1'} />
      </div>
      <div className="mmp-cta margin-top-2">
        <button type="submit" className="usa-button">Apply filters</button>
        <Link className="usa-button usa-button--outline" href="/review">Clear filters</Link>
      </div>
    </form>
  );
}
