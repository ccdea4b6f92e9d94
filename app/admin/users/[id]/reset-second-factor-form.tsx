'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { applyActionResult } from '@/components/forms/apply-result';
import { formResolver } from '@/components/forms/form-resolver';
import { TextareaField } from '@/components/text-field';
import { resetSecondFactorSchema, type ResetSecondFactorValues } from '@/lib/validation/second-factor';
import { resetSecondFactorAction } from '../actions';

/** An administrator removes a person's lost second factor, saying why (kept in the audit log). */
export function ResetSecondFactorForm({ userId }: { userId: string }) {
  const router = useRouter();
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const { register, handleSubmit, setError, reset, formState } = useForm<ResetSecondFactorValues>({
    resolver: formResolver(resetSecondFactorSchema, { raw: true }),
    defaultValues: { userId, reason: '' },
  });
  const onSubmit = handleSubmit(async (values) => {
    setStatus(null);
    const result = await resetSecondFactorAction(values).catch(() => null);
    if (!result) return setStatus({ ok: false, text: 'We could not reach the portal. Try again; what you typed is still here.' });
    if (!result.ok) return setStatus({ ok: false, text: applyActionResult(result, setError) ?? 'Please check the form.' });
    setStatus({ ok: true, text: result.message ?? 'Reset.' });
    reset({ userId, reason: '' });
    router.refresh();
  });
  return (
    <form className="usa-form usa-form--large" noValidate onSubmit={onSubmit} aria-label="Reset the second factor">
      {status ? (
        <Alert type={status.ok ? 'success' : 'error'} role={status.ok ? 'status' : 'alert'} slim>
          {status.text}
        </Alert>
      ) : null}
      <input type="hidden" {...register('userId')} />
      <TextareaField
        label="Why reset it"
        hint="How the person lost the app and their recovery codes, and how you made sure it is them asking. Kept in the audit log."
        required
        rows={3}
        error={formState.errors.reason?.message}
        {...register('reason')}
      />
      <Button type="submit" variant="secondary" className="margin-top-2" disabled={formState.isSubmitting}>
        Reset the second factor
      </Button>
    </form>
  );
}
