'use client';

import { formResolver } from '@/components/forms/form-resolver';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { DateField } from '@/components/date-field';
import { applyActionResult } from '@/components/forms/apply-result';
import { SelectField, type SelectOption } from '@/components/select-field';
import { TextareaField } from '@/components/text-field';
import { overrideSchema } from '@/lib/validation/due-dates';
import { overrideDueDateAction } from './actions';

type Values = { operationId: string; dueOn: string; reason: string };

export function OverrideForm({ operations }: { operations: SelectOption[] }) {
  const router = useRouter();
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const { register, handleSubmit, setError, reset, formState } = useForm<Values>({
    resolver: formResolver(overrideSchema),
    defaultValues: { operationId: '', dueOn: '', reason: '' },
  });
  const onSubmit = handleSubmit(async (values) => {
    setStatus(null);
    const result = await overrideDueDateAction(values).catch(() => null);
    if (!result) return setStatus({ ok: false, text: 'We could not reach the portal. Try again.' });
    if (!result.ok) return setStatus({ ok: false, text: applyActionResult(result, setError) ?? 'Please check the form.' });
    reset();
    setStatus({ ok: true, text: result.message ?? 'Saved.' });
    router.refresh();
  });
  const e = formState.errors;
  return (
    <form onSubmit={onSubmit} noValidate className="usa-form">
      {status ? <Alert type={status.ok ? 'success' : 'error'} role={status.ok ? 'status' : 'alert'} slim>{status.text}</Alert> : null}
      <SelectField label="Operation" required options={operations} error={e.operationId?.message} {...register('operationId')} />
      <DateField label="New due date" required error={e.dueOn?.message} {...register('dueOn')} />
      <TextareaField label="Reason" hint="Kept with the date in the operation’s history." required error={e.reason?.message} {...register('reason')} />
      <Button type="submit" disabled={formState.isSubmitting}>{formState.isSubmitting ? 'Saving…' : 'Set this due date'}</Button>
    </form>
  );
}
