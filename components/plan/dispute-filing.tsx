'use client';

import { formResolver } from '@/components/forms/form-resolver';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { applyActionResult } from '@/components/forms/apply-result';
import { TextareaField } from '@/components/text-field';
import type { ActionResult } from '@/lib/errors';
import { disputeFilingSchema, type DisputeFilingValues } from '@/lib/validation/plans';

/** "I did not sign this": opened on purpose, then what happened in the disputer's words. */
export function DisputeFilingForm({ planId, lastDay, action }: { planId: string; lastDay: string; action: (input: unknown) => Promise<ActionResult> }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [error, setErrorText] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<DisputeFilingValues>({
    resolver: formResolver(disputeFilingSchema),
    defaultValues: { planId, statement: '' },
  });
  const onSubmit = handleSubmit(async (values) => {
    setErrorText(null);
    const result = await action(values).catch(() => null);
    if (!result) return setErrorText('We could not reach the portal. What you wrote is still here: try again.');
    if (!result.ok) return setErrorText(applyActionResult(result, setError) ?? 'Please check what you wrote.');
    router.refresh();
  });
  if (!open) {
    return (
      <p>
        Did you not sign this filing? You can dispute it here until {lastDay}.{' '}
        <Button variant="unstyled" onClick={() => setOpen(true)}>
          I did not sign this
        </Button>
      </p>
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate className="usa-form border-1px border-secondary padding-2 radius-md" aria-label="Dispute this filing">
      <p className="margin-top-0">
        The department will not review this filing until it has spoken with the owner. Tell it what happened; your words go with the dispute into the record.
      </p>
      {error ? (
        <Alert type="error" slim role="alert">
          {error}
        </Alert>
      ) : null}
      <TextareaField label="What happened" required rows={4} error={formState.errors.statement?.message} {...register('statement')} />
      <Button type="submit" variant="secondary" className="margin-top-2" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? 'Recording…' : 'Dispute this filing'}
      </Button>
      <Button variant="unstyled" onClick={() => setOpen(false)}>
        Cancel
      </Button>
    </form>
  );
}
