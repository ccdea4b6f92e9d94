'use client';

import { formResolver } from '@/components/forms/form-resolver';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Checkbox } from '@/components/checkbox';
import { DateField } from '@/components/date-field';
import { applyActionResult } from '@/components/forms/apply-result';
import { SelectField } from '@/components/select-field';
import { TextField } from '@/components/text-field';
import { APPLIES_TO_LABELS, SCHEDULE_APPLIES_TO } from '@/lib/parameters/registry';
import { indemnityScheduleSchema } from '@/lib/validation/fees';
import { setIndemnityScheduleAction } from './actions';

type Rate = { description: string; centsPerAnimalUnit: string; appliesTo: string };
type Values = { effectiveFrom: string; source: string; confirmed: boolean; rates: Rate[] };

/** A new version of the indemnity fee schedule (Iowa Code 459.503), effective from a date. */
export function ScheduleForm({ current, today }: { current: Rate[]; today: string }) {
  const router = useRouter();
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const { register, control, handleSubmit, setError, formState } = useForm<Values>({
    resolver: formResolver(indemnityScheduleSchema, { raw: true }),
    defaultValues: { effectiveFrom: today, source: '', confirmed: false, rates: current.length ? current : [{ description: '', centsPerAnimalUnit: '', appliesTo: 'all' }] },
  });
  const { fields, append, remove } = useFieldArray({ control, name: 'rates' });
  const onSubmit = handleSubmit(async (values) => {
    setStatus(null);
    const result = await setIndemnityScheduleAction(values).catch(() => null);
    if (!result) return setStatus({ ok: false, text: 'We could not reach the portal. Try again.' });
    if (!result.ok) return setStatus({ ok: false, text: applyActionResult(result, setError) ?? 'Please check the form.' });
    setStatus({ ok: true, text: result.message ?? 'Saved.' });
    router.refresh();
  });
  const e = formState.errors;
  return (
    <form onSubmit={onSubmit} noValidate className="usa-form maxw-tablet">
      {status ? <Alert type={status.ok ? 'success' : 'error'} role={status.ok ? 'status' : 'alert'} slim>{status.text}</Alert> : null}
      {fields.map((f, i) => (
        <fieldset key={f.id} className="usa-fieldset border-1px border-base-lighter padding-2 margin-top-2">
          <legend className="usa-legend">Rate {i + 1}</legend>
          <TextField label="Who pays this rate" required error={e.rates?.[i]?.description?.message} {...register(`rates.${i}.description`)} />
          <TextField label="Cents per animal unit" inputMode="decimal" required error={e.rates?.[i]?.centsPerAnimalUnit?.message} {...register(`rates.${i}.centsPerAnimalUnit`)} />
          <SelectField label="Applies to" placeholder={null} options={SCHEDULE_APPLIES_TO.map((a) => ({ value: a, label: APPLIES_TO_LABELS[a] }))} {...register(`rates.${i}.appliesTo`)} />
          <Button variant="unstyled" className="margin-top-1" onClick={() => remove(i)}>Remove rate {i + 1}</Button>
        </fieldset>
      ))}
      <Button variant="outline" className="margin-top-2" onClick={() => append({ description: '', centsPerAnimalUnit: '', appliesTo: 'all' })}>Add a rate</Button>
      <DateField label="Takes effect on" required error={e.effectiveFrom?.message} {...register('effectiveFrom')} />
      <TextField label="Source" hint="The statute, rule or notice the figures come from." required error={e.source?.message} {...register('source')} />
      <Checkbox label="Checked against the current statute" {...register('confirmed')} />
      <Button type="submit" className="margin-top-2" disabled={formState.isSubmitting}>{formState.isSubmitting ? 'Saving…' : 'Save this schedule'}</Button>
    </form>
  );
}
