'use client';

import { formResolver } from '@/components/forms/form-resolver';
import Link from 'next/link';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { applyActionResult } from '@/components/forms/apply-result';
import { TextField } from '@/components/text-field';
import { claimCodeSchema } from '@/lib/imports/claim-schema';
import { redeemClaimAction } from './actions';

export function ClaimCodeForm({ initialCode }: { initialCode: string }) {
  const [done, setDone] = useState<{ ownerName: string; operations: number } | null>(null);
  const [error, setErrorText] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<{ code: string }>({ resolver: formResolver(claimCodeSchema), defaultValues: { code: initialCode } });
  if (done) {
    return (
      <Alert type="success" heading="Your operations are yours on the portal" role="status">
        <p>
          This account now speaks for {done.ownerName}: {done.operations === 1 ? 'one operation' : `${done.operations} operations`}.
        </p>
        <p>
          <Link href="/dashboard" className="usa-link">
            Go to my operations
          </Link>
        </p>
      </Alert>
    );
  }
  const onSubmit = handleSubmit(async (values) => {
    setErrorText(null);
    const r = await redeemClaimAction(values).catch(() => null);
    if (!r) return setErrorText('We could not reach the portal. Try again.');
    if (r.ok) return setDone(r.data);
    setErrorText(applyActionResult(r, setError));
  });
  return (
    <form className="usa-form" onSubmit={onSubmit} noValidate>
      {error ? (
        <Alert type="error" role="alert" slim>
          {error}
        </Alert>
      ) : null}
      <TextField label="Code" hint="12 letters and digits, e.g. ABCD-EFGH-JKMN" autoComplete="one-time-code" required error={formState.errors.code?.message} {...register('code')} />
      <Button type="submit" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? 'Checking…' : 'Take over my operations'}
      </Button>
    </form>
  );
}
