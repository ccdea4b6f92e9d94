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
import { TextareaField, TextField } from '@/components/text-field';
import { appealNoticeFormSchema, type AppealNoticeFormValues } from '@/lib/validation/letters';
import { setAppealNoticeAction } from './actions';

/** A new version of the appeal paragraph: its text (with {deadline}) and the days allowed. */
export function AppealForm({ current, today }: { current: { days: number; text: string }; today: string }) {
  const router = useRouter();
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<AppealNoticeFormValues>({
    resolver: formResolver(appealNoticeFormSchema, { raw: true }),
    defaultValues: { days: String(current.days) as never, text: current.text, effectiveFrom: today, source: '', confirmed: false },
  });
  const onSubmit = handleSubmit(async (values) => {
    setStatus(null);
    const result = await setAppealNoticeAction(values).catch(() => null);
    if (!result) return setStatus({ ok: false, text: 'We could not reach the portal. Try again; what you typed is still here.' });
    if (!result.ok) return setStatus({ ok: false, text: applyActionResult(result, setError) ?? 'Please check the form.' });
    setStatus({ ok: true, text: result.message ?? 'Saved.' });
    router.refresh();
  });
  const e = formState.errors;
  return (
    <form onSubmit={onSubmit} noValidate className="usa-form usa-form--large" aria-label="Appeal paragraph">
      {status ? <Alert type={status.ok ? 'success' : 'error'} role={status.ok ? 'status' : 'alert'} slim>{status.text}</Alert> : null}
      <TextareaField
        label="Paragraph"
        hint="Printed in every disapproval letter and return notice. Put {deadline} where the last day to appeal goes."
        required
        rows={5}
        error={e.text?.message}
        {...register('text')}
      />
      <TextField label="Days to appeal, counted from the decision" inputMode="numeric" width="sm" required error={e.days?.message} {...register('days')} />
      <DateField label="For decisions from" required error={e.effectiveFrom?.message} {...register('effectiveFrom')} />
      <TextField label="Source" hint="The department rule or notice that sets the text and deadline." required error={e.source?.message} {...register('source')} />
      <Checkbox label="Confirmed by the department" {...register('confirmed')} />
      <Button type="submit" className="margin-top-2" disabled={formState.isSubmitting}>{formState.isSubmitting ? 'Saving…' : 'Save the paragraph'}</Button>
    </form>
  );
}
