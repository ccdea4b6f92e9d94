'use client';

import { formResolver } from '@/components/forms/form-resolver';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { DateField } from '@/components/date-field';
import { useLatestAttempt } from './latest-attempt';
import { applyActionResult } from '@/components/forms/apply-result';
import { SelectField } from '@/components/select-field';
import { TextField } from '@/components/text-field';
import type { RecordCheck } from '@/lib/applications/check';
import type { ActionResult } from '@/lib/errors';
import { applicationRecordSchema } from '@/lib/validation/application-records';
import { APPLICATION_METHODS, METHOD_LABELS } from '@/lib/validation/plan-fields';
import { NUTRIENT_UNITS } from '@/lib/validation/plans';

// DNR form 542-8002, one application, on a phone in the field: the plan's fields to pick from, the
// rate worked out as the amount and acres are typed, against the field's limit when the plan gives one.

export type FieldLimit = { key: string; name: string; acres: number | null; maxRatePerAcre: number | null; limitWords: string | null };

type Values = Record<
  | 'operationId' | 'fieldKey' | 'fieldName' | 'cropYear' | 'appliedOn' | 'method' | 'amountApplied' | 'amountUnit' | 'acres' | 'applicatorName'
  | 'applicatorCertification' | 'weatherDayBefore' | 'weatherDayOf' | 'weatherDayAfter' | 'commercialNLbPerAcre' | 'commercialP2o5LbPerAcre',
  string
>;

const OTHER = '__other';
const UNIT_OPTIONS = NUTRIENT_UNITS.map((u) => ({ value: u, label: u === 'tons' ? 'Tons (solid manure)' : '1,000 gallons (liquid manure)' }));
const UNIT_SHORT: Record<string, string> = { thousand_gallons: 'thousand gallons', tons: 'tons' };

type Props = {
  operationId: string;
  today: string;
  season: number;
  planUnit: 'thousand_gallons' | 'tons' | null;
  fields: FieldLimit[];
  action: (input: unknown) => Promise<ActionResult<{ id: string; check: RecordCheck }>>;
};

