'use client';

import { formResolver } from '@/components/forms/form-resolver';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { DateField } from '@/components/date-field';
import { applyActionResult } from '@/components/forms/apply-result';
import { SelectField } from '@/components/select-field';
import { TextField } from '@/components/text-field';
import { PAYMENT_METHOD_LABELS } from '@/lib/notifications/labels';
import { newUuid } from '@/lib/plans/document';
import { PAYMENT_METHODS, paymentSchema } from '@/lib/validation/fees';
import { recordPaymentAction } from '../actions';

type Values = { feeLineId: string; amount: string; method: string; reference: string; receivedOn: string; idempotencyKey: string };

export function PaymentForm({ feeLineId, balance, today }: { feeLineId: string; balance: string; today: string }) {
  const router = useRouter();
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const { register, handleSubmit, setError, reset, formState } = useForm<Values>({
    // raw: the action receives what was typed and parses it with the same schema.
    resolver: formResolver(paymentSchema, { raw: true }),
    // One key per filled-in form: a double click records the payment once.
    defaultValues: { feeLineId, amount: balance, method: '', reference: '', receivedOn: today, idempotencyKey: newUuid() },
  });
  const onSubmit = handleSubmit(async (values) => {
    setStatus(null);
    const result = await recordPaymentAction(values).catch(() => null);
    if (!result) return setStatus({ ok: false, text: 'We could not reach the portal. Try again.' });
    if (!result.ok) return setStatus({ ok: false, text: applyActionResult(result, setError) ?? 'Please check the form.' });
    reset({ feeLineId, amount: '', method: '', reference: '', receivedOn: today, idempotencyKey: newUuid() });
    setStatus({ ok: true, text: result.message ?? 'Payment recorded.' });
    router.refresh();
  });
  const e = formState.errors;
  return (
    <form onSubmit={onSubmit} noValidate className="usa-form">
      {status ? <Alert type={status.ok ? 'success' : 'error'} role={status.ok ? 'status' : 'alert'} slim>{status.text}</Alert> : null}
      <TextField label="Amount (dollars)" hint={`Still owed: $${balance}`} inputMode="decimal" required error={e.amount?.message} {...register('amount')} />
      <SelectField label="Method" required options={PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }))} error={e.method?.message} {...register('method')} />
      <TextField label="Reference (check number, authorization code)" error={e.reference?.message} {...register('reference')} />
      <DateField label="Received on" required error={e.receivedOn?.message} {...register('receivedOn')} />
      <Button type="submit" disabled={formState.isSubmitting}>{formState.isSubmitting ? 'Recording…' : 'Record payment'}</Button>
    </form>
  );
}
