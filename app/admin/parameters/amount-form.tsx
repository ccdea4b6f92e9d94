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
import { TextField } from '@/components/text-field';
import { fundAmountSchema } from '@/lib/validation/fees';
import { setFundAmountAction } from './actions';

type Key = 'indemnity.fund_balance_cents' | 'indemnity.fund_suspend_above_cents' | 'indemnity.fund_resume_below_cents';
type Values = { key: Key; amount: string; effectiveFrom: string; source: string; confirmed: boolean };

/** A dated dollar amount: the fund balance, or one of the Iowa Code 459.503A limits. */
export function AmountForm({ parameterKey, label, today }: { parameterKey: Key; label: string; today: string }) {
  const router = useRouter();
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<Values>({
    resolver: formResolver(fundAmountSchema, { raw: true }),
    defaultValues: { key: parameterKey, amount: '', effectiveFrom: today, source: '', confirmed: false },
  });
  const onSubmit = handleSubmit(async (values) => {
    setStatus(null);
    const result = await setFundAmountAction(values).catch(() => null);
    if (!result) return setStatus({ ok: false, text: 'We could not reach the portal. Try again.' });
    if (!result.ok) return setStatus({ ok: false, text: applyActionResult(result, setError) ?? 'Please check the form.' });
    setStatus({ ok: true, text: result.message ?? 'Saved.' });
    router.refresh();
  });
  const e = formState.errors;
  return (
    <form onSubmit={onSubmit} noValidate className="usa-form" aria-label={label}>
      {status ? <Alert type={status.ok ? 'success' : 'error'} role={status.ok ? 'status' : 'alert'} slim>{status.text}</Alert> : null}
      <TextField label={`${label} (dollars)`} inputMode="decimal" required error={e.amount?.message} {...register('amount')} />
      <DateField label="In effect from" required error={e.effectiveFrom?.message} {...register('effectiveFrom')} />
      <TextField label="Source" hint="Fund statement, statute or notice." required error={e.source?.message} {...register('source')} />
      <Checkbox label="Checked against the source" {...register('confirmed')} />
      <Button type="submit" className="margin-top-2" disabled={formState.isSubmitting}>{formState.isSubmitting ? 'Saving…' : 'Save'}</Button>
    </form>
  );
}
