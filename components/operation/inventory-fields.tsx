'use client';

import { useFieldArray, useWatch, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { Button } from '@/components/button';
import { SelectField } from '@/components/select-field';
import { TextField } from '@/components/text-field';
import { formatNumber } from '@/lib/format';
import { animalUnitBreakdown } from '@/lib/operations/facts';
import { ANIMAL_CATEGORIES } from '@/lib/rules';
import type { OperationFormValues } from './form-types';

type Props = { control: Control<OperationFormValues>; register: UseFormRegister<OperationFormValues>; errors: FieldErrors<OperationFormValues> };

const OPTIONS = ANIMAL_CATEGORIES.map((c) => ({ value: c.category, label: `${c.label} (${c.factor} AU each)` }));

/** Head counts at capacity by Iowa Code 459.102 category, with the capacity computed as they type. */
export function InventoryFields({ control, register, errors }: Props) {
  const { fields, append, remove } = useFieldArray({ control, name: 'inventory' });
  const rows = useWatch({ control, name: 'inventory' }) ?? [];
  const au = animalUnitBreakdown(rows);
  return (
    <fieldset className="usa-fieldset margin-top-4">
      <legend className="usa-legend usa-legend--large">Animals at capacity</legend>
      <p className="usa-hint">The most animals of each kind the operation can hold at one time. Animal unit capacity is the maximum confined at any one time, not the size of the buildings.</p>
      {errors.inventory?.root?.message || errors.inventory?.message ? (
        <p className="usa-error-message">{errors.inventory?.root?.message ?? errors.inventory?.message}</p>
      ) : null}
      {fields.map((f, i) => (
        <div key={f.id} className="border-1px border-base-lighter padding-2 margin-top-2 radius-md">
          <SelectField label={`Animal category ${i + 1}`} required options={OPTIONS} error={errors.inventory?.[i]?.category?.message} {...register(`inventory.${i}.category`)} />
          <TextField label="Head at capacity" required inputMode="numeric" width="sm" error={errors.inventory?.[i]?.head?.message} {...register(`inventory.${i}.head`)} />
          {fields.length > 1 ? (
            <Button variant="unstyled" className="margin-top-1" onClick={() => remove(i)}>
              Remove animal category {i + 1}
            </Button>
          ) : null}
        </div>
      ))}
      <Button variant="outline" className="margin-top-2" onClick={() => append({ category: '', head: '' })} disabled={fields.length >= 13}>
        Add another animal category
      </Button>
      <div className="usa-summary-box margin-top-3">
        <div className="usa-summary-box__body">
          <p className="usa-summary-box__heading margin-0 font-sans-lg" role="status" data-testid="au-total">
            Animal unit capacity: {formatNumber(au.total)} AU
          </p>
          <ul className="usa-list margin-top-1 margin-bottom-0">
            {au.lines.map((l) => (
              <li key={l.category}>
                {l.label}: {formatNumber(l.head)} head × {l.factor} = {formatNumber(l.animalUnits)} AU
                {l.confirmed ? '' : ' (factor not yet confirmed against the current statute; source: ' + l.source + ')'}
              </li>
            ))}
          </ul>
          <p className="margin-bottom-0 font-sans-2xs">Computed as head at capacity × the category’s factor ({au.citation}).</p>
        </div>
      </div>
    </fieldset>
  );
}
