'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { DateField } from '@/components/date-field';
import { applyActionResult } from '@/components/forms/apply-result';
import { TextField } from '@/components/text-field';
import { countyReceiptSchema, type CountyReceiptValues } from '@/lib/counties/receipt-schema';
import { recordCountyReceiptAction } from './actions';

export function ReceiptForm({ planId, today, countyName }: { planId: string; today: string; countyName: string }) {
  const [error, setErrorText] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<CountyReceiptValues>({
    resolver: zodResolver(countyReceiptSchema),
    defaultValues: { planId, receivedOn: today, receivedByName: '' },
  });
  const onSubmit = handleSubmit(async (values) => {
    setErrorText(null);
    const result = await recordCountyReceiptAction(values).catch(() => null);
    if (!result) return setErrorText('We could not reach the portal. Nothing was recorded; try again.');
    if (!result.ok) setErrorText(applyActionResult(result, setError) ?? 'Please check the form.');
  });
  return (
    <form className="usa-form usa-form--large" onSubmit={onSubmit} noValidate>
      {error ? (
        <Alert type="error" role="alert" slim>
          {error}
        </Alert>
      ) : null}
      <input type="hidden" {...register('planId')} />
      <DateField
        label={`Date ${countyName} County received the hard copy`}
        required
        max={today}
        error={formState.errors.receivedOn?.message}
        {...register('receivedOn')}
      />
      <TextField
        label="Received by"
        hint="The county auditor, or the official or employee the board of supervisors designated"
        required
        autoComplete="name"
        error={formState.errors.receivedByName?.message}
        {...register('receivedByName')}
      />
      <Button type="submit" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? 'Recording…' : 'Record the receipt'}
      </Button>
    </form>
  );
}
