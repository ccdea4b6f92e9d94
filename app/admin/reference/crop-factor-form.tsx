'use client';

import { formResolver } from '@/components/forms/form-resolver';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Checkbox } from '@/components/checkbox';
import { DateField } from '@/components/date-field';
import { applyActionResult } from '@/components/forms/apply-result';
import { SelectField } from '@/components/select-field';
import { TextField } from '@/components/text-field';
import { cropFactorSchema, REFERENCE_LIMITS } from '@/lib/validation/reference-tables';
import { recordCropFactorAction } from './actions';

type Values = { crop: string; label: string; yieldUnit: 'bu' | 'tons'; nLbPerYieldUnit: string; p2o5LbPerYieldUnit: string; source: string; effectiveFrom: string; confirmed: boolean };

/** A new row of the crop table: a crop's factors from a date, with its source. */
export function CropFactorForm({ crops, today }: { crops: { crop: string; label: string; yieldUnit: 'bu' | 'tons' }[]; today: string }) {
  const router = useRouter();
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const first = crops[0];
  const { register, handleSubmit, setError, setValue, formState } = useForm<Values>({
    resolver: formResolver(cropFactorSchema, { raw: true }),
    defaultValues: { crop: first?.crop ?? '', label: first?.label ?? '', yieldUnit: first?.yieldUnit ?? 'bu', nLbPerYieldUnit: '', p2o5LbPerYieldUnit: '', source: '', effectiveFrom: today, confirmed: false },
  });
  const onSubmit = handleSubmit(async (values) => {
    setStatus(null);
    const result = await recordCropFactorAction(values).catch(() => null);
    if (!result) return setStatus({ ok: false, text: 'We could not reach the portal. Try again.' });
    if (!result.ok) return setStatus({ ok: false, text: applyActionResult(result, setError) ?? 'Please check the form.' });
    setStatus({ ok: true, text: result.message ?? 'Recorded.' });
    router.refresh();
  });
  const e = formState.errors;
  const crop = register('crop');
  return (
    <form onSubmit={onSubmit} noValidate className="usa-form usa-form--large" aria-label="Record a crop row">
      {status ? <Alert type={status.ok ? 'success' : 'error'} role={status.ok ? 'status' : 'alert'} slim>{status.text}</Alert> : null}
      <TextField
        label="Crop key"
        hint={`The crop as plans name it; one of the table's (${crops.map((c) => c.crop).join(', ')}) replaces that crop's row from the date.`}
        required
        error={e.crop?.message}
        list="reference-crops"
        {...crop}
        onChange={(ev) => {
          void crop.onChange(ev);
          const known = crops.find((c) => c.crop === ev.target.value);
          if (known) {
            setValue('label', known.label);
            setValue('yieldUnit', known.yieldUnit);
          }
        }}
      />
      <datalist id="reference-crops">{crops.map((c) => <option key={c.crop} value={c.crop}>{c.label}</option>)}</datalist>
      <TextField label="Name shown on plans" required error={e.label?.message} {...register('label')} />
      <SelectField label="Yield unit" required placeholder={null} options={[{ value: 'bu', label: 'Bushels (bu)' }, { value: 'tons', label: 'Tons' }]} error={e.yieldUnit?.message} {...register('yieldUnit')} />
      <TextField label="Nitrogen need (lb N per yield unit)" hint={`0 to ${REFERENCE_LIMITS.nLbPerYieldUnit}; leave blank if the table has no figure.`} inputMode="decimal" error={e.nLbPerYieldUnit?.message} {...register('nLbPerYieldUnit')} />
      <TextField label="P2O5 removal (lb P2O5 per yield unit)" hint={`0 to ${REFERENCE_LIMITS.p2o5LbPerYieldUnit}; leave blank if the table has no figure.`} inputMode="decimal" error={e.p2o5LbPerYieldUnit?.message} {...register('p2o5LbPerYieldUnit')} />
      <DateField label="In force from" required error={e.effectiveFrom?.message} {...register('effectiveFrom')} />
      <TextField label="Source" hint="The department's table, publication or notice the figures come from." required error={e.source?.message} {...register('source')} />
      <Checkbox label="Confirmed by the department" hint="Leave unticked unless the department has confirmed these figures; the row is shown as unconfirmed wherever it is used." {...register('confirmed')} />
      <Button type="submit" className="margin-top-2" disabled={formState.isSubmitting}>{formState.isSubmitting ? 'Recording…' : 'Record the row'}</Button>
    </form>
  );
}
