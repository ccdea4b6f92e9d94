import { SelectField } from '@/components/select-field';
import { addMonths, MONTH_LONG, monthLabel } from '@/lib/schedule/months';
import { POLICY_WORDS } from '@/lib/schedule/policies';
import { POLICIES, type PolicyInput } from '@/lib/validation/due-dates';

// The policy chooser: a GET form, so a preview is a link a colleague can open before it is applied.
type Props = { today: string; offices: { id: number; city: string; operations: number }[]; current: PolicyInput | null };

export function PolicyForm({ today, offices, current }: Props) {
  const months = Array.from({ length: 12 }, (_, i) => addMonths(today, i + 1));
  const start = current?.policy === 'even_by_month' ? current.startMonth : months[0]!;
  const groupMonths = current?.policy === 'county_group' ? current.months : {};
  return (
    <form method="get" action="/due-dates" className="usa-form maxw-tablet">
      <fieldset className="usa-fieldset">
        <legend className="usa-legend">Policy</legend>
        {POLICIES.map((p) => (
          <div className="usa-radio" key={p}>
            <input className="usa-radio__input" type="radio" id={`policy-${p}`} name="policy" value={p} defaultChecked={(current?.policy ?? 'even_by_month') === p} />
            <label className="usa-radio__label" htmlFor={`policy-${p}`}>{POLICY_WORDS[p]}</label>
          </div>
        ))}
      </fieldset>
      <SelectField
        label="Spread evenly: first month"
        hint="Operations are spread over the twelve months starting here."
        name="start"
        defaultValue={start}
        placeholder={null}
        options={months.map((m) => ({ value: m, label: monthLabel(m, true) }))}
      />
      <fieldset className="usa-fieldset margin-top-3">
        <legend className="usa-legend">By county group: the month each field office’s counties are due</legend>
        {offices.map((o) => (
          <SelectField
            key={o.id}
            label={`${o.city} field office (${o.operations} operation${o.operations === 1 ? '' : 's'})`}
            name={`m${o.id}`}
            defaultValue={String(groupMonths[String(o.id)] ?? '')}
            placeholder="No month chosen"
            options={MONTH_LONG.map((name, i) => ({ value: String(i + 1), label: name }))}
          />
        ))}
      </fieldset>
      <div className="usa-checkbox margin-top-3">
        <input className="usa-checkbox__input" type="checkbox" id="overdue" name="overdue" value="1" defaultChecked={Boolean(current?.moveOverdue)} />
        <label className="usa-checkbox__label" htmlFor="overdue">Also move due dates that have passed with no update filed</label>
      </div>
      <button type="submit" className="usa-button margin-top-3">Preview the schedule</button>
    </form>
  );
}
