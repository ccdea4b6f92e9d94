'use client';

import { formResolver } from '@/components/forms/form-resolver';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { applyActionResult } from '@/components/forms/apply-result';
import { SelectField, type SelectOption } from '@/components/select-field';
import { assignReviewerSchema } from '@/lib/validation/review';
import { assignReviewerAction } from '../../actions';

type Values = { planIds: string[]; reviewerUserId: string };

/** A supervisor assigns this plan's reviewer. */
export function AssignForm({ planId, reviewerUserId, reviewers }: { planId: string; reviewerUserId: string | null; reviewers: SelectOption[] }) {
  const router = useRouter();
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<Values>({
    resolver: formResolver(assignReviewerSchema),
    defaultValues: { planIds: [planId], reviewerUserId: reviewerUserId ?? '' },
  });
  const onSubmit = handleSubmit(async (values) => {
    setStatus(null);
    const result = await assignReviewerAction(values).catch(() => null);
    if (!result) return setStatus({ ok: false, text: 'We could not reach the portal. Try again.' });
    if (!result.ok) return setStatus({ ok: false, text: applyActionResult(result, setError) ?? 'Please check the form.' });
    setStatus({ ok: true, text: result.message ?? 'Assigned.' });
    router.refresh();
  });
  return (
    <form onSubmit={onSubmit} noValidate className="usa-form">
      {status ? <Alert type={status.ok ? 'success' : 'error'} role={status.ok ? 'status' : 'alert'} slim>{status.text}</Alert> : null}
      <SelectField label="Reviewer" options={reviewers} placeholder="Unassigned" error={formState.errors.reviewerUserId?.message} {...register('reviewerUserId')} />
      <Button type="submit" variant="outline" disabled={formState.isSubmitting}>{formState.isSubmitting ? 'Saving…' : 'Assign reviewer'}</Button>
    </form>
  );
}
