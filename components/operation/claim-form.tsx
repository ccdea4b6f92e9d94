'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { DateField } from '@/components/date-field';
import { applyActionResult } from '@/components/forms/apply-result';
import { SelectField } from '@/components/select-field';
import { TextField } from '@/components/text-field';
import type { ActionResult } from '@/lib/errors';
import { claimSchema } from '@/lib/validation/operations';

type Values = { facilityId: string; countyFips: string; acquiredOn: string };

type Props = {
  counties: { value: string; label: string }[];
  action: (input: unknown) => Promise<ActionResult<{ id: string; dueOn: string }>>;
};

/** DNR form 542-4026 as a form: the facility ID, its county and the date the owner acquired it. */
export function ClaimForm({ counties, action }: Props) {
  const router = useRouter();
  const [message, setMessage] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<Values>({ resolver: zodResolver(claimSchema) as never });
  const onSubmit = handleSubmit(async (values) => {
    setMessage(null);
    const result = await action(values).catch(() => null);
    if (!result) return setMessage('We could not reach the portal. Check your connection and try again; what you typed is still here.');
    if (result.ok) {
      router.push(`/operations/${result.data.id}`);
      return router.refresh();
    }
    setMessage(applyActionResult(result, setError));
  });
  return (
    <form className="usa-form usa-form--large" onSubmit={onSubmit} noValidate>
      {message ? (
        <Alert type="error" heading="Please check the form" role="alert">
          {message}
        </Alert>
      ) : null}
      <TextField label="Facility ID" hint="The department’s ID for the operation, on its letters and the previous owner’s plan." required error={formState.errors.facilityId?.message} {...register('facilityId')} />
      <SelectField label="County where the operation is located" required options={counties} error={formState.errors.countyFips?.message} {...register('countyFips')} />
      <DateField label="Date you acquired the operation" hint="The date on the deed, contract or bill of sale." required error={formState.errors.acquiredOn?.message} {...register('acquiredOn')} />
      <Button type="submit" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? 'Claiming…' : 'Claim the operation'}
      </Button>
    </form>
  );
}
