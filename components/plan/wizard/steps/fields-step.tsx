'use client';

import { useFieldArray, useWatch, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { Button } from '@/components/button';
import { SelectField } from '@/components/select-field';
import { TextField } from '@/components/text-field';
import { newRowKey } from '@/lib/plans/document/ids';
import { countiesForDisplay, derivePlanCounties, relationWords } from '@/lib/plans/counties';
import { APPLICATION_METHODS, APPLICATION_TIMINGS, fieldsStep, METHOD_LABELS, TENURE_LABELS, TENURES, TIMING_LABELS, YIELD_SOURCE_LABELS, YIELD_SOURCES } from '@/lib/validation/plan-fields';
import { findCountyYield, type ReferenceTables } from '@/lib/plans/reference-tables';
import { formatNumber } from '@/lib/format';
import { toNumber } from '@/lib/validation/operations';
import { pIndexWords } from '@/lib/plans/document/words';
import { balanceInput, planBalance } from '@/lib/plans/balance';
import { BalancePanel } from '../../balance-panel';
import { FieldBalanceNote } from '../field-balance-note';
import type { CountyOption, StepProps } from '../types';
import { useStepForm } from '../use-step-form';

type Crop = { year: string | number; crop: string; yield?: string | number };
type Field = {
  key: string; name: string; countyFips: string; acres: string | number; tenure: string; crops: Crop[]; optimumYield: string | number;
  nitrogenRateLbPerAcre: string | number; phosphorusIndex: string | number;
  legumeCreditLbPerAcre?: string | number; commercialNLbPerAcre?: string | number; carryoverCreditLbPerAcre?: string | number; applicationMethod: string; applicationTiming: string;
  previousCrop?: string; previousCropManured?: string | boolean; yieldSource?: string; yieldBasis?: string; p2o5RemovalLbPerAcre?: string | number; yearsBetweenApplications?: string | number;
};
type Values = { fields: Field[] };

type Props = StepProps & {
  counties: CountyOption[]; operationCountyFips: string; nextYear: number; year: number; production: Record<string, unknown> | undefined;
  agreements: Record<string, unknown>[]; tables: ReferenceTables;
};

// Values as RHF shows a stored boolean in a select (String(true)), so a pre-filled update shows its answer.
const MANURED_OPTIONS = [{ value: 'true', label: 'Yes' }, { value: 'false', label: 'No' }];

/** The crop of the season being planned, as the balance reads it. */
function plannedCrop(crops: Crop[] | undefined, year: number): string {
  const list = (crops ?? []).filter((c) => c?.crop).sort((a, b) => Number(a.year) - Number(b.year));
  return String((list.find((c) => Number(c.year) >= year) ?? list.at(-1))?.crop ?? '');
}

function CropRows({ control, register, errors, index, nextYear }: { control: Control<Values>; register: UseFormRegister<Values>; errors: FieldErrors<Values>; index: number; nextYear: number }) {
  const { fields, append, remove } = useFieldArray({ control, name: `fields.${index}.crops` });
  const e = errors.fields?.[index]?.crops;
  return (
    <fieldset className="usa-fieldset margin-top-2">
      <legend className="usa-legend">Crop schedule (the rotation)</legend>
      <p className="usa-hint margin-top-05">The yield of a year is needed only for a medium phosphorus index when manure serves more than one crop year; blank in the planned year uses the optimum yield below.</p>
      {e?.root?.message || e?.message ? <p className="usa-error-message">{e?.root?.message ?? e?.message}</p> : null}
      {fields.map((c, j) => (
        <div key={c.id} className="grid-row grid-gap-2">
          <TextField groupClassName="grid-col-3" label={`Year ${j + 1}`} inputMode="numeric" error={e?.[j]?.year?.message} {...register(`fields.${index}.crops.${j}.year`)} />
          <TextField groupClassName="grid-col-5" label={`Crop in year ${j + 1}`} error={e?.[j]?.crop?.message} {...register(`fields.${index}.crops.${j}.crop`)} />
          <TextField groupClassName="grid-col-4" label={`Yield in year ${j + 1} (optional)`} inputMode="decimal" error={e?.[j]?.yield?.message} {...register(`fields.${index}.crops.${j}.yield`)} />
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
export function FieldsStep({ defaults, onChange, handle, counties, operationCountyFips, nextYear, year, production, agreements, tables }: Props) {
  const form = useStepForm<Values>(fieldsStep, defaults as Values, onChange as (v: Values) => void, handle);
  const { register, control, formState, setValue } = form;
  const { fields, append, remove } = useFieldArray({ control, name: 'fields', keyName: 'rhfId' });
  const live = useWatch({ control, name: 'fields' }) ?? [];
  const names = new Map(counties.map((c) => [c.fips, c.name]));
  const touched = countiesForDisplay(derivePlanCounties(operationCountyFips, live), (f) => names.get(f) ?? f);
  const e = formState.errors.fields;
  const countyOptions = counties.map((c) => ({ value: c.fips, label: c.name }));
  const balance = planBalance(balanceInput(production as Record<string, unknown> | undefined, live as unknown as Record<string, unknown>[], agreements as Record<string, unknown>[] | undefined), year, tables);
  return (
    <>
      <p>List every field where manure from this operation is applied. Rates may not exceed the nitrogen needed for the optimum yield, nor what the phosphorus index allows.</p>
      {e?.root?.message || e?.message ? <p className="usa-error-message" role="alert">{e?.root?.message ?? e?.message}</p> : null}
      {fields.map((f, i) => {
        const p = toNumber(live[i]?.phosphorusIndex);
        const band = typeof p === 'number' && Number.isFinite(p) && p >= 0 ? pIndexWords(p) : null;
        const crop = plannedCrop(live[i]?.crops, year);
        const average = findCountyYield(tables, live[i]?.countyFips, crop);
        return (
          <fieldset key={f.rhfId} className="usa-fieldset border-1px border-base-lighter padding-2 margin-top-3 radius-md">
            <legend className="usa-legend text-bold">Field {i + 1}{live[i]?.name ? `: ${live[i]!.name}` : ''}</legend>
            <TextField label="Field name" required error={e?.[i]?.name?.message} {...register(`fields.${i}.name`)} />
            <SelectField label="County" required options={countyOptions} error={e?.[i]?.countyFips?.message} {...register(`fields.${i}.countyFips`)} />
            <TextField label="Acres" inputMode="decimal" width="sm" required error={e?.[i]?.acres?.message} {...register(`fields.${i}.acres`)} />
            <SelectField label="The land is" required options={TENURES.map((t) => ({ value: t, label: TENURE_LABELS[t] }))} error={e?.[i]?.tenure?.message} {...register(`fields.${i}.tenure`)} />
            <CropRows control={control} register={register} errors={formState.errors} index={i} nextYear={nextYear} />
            <TextField label="Previous crop" hint="The crop harvested before the first planned year" error={e?.[i]?.previousCrop?.message} {...register(`fields.${i}.previousCrop`)} />
            <SelectField
              label="Did the previous crop get manure?"
              options={MANURED_OPTIONS}
              error={e?.[i]?.previousCropManured?.message}
              {...register(`fields.${i}.previousCropManured`)}
            />
            <TextField label="Optimum yield (bushels or tons per acre)" inputMode="decimal" width="sm" required error={e?.[i]?.optimumYield?.message} {...register(`fields.${i}.optimumYield`)} />
            {average ? (
              <p className="margin-top-1" data-testid={`county-average-${i}`}>
                County average for {crop} here: {formatNumber(average.yield)} {average.unit} per acre ({average.years}){average.confirmed ? '' : ', not yet confirmed by the department'}.{' '}
                <Button
                  variant="unstyled"
                  onClick={() => {
                    setValue(`fields.${i}.optimumYield`, String(average.yield), { shouldDirty: true, shouldValidate: true });
                    setValue(`fields.${i}.yieldSource`, 'county_average', { shouldDirty: true });
                  }}
                >
                  Use the county average
                </Button>
              </p>
            ) : null}
            <SelectField label="Yield basis" options={YIELD_SOURCES.map((y) => ({ value: y, label: YIELD_SOURCE_LABELS[y] }))} error={e?.[i]?.yieldSource?.message} {...register(`fields.${i}.yieldSource`)} />
            {live[i]?.yieldSource === 'own_records' ? (
              <TextField label="Yield records" hint="Which years and records the yield comes from" error={e?.[i]?.yieldBasis?.message} {...register(`fields.${i}.yieldBasis`)} />
            ) : null}
            <TextField label="Nitrogen rate (lb per acre)" inputMode="decimal" width="sm" required error={e?.[i]?.nitrogenRateLbPerAcre?.message} {...register(`fields.${i}.nitrogenRateLbPerAcre`)} />
            <fieldset className="usa-fieldset margin-top-2">
              <legend className="usa-legend">Nitrogen credits (lb per acre; leave blank if you have not worked one out)</legend>
              <TextField label="Legume nitrogen credit" hint="From last year’s soybeans or alfalfa" inputMode="decimal" width="sm" error={e?.[i]?.legumeCreditLbPerAcre?.message} {...register(`fields.${i}.legumeCreditLbPerAcre`)} />
              <TextField label="Commercial nitrogen planned" inputMode="decimal" width="sm" error={e?.[i]?.commercialNLbPerAcre?.message} {...register(`fields.${i}.commercialNLbPerAcre`)} />
              <TextField label="Manure nitrogen carry-over credit" hint="From manure applied in earlier years" inputMode="decimal" width="sm" error={e?.[i]?.carryoverCreditLbPerAcre?.message} {...register(`fields.${i}.carryoverCreditLbPerAcre`)} />
            </fieldset>
            <FieldBalanceNote field={balance.fields[i]} balance={balance} testId={`field-balance-${i}`} />
            <TextField label="Phosphorus index" inputMode="decimal" width="sm" required error={e?.[i]?.phosphorusIndex?.message} {...register(`fields.${i}.phosphorusIndex`)} />
            {band ? <p className="margin-top-1" role="status">Phosphorus index band: {band}</p> : null}
            <TextField
              label="P2O5 removed by the crop rotation (lb per acre a year)"
              hint="Needed when the phosphorus index is medium (over 2 up to 5). Leave it blank to use the crop table’s removal times the optimum yield."
              inputMode="decimal"
              width="sm"
              error={e?.[i]?.p2o5RemovalLbPerAcre?.message}
              {...register(`fields.${i}.p2o5RemovalLbPerAcre`)}
            />
            <TextField
              label="Years between manure applications"
              hint="1 if manure goes on every year; 2 if once in a corn-soybean rotation. On a medium phosphorus index, one application may supply twice the P2O5 the rotation removes over those years. Left blank, it is read as every year, the lowest limit."
              inputMode="numeric"
              width="sm"
              error={e?.[i]?.yearsBetweenApplications?.message}
              {...register(`fields.${i}.yearsBetweenApplications`)}
            />
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
        onClick={() => append({ key: newRowKey(), name: '', countyFips: '', acres: '', tenure: '', crops: [{ year: nextYear, crop: '' }], optimumYield: '', nitrogenRateLbPerAcre: '', legumeCreditLbPerAcre: '', commercialNLbPerAcre: '', carryoverCreditLbPerAcre: '', phosphorusIndex: '', applicationMethod: '', applicationTiming: '', previousCrop: '', previousCropManured: '', yieldSource: '', yieldBasis: '', p2o5RemovalLbPerAcre: '', yearsBetweenApplications: '' })}
      >
        Add a field
      </Button>
      <BalancePanel production={production} fields={live as unknown as Record<string, unknown>[]} agreements={agreements} year={year} tables={tables} live />
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