export function RecordApplicationForm({ operationId, today, season, planUnit, fields, action }: Props) {
  const schema = useMemo(() => applicationRecordSchema(today), [today]);
  const defaults: Values = {
    operationId, fieldKey: '', fieldName: '', cropYear: String(season), appliedOn: today, method: '', amountApplied: '', amountUnit: planUnit ?? '', acres: '',
    applicatorName: '', applicatorCertification: '', weatherDayBefore: '', weatherDayOf: '', weatherDayAfter: '', commercialNLbPerAcre: '', commercialP2o5LbPerAcre: '',
  };
  const { register, control, handleSubmit, setError, setValue, reset, getValues, formState } = useForm<Values>({ resolver: formResolver(schema), defaultValues: defaults });
  const [outcome, setOutcome] = useState<{ check: RecordCheck; message: string } | null>(null);
  const [error, setErrorText] = useState<string | null>(null);
  const [fieldKey, amount, acres, unit, cropYear] = useWatch({ control, name: ['fieldKey', 'amountApplied', 'acres', 'amountUnit', 'cropYear'] });
  const chosen = fields.find((f) => f.key === fieldKey);
  const rate = Number(String(amount).replaceAll(',', '')) / Number(String(acres).replaceAll(',', ''));
  const rateKnown = Number.isFinite(rate) && Number(acres) > 0 && rate > 0;

  const { isLatest, begin } = useLatestAttempt();
  // Every attempt clears the last answer first, a refused one too: "Application recorded" never
  // stays beside the errors of the next try.
  const startAttempt = () => {
    begin();
    setErrorText(null);
    setOutcome(null);
  };
  const onSubmit = handleSubmit(async (values) => {
    const r = await action({ ...values, fieldKey: values.fieldKey === OTHER ? '' : values.fieldKey }).catch(() => null);
    if (!r) return setErrorText('We could not reach the portal. Nothing was recorded; try again.');
    if (!r.ok) return setErrorText(applyActionResult(r, setError));
    setOutcome({ check: r.data.check, message: r.message ?? '' });
    // The next application is often the same applicator on another field: keep who applied it.
    const keep = getValues(['applicatorName', 'applicatorCertification', 'amountUnit', 'cropYear', 'method']);
    reset({ ...defaults, applicatorName: keep[0], applicatorCertification: keep[1], amountUnit: keep[2], cropYear: keep[3], method: keep[4] });
  });

  const fieldOptions = [...fields.map((f) => ({ value: f.key, label: f.acres ? `${f.name} (${f.acres} acres)` : f.name })), { value: OTHER, label: 'A field not in the approved plan' }];
  const e = formState.errors;
  return (
    <form
      className="usa-form maxw-full"
      onSubmit={(ev) => {
        startAttempt();
        return onSubmit(ev);
      }}
      noValidate
      aria-labelledby="record-heading"
    >
      {error && isLatest ? <Alert type="error" role="alert" slim>{error}</Alert> : null}
      <input type="hidden" {...register('operationId')} />
      {fields.length ? (
        <SelectField label="Field" required options={fieldOptions} error={e.fieldName?.message && fieldKey !== OTHER ? e.fieldName.message : undefined}
          {...register('fieldKey', { onChange: (ev: { target: { value: string } }) => setValue('fieldName', fields.find((f) => f.key === ev.target.value)?.name ?? '') })} />
      ) : null}
      {!fields.length || fieldKey === OTHER ? (
        <TextField label={fields.length ? 'Name of the field' : 'Field'} hint={fields.length ? undefined : 'No approved plan lists the fields yet: name the field as you know it.'} required error={e.fieldName?.message} {...register('fieldName')} />
      ) : null}
      <TextField label="Crop year" hint="The crop the manure is for" inputMode="numeric" width="sm" required error={e.cropYear?.message} {...register('cropYear')} />
      <DateField label="Date applied" required error={e.appliedOn?.message} {...register('appliedOn')} />
      <SelectField label="How it was applied" required options={APPLICATION_METHODS.map((m) => ({ value: m, label: METHOD_LABELS[m] }))} error={e.method?.message} {...register('method')} />
      <SelectField label="Unit" hint={planUnit ? `The approved plan’s manure is in ${UNIT_SHORT[planUnit]}.` : undefined} required options={UNIT_OPTIONS} error={e.amountUnit?.message} {...register('amountUnit')} />
      <TextField label="Total amount applied" hint="In the unit above, for the whole field (for example 420)" inputMode="decimal" width="md" required error={e.amountApplied?.message} {...register('amountApplied')} />
      <TextField label="Acres covered" hint={chosen?.acres ? `At most ${chosen.acres}, the field’s acres in the approved plan` : 'More than 0'} inputMode="decimal" width="md" required error={e.acres?.message} {...register('acres')} />
      <p className="margin-top-1" aria-live="polite">
        {rateKnown ? (
          <>
            Rate: <strong>{Math.round(rate * 100) / 100} {UNIT_SHORT[unit] ?? 'units'} per acre</strong>
            {chosen?.maxRatePerAcre != null && String(cropYear) === String(season)
              ? `; the approved plan allows at most ${chosen.maxRatePerAcre} on ${chosen.name} (${chosen.limitWords}).`
              : '.'}
          </>
        ) : 'The rate per acre shows here once the amount and the acres are entered.'}
      </p>
      <TextField label="Applicator’s name" required error={e.applicatorName?.message} autoComplete="name" {...register('applicatorName')} />
      <TextField label="Applicator’s certification number (if any)" hint="A commercial or confinement site manure applicator’s certificate number. Leave blank if you applied manure on your own land without one." error={e.applicatorCertification?.message} {...register('applicatorCertification')} />
      <TextField label="Weather the day before" hint="For example: dry, 40 °F, light wind" required error={e.weatherDayBefore?.message} {...register('weatherDayBefore')} />
      <TextField label="Weather the day of application" required error={e.weatherDayOf?.message} {...register('weatherDayOf')} />
      <TextField label="Weather the day after" required error={e.weatherDayAfter?.message} {...register('weatherDayAfter')} />
      <TextField label="Commercial nitrogen applied (lb N per acre, optional)" hint="0 to 500" inputMode="decimal" width="md" error={e.commercialNLbPerAcre?.message} {...register('commercialNLbPerAcre')} />
      <TextField label="Commercial phosphate applied (lb P2O5 per acre, optional)" hint="0 to 500" inputMode="decimal" width="md" error={e.commercialP2o5LbPerAcre?.message} {...register('commercialP2o5LbPerAcre')} />
      <Button type="submit" disabled={formState.isSubmitting} className="width-full tablet:width-auto">
        {formState.isSubmitting ? 'Recording…' : 'Record the application'}
      </Button>
      {outcome && isLatest ? (
        outcome.check.status === 'within' ? (
          <Alert type="success" role="status" heading="Application recorded" headingLevel={3}>{outcome.message}</Alert>
        ) : (
          <Alert type={outcome.check.status === 'over_rate' ? 'error' : 'warning'} role="status" headingLevel={3}
            heading={outcome.check.status === 'over_rate' ? 'Recorded, above the approved plan’s limit' : outcome.check.status === 'over_planned' ? 'Recorded, above the planned rate' : 'Recorded, but not checked against the plan'}>
            {outcome.message}
          </Alert>
        )
      ) : null}
    </form>
  );
}
