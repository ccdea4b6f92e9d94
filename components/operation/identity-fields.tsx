'use client';

import { useState } from 'react';
import type { FieldErrors, UseFormRegister, UseFormSetValue } from 'react-hook-form';
import { Button } from '@/components/button';
import { DateField } from '@/components/date-field';
import { RadioGroup } from '@/components/plan/radio-group';
import { SelectField } from '@/components/select-field';
import { TextField } from '@/components/text-field';
import { QUARTERS } from '@/lib/validation/operations';
import type { OperationFormValues } from './form-types';

type Props = {
  register: UseFormRegister<OperationFormValues>;
  setValue: UseFormSetValue<OperationFormValues>;
  errors: FieldErrors<OperationFormValues>;
  counties: { value: string; label: string }[];
};

/** Name, kind, legal location (county, township, range, section, quarter), 911 address, map pin, dates. */
export function IdentityFields({ register, setValue, errors, counties }: Props) {
  const [locating, setLocating] = useState<string | null>(null);
  const locate = () => {
    if (!navigator.geolocation) return setLocating('This device cannot share its location. Type the coordinates instead, or leave them blank.');
    setLocating('Finding your location…');
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        setValue('latitude', pos.coords.latitude.toFixed(5), { shouldDirty: true, shouldValidate: true });
        setValue('longitude', pos.coords.longitude.toFixed(5), { shouldDirty: true, shouldValidate: true });
        setLocating('Location filled in from this device.');
      },
      () => setLocating('We could not get your location. Type the coordinates instead, or leave them blank.'),
      { timeout: 15_000 },
    );
  };
  return (
    <>
      <fieldset className="usa-fieldset">
        <legend className="usa-legend usa-legend--large">The operation</legend>
        <TextField label="Operation name" required autoComplete="organization" error={errors.name?.message} {...register('name')} />
        <RadioGroup
          legend="Kind of operation"
          required
          options={[
            { value: 'confinement', label: 'Confinement feeding operation', hint: 'Animals kept in totally roofed buildings.' },
            { value: 'open_feedlot', label: 'Open feedlot', hint: 'Animals kept in unroofed or partially roofed lots.' },
          ]}
          error={errors.kind?.message}
          {...register('kind')}
        />
      </fieldset>
      <fieldset className="usa-fieldset margin-top-4">
        <legend className="usa-legend usa-legend--large">Location</legend>
        <SelectField label="County" required options={counties} error={errors.countyFips?.message} {...register('countyFips')} />
        <div className="grid-row grid-gap-2">
          <TextField groupClassName="grid-col-6 tablet:grid-col-3" label="Township" hint="For example 96N" required error={errors.township?.message} {...register('township')} />
          <TextField groupClassName="grid-col-6 tablet:grid-col-3" label="Range" hint="For example 45W" required error={errors.range?.message} {...register('range')} />
          <TextField groupClassName="grid-col-6 tablet:grid-col-3" label="Section" hint="1 to 36" inputMode="numeric" required error={errors.section?.message} {...register('section')} />
          <SelectField
            groupClassName="grid-col-6 tablet:grid-col-3"
            label="Quarter section"
            hint="Quarter"
            required
            options={QUARTERS.map((q) => ({ value: q, label: q }))}
            error={errors.quarterSection?.message}
            {...register('quarterSection')}
          />
        </div>
        <TextField label="911 address of the site" required autoComplete="street-address" error={errors.address911?.message} {...register('address911')} />
        <div className="grid-row grid-gap-2">
          <TextField groupClassName="grid-col-6" label="Latitude (optional)" inputMode="decimal" error={errors.latitude?.message} {...register('latitude')} />
          <TextField groupClassName="grid-col-6" label="Longitude (optional)" inputMode="decimal" error={errors.longitude?.message} {...register('longitude')} />
        </div>
        <Button variant="outline" className="margin-top-1" onClick={locate}>
          Use my current location
        </Button>
        {locating ? <p role="status" className="margin-top-1">{locating}</p> : null}
      </fieldset>
      <fieldset className="usa-fieldset margin-top-4">
        <legend className="usa-legend usa-legend--large">Dates</legend>
        <DateField
          label="Date construction began"
          hint="For a proposed operation, the date construction will begin."
          required
          error={errors.constructedOn?.message}
          {...register('constructedOn')}
        />
        <DateField label="Date last expanded (if it was)" error={errors.lastExpandedOn?.message} {...register('lastExpandedOn')} />
      </fieldset>
    </>
  );
}
