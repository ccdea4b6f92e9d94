'use client';

import { formResolver } from '@/components/forms/form-resolver';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { applyActionResult } from '@/components/forms/apply-result';
import { TextareaField } from '@/components/text-field';
import { transferDecisionSchema } from '@/lib/validation/transfers';
import { decideTransferAction } from './actions';

type Values = { transferId: string; version: number; decision: 'confirmed' | 'refused' | ''; reason: string };

/** Confirm the transfer (ownership moves as of the acquisition date), or refuse it with a reason. */
export function TransferDecisionForm({ transferId, version, claimantName }: { transferId: string; version: number; claimantName: string }) {
  const router = useRouter();
  const [error, setErrorText] = useState<string | null>(null);
  const { register, handleSubmit, setError, control, formState } = useForm<Values>({
    resolver: formResolver(transferDecisionSchema),
    defaultValues: { transferId, version, decision: '', reason: '' },
  });
  const decision = useWatch({ control, name: 'decision' });

  const onSubmit = handleSubmit(async (values) => {
    setErrorText(null);
    const result = await decideTransferAction(values).catch(() => null);
    if (!result) return setErrorText('We could not reach the portal. Try again; what you wrote is still here.');
    if (!result.ok) return setErrorText(applyActionResult(result, setError) ?? 'Please check the form.');
    router.push(`/review/transfers/${transferId}?done=${result.data.status}`);
    router.refresh();
  });

  return (
    <form onSubmit={onSubmit} noValidate className="usa-form maxw-none">
      {error ? (
        <Alert type="error" role="alert" slim>
          {error}
        </Alert>
      ) : null}
      <fieldset className="usa-fieldset">
        <legend className="usa-legend">Confirm or refuse this request</legend>
        {formState.errors.decision?.message ? (
          <span className="usa-error-message" id="transfer-decision-error">
            {formState.errors.decision.message}
          </span>
        ) : null}
        {(['confirmed', 'refused'] as const).map((d) => (
          <div className="usa-radio" key={d}>
            <input
              className="usa-radio__input"
              type="radio"
              id={`transfer-decision-${d}`}
              value={d}
              {...register('decision')}
              aria-describedby={formState.errors.decision ? 'transfer-decision-error' : undefined}
            />
            <label className="usa-radio__label" htmlFor={`transfer-decision-${d}`}>
              {d === 'confirmed' ? `Confirm the transfer to ${claimantName}` : 'Refuse the request'}
            </label>
          </div>
        ))}
      </fieldset>
      <TextareaField
        label={decision === 'refused' ? 'Reason for refusing' : 'Note for both parties (optional)'}
        hint="Both parties are emailed this with the decision."
        required={decision === 'refused'}
        error={formState.errors.reason?.message}
        className="maxw-tablet"
        {...register('reason')}
      />
      <Button type="submit" variant={decision === 'refused' ? 'secondary' : 'primary'} disabled={formState.isSubmitting}>
        {formState.isSubmitting ? 'Sending…' : 'Record the decision'}
      </Button>
    </form>
  );
}
