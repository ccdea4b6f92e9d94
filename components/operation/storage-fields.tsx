'use client';

import { useFieldArray, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { Button } from '@/components/button';
import { DateField } from '@/components/date-field';
import { SelectField } from '@/components/select-field';
import { TextField } from '@/components/text-field';
import { STORAGE_KINDS, STORAGE_LABELS } from '@/lib/validation/operations';
import type { OperationFormValues } from './form-types';

type Props = { control: Control<OperationFormValues>; register: UseFormRegister<OperationFormValues>; errors: FieldErrors<OperationFormValues> };

/** The operation's manure storage structures (formed, unformed, egg washwater). */
export function StorageFields({ control, register, errors }: Props) {
  const { fields, append, remove } = useFieldArray({ control, name: 'storage' });
  return (
    <fieldset className="usa-fieldset margin-top-4">
      <legend className="usa-legend usa-legend--large">Manure storage structures</legend>
      <p className="usa-hint">Each pit, tank, basin or lagoon. An unformed (earthen) structure always needs a construction permit.</p>
      {fields.length === 0 ? <p>No structures listed yet.</p> : null}
      {fields.map((f, i) => (
        <div key={f.id} className="border-1px border-base-lighter padding-2 margin-top-2 radius-md">
          <TextField label={`Structure ${i + 1} name`} required error={errors.storage?.[i]?.name?.message} {...register(`storage.${i}.name`)} />
          <SelectField
            label="Kind of structure"
            required
            options={STORAGE_KINDS.map((k) => ({ value: k, label: STORAGE_LABELS[k] }))}
            error={errors.storage?.[i]?.kind?.message}
            {...register(`storage.${i}.kind`)}
          />
          <TextField label="Capacity (gallons)" inputMode="numeric" width="md" error={errors.storage?.[i]?.capacityGallons?.message} {...register(`storage.${i}.capacityGallons`)} />
          <DateField label="Date constructed" error={errors.storage?.[i]?.constructedOn?.message} {...register(`storage.${i}.constructedOn`)} />
          <Button variant="unstyled" className="margin-top-1" onClick={() => remove(i)}>
            Remove structure {i + 1}
          </Button>
        </div>
      ))}
      <Button variant="outline" className="margin-top-2" onClick={() => append({ name: '', kind: '', capacityGallons: '', constructedOn: '' })} disabled={fields.length >= 20}>
        Add a storage structure
      </Button>
    </fieldset>
  );
}
