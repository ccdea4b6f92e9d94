'use client';

import { useFieldArray, useWatch, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { Button } from '@/components/button';
import { SelectField } from '@/components/select-field';
import { TextField } from '@/components/text-field';
import { newRowKey } from '@/lib/plans/document/ids';
import { countiesForDisplay, derivePlanCounties, relationWords } from '@/lib/plans/counties';
import { APPLICATION_METHODS, APPLICATION_TIMINGS, fieldsStep, METHOD_LABELS, TENURE_LABELS, TENURES, TIMING_LABELS } from '@/lib/validation/plan-fields';
import { toNumber } from '@/lib/validation/operations';
import { pIndexWords } from '@/lib/plans/document/words';
import { BalancePanel } from '../../balance-panel';
import type { CountyOption, StepProps } from '../types';
import { useStepForm } from '../use-step-form';

type Crop = { year: string | number; crop: string };
type Field = {
  key: string; name: string; countyFips: string; acres: string | number; tenure: string; crops: Crop[]; optimumYield: string | number;
  nitrogenRateLbPerAcre: string | number; phosphorusIndex: string | number;
  legumeCreditLbPerAcre?: string | number; commercialNLbPerAcre?: string | number; carryoverCreditLbPerAcre?: string | number; applicationMethod: string; applicationTiming: string;
};
type Values = { fields: Field[] };

type Props = StepProps & { counties: CountyOption[]; operationCountyFips: string; nextYear: number; year: number; production: Record<string, unknown> | undefined };

function CropRows({ control, register, errors, index, nextYear }: { control: Control<Values>; register: UseFormRegister<Values>; errors: FieldErrors<Values>; index: number; nextYear: number }) {
  const { fields, append, remove } = useFieldArray({ control, name: `fields.${index}.crops` });
  const e = errors.fields?.[index]?.crops;
  return (
    <fieldset className="usa-fieldset margin-top-2">
      <legend className="usa-legend">Crop schedule</legend>
      {e?.root?.message || e?.message ? <p className="usa-error-message">{e?.root?.message ?? e?.message}</p> : null}
      {fields.map((c, j) => (
        <div key={c.id} className="grid-row grid-gap-2">
          <TextField groupClassName="grid-col-4" label={`Year ${j + 1}`} inputMode="numeric" error={e?.[j]?.year?.message} {...register(`fields.${index}.crops.${j}.year`)} />
          <TextField groupClassName="grid-col-8" label={`Crop in year ${j + 1}`} error={e?.[j]?.crop?.message} {...register(`fields.${index}.crops.${j}.crop`)} />
          {fields.length > 1 ? (
            <Button variant="unstyled" className="margin-left-1" onClick={() => remove(j)}>
              Remove year {j + 1}
            </Button>
          ) : null}
        </div>
      ))}
      <Button variant="unstyled" className="margin-top-1" onClick={() => append({ year: nextYear + fields.length, crop: '' })} disabled={fields.length >= 6}>
        Add a crop year
      </Button>
    </fieldset>
  );
}

/** IAC 567-65.111: each field where manure is applied, with the live P-index band, the manure balance and the counties touched. */
export function FieldsStep({ defaults, onChange, handle, counties, operationCountyFips, nextYear, year, production }: Props) {
  const form = useStepForm<Values>(fieldsStep, defaults as Values, onChange as (v: Values) => void, handle);
  const { register, control, formState } = form;
  const { fields, append, remove } = useFieldArray({ control, name: 'fields', keyName: 'rhfId' });
  const live = useWatch({ control, name: 'fields' }) ?? [];
  const names = new Map(counties.map((c) => [c.fips, c.name]));
  const touched = countiesForDisplay(derivePlanCounties(operationCountyFips, live), (f) => names.get(f) ?? f);
  const e = formState.errors.fields;
  const countyOptions = counties.map((c) => ({ value: c.fips, label: c.name }));
  return (
    <>
      <p>List every field where manure from this operation is applied. Rates may not exceed the nitrogen needed for the optimum yield, nor what the phosphorus index allows.</p>
      {e?.root?.message || e?.message ? <p className="usa-error-message" role="alert">{e?.root?.message ?? e?.message}</p> : null}
      {fields.map((f, i) => {
        const p = toNumber(live[i]?.phosphorusIndex);
        const band = typeof p === 'number' && Number.isFinite(p) && p >= 0 ? pIndexWords(p) : null;
        return (
          <fieldset key={f.rhfId} className="usa-fieldset border-1px border-base-lighter padding-2 margin-top-3 radius-md">
            <legend className="usa-legend text-bold">Field {i + 1}{live[i]?.name ? `: ${live[i]!.name}` : ''}</legend>
            <TextField label="Field name" required error={e?.[i]?.name?.message} {...register(`fields.${i}.name`)} />
            <SelectField label="County" required options={countyOptions} error={e?.[i]?.countyFips?.message} {...register(`fields.${i}.countyFips`)} />
            <TextField label="Acres" inputMode="decimal" width="sm" required error={e?.[i]?.acres?.message} {...register(`fields.${i}.acres`)} />
            <SelectField label="The land is" required options={TENURES.map((t) => ({ value: t, label: TENURE_LABELS[t] }))} error={e?.[i]?.tenure?.message} {...register(`fields.${i}.tenure`)} />
            <CropRows control={control} register={register} errors={formState.errors} index={i} nextYear={nextYear} />
            <TextField label="Optimum yield (bushels or tons per acre)" inputMode="decimal" width="sm" required error={e?.[i]?.optimumYield?.message} {...register(`fields.${i}.optimumYield`)} />
            <TextField label="Nitrogen rate (lb per acre)" inputMode="decimal" width="sm" required error={e?.[i]?.nitrogenRateLbPerAcre?.message} {...register(`fields.${i}.nitrogenRateLbPerAcre`)} />
            <fieldset className="usa-fieldset margin-top-2">
              <legend className="usa-legend">Nitrogen credits (lb per acre; leave blank if you have not worked one out)</legend>
              <TextField label="Legume nitrogen credit" hint="From last year’s soybeans or alfalfa" inputMode="decimal" width="sm" error={e?.[i]?.legumeCreditLbPerAcre?.message} {...register(`fields.${i}.legumeCreditLbPerAcre`)} />
              <TextField label="Commercial nitrogen planned" inputMode="decimal" width="sm" error={e?.[i]?.commercialNLbPerAcre?.message} {...register(`fields.${i}.commercialNLbPerAcre`)} />
              <TextField label="Manure nitrogen carry-over credit" hint="From manure applied in earlier years" inputMode="decimal" width="sm" error={e?.[i]?.carryoverCreditLbPerAcre?.message} {...register(`fields.${i}.carryoverCreditLbPerAcre`)} />
            </fieldset>
            <TextField label="Phosphorus index" inputMode="decimal" width="sm" required error={e?.[i]?.phosphorusIndex?.message} {...register(`fields.${i}.phosphorusIndex`)} />
            {band ? <p className="margin-top-1" role="status">Phosphorus index band: {band}</p> : null}
            <SelectField label="Application method" required options={APPLICATION_METHODS.map((m) => ({ value: m, label: METHOD_LABELS[m] }))} error={e?.[i]?.applicationMethod?.message} {...register(`fields.${i}.applicationMethod`)} />
            <SelectField label="Application timing" required options={APPLICATION_TIMINGS.map((t) => ({ value: t, label: TIMING_LABELS[t] }))} error={e?.[i]?.applicationTiming?.message} {...register(`fields.${i}.applicationTiming`)} />
            <Button variant="unstyled" className="margin-top-2" onClick={() => remove(i)}>
              Remove field {i + 1}
            </Button>
          </fieldset>
        );
      })}
      <Button
        variant="outline"
        className="margin-top-2"
        onClick={() => append({ key: newRowKey(), name: '', countyFips: '', acres: '', tenure: '', crops: [{ year: nextYear, crop: '' }], optimumYield: '', nitrogenRateLbPerAcre: '', legumeCreditLbPerAcre: '', commercialNLbPerAcre: '', carryoverCreditLbPerAcre: '', phosphorusIndex: '', applicationMethod: '', applicationTiming: '' })}
      >
        Add a field
      </Button>
      <BalancePanel production={production} fields={live as unknown as Record<string, unknown>[]} year={year} live />
      <h3>Counties this plan goes to</h3>
      <p className="usa-hint">Worked out from where the operation is and the fields’ counties ({touched[0]?.citation}).</p>
      <ul className="usa-list" aria-live="polite">
        {touched.map((c) => (
          <li key={c.fips}>
            {c.name} County: {relationWords(c)}
          </li>
        ))}
      </ul>
    </>
  );
}
