'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { DateField } from '@/components/date-field';
import { applyActionResult } from '@/components/forms/apply-result';
import { SelectField } from '@/components/select-field';
import { TextField } from '@/components/text-field';
import { newUuid } from '@/lib/plans/document';
import { refundSchema } from '@/lib/validation/fees';
import { refundPaymentAction } from '../actions';

type Values = { paymentId: string; amount: string; reason: string; reference: string; refundedOn: string; idempotencyKey: string };
export type RefundablePayment = { id: string; label: string; refundable: string; online: boolean };

/** Staff give back all or part of a payment: through the processor when it was paid online, else by check. */
export function RefundForm({ payments, today }: { payments: RefundablePayment[]; today: string }) {
  const router = useRouter();
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const first = payments[0]!;
  const blank = (): Values => ({ paymentId: first.id, amount: first.refundable, reason: '', reference: '', refundedOn: today, idempotencyKey: newUuid() });
  const { register, handleSubmit, setError, reset, control, setValue, formState } = useForm<Values>({
    resolver: zodResolver(refundSchema, undefined, { raw: true }) as never,
    defaultValues: blank(),
  });
  const chosenId = useWatch({ control, name: 'paymentId' });
  const chosen = payments.find((p) => p.id === chosenId) ?? first;
  const onSubmit = handleSubmit(async (values) => {
    setStatus(null);
    const result = await refundPaymentAction(values).catch(() => null);
    if (!result) return setStatus({ ok: false, text: 'We could not reach the portal. Try again.' });
    if (!result.ok) return setStatus({ ok: false, text: applyActionResult(result, setError) ?? 'Please check the form.' });
    reset(blank());
    setStatus({ ok: true, text: result.message ?? 'Refund recorded.' });
    router.refresh();
  });
  const e = formState.errors;
  return (
    <form onSubmit={onSubmit} noValidate className="usa-form">
      {status ? <Alert type={status.ok ? 'success' : 'error'} role={status.ok ? 'status' : 'alert'} slim>{status.text}</Alert> : null}
      <SelectField
        label="Payment to refund"
        required
        options={payments.map((p) => ({ value: p.id, label: p.label }))}
        error={e.paymentId?.message}
        {...register('paymentId', { onChange: (ev: { target: { value: string } }) => setValue('amount', payments.find((p) => p.id === ev.target.value)?.refundable ?? '') })}
      />
      <TextField label="Amount to refund (dollars)" hint={`At most $${chosen.refundable}`} inputMode="decimal" required error={e.amount?.message} {...register('amount')} />
      <TextField label="Why it is refunded" hint="For example: paid twice, once online and once by check" required error={e.reason?.message} {...register('reason')} />
      {chosen.online ? (
        <p className="usa-hint">Paid online: the payment processor gives the money back to the card, and its reference is recorded.</p>
      ) : (
        <TextField label="Number of the department’s refund check" required error={e.reference?.message} {...register('reference')} />
      )}
      <DateField label="Refunded on" required error={e.refundedOn?.message} {...register('refundedOn')} />
      <Button type="submit" variant="secondary" disabled={formState.isSubmitting}>{formState.isSubmitting ? 'Recording…' : 'Record refund'}</Button>
    </form>
  );
}
