'use client';

import { formResolver } from '@/components/forms/form-resolver';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { applyActionResult } from '@/components/forms/apply-result';
import { TextareaField } from '@/components/text-field';
import { DEFICIENCY_CATALOGUE } from '@/lib/plans/deficiencies';
import { returnIncompleteSchema } from '@/lib/validation/review';
import { findCompleteAction, returnIncompleteAction } from './actions';
import { latestParameter, reviewDeadline } from '@/lib/rules';

type Values = { planId: string; version: number; codes: string[]; details: Record<string, string> };

/** Found complete, or returned as incomplete with coded deficiencies (IAC 567-65.110(4)). */
export function CompletenessForm({ planId, version, blockedReason }: { planId: string; version: number; blockedReason: string | null }) {
  const router = useRouter();
  const [error, setErrorText] = useState<string | null>(null);
  const [completing, setCompleting] = useState(false);
  const { register, handleSubmit, setError, control, formState } = useForm<Values>({
    resolver: formResolver(returnIncompleteSchema),
    defaultValues: { planId, version, codes: [], details: {} },
  });
  const chosen = useWatch({ control, name: 'codes' }) ?? [];

  const findComplete = async () => {
    setErrorText(null);
    setCompleting(true);
    const result = await findCompleteAction({ planId, version }).catch(() => null);
    setCompleting(false);
    if (!result) return setErrorText('We could not reach the portal. Try again.');
    if (!result.ok) return setErrorText(result.message);
    router.push(`/review/plans/${planId}?done=complete`);
  };

  const onReturn = handleSubmit(async (values) => {
    setErrorText(null);
    const result = await returnIncompleteAction(values).catch(() => null);
    if (!result) return setErrorText('We could not reach the portal. Try again.');
    if (!result.ok) return setErrorText(applyActionResult(result, setError) ?? 'Please check the form.');
    router.push(`/review/plans/${planId}?done=returned`);
  });

  return (
    <>
      {error ? <Alert type="error" role="alert" slim>{error}</Alert> : null}
      <h3>If the plan is complete</h3>
      {blockedReason ? <p>{blockedReason}</p> : <p>The {latestParameter('days.mmp_review').value} days then count from the date the plan was received, not from today ({reviewDeadline.citation}).</p>}
      <Button onClick={findComplete} disabled={completing || Boolean(blockedReason)}>
        {completing ? 'Saving…' : 'Find the plan complete'}
      </Button>
      <form onSubmit={onReturn} noValidate className="usa-form maxw-tablet margin-top-4">
        <fieldset className="usa-fieldset">
          <legend className="usa-legend usa-legend--large">Return the plan as incomplete</legend>
          <p className="usa-hint">
            Choose every missing item. They go to the owner together in one notice, and no review clock runs until the owner resubmits.
          </p>
          {formState.errors.codes?.message ? <span className="usa-error-message" id="codes-error">{formState.errors.codes.message}</span> : null}
          {DEFICIENCY_CATALOGUE.map((d) => {
            const id = `deficiency-${d.code}`;
            const detailError = formState.errors.details?.[d.code]?.message;
            return (
              <div key={d.code}>
                <div className="usa-checkbox">
                  <input className="usa-checkbox__input" type="checkbox" id={id} value={d.code} {...register('codes')} aria-describedby={formState.errors.codes ? 'codes-error' : undefined} />
                  <label className="usa-checkbox__label" htmlFor={id}>
                    {d.title}
                    <span className="usa-checkbox__label-description">{d.code} · {d.rule}</span>
                  </label>
                </div>
                {chosen.includes(d.code) ? (
                  <TextareaField
                    label={`Detail for “${d.title}”${d.code === 'OTHER' ? '' : ' (optional)'}`}
                    required={d.code === 'OTHER'}
                    rows={2}
                    error={typeof detailError === 'string' ? detailError : undefined}
                    {...register(`details.${d.code}`)}
                  />
                ) : null}
              </div>
            );
          })}
        </fieldset>
        <Button type="submit" variant="secondary" disabled={formState.isSubmitting} className="margin-top-2">
          {formState.isSubmitting ? 'Returning…' : 'Return as incomplete and notify the owner'}
        </Button>
      </form>
    </>
  );
}
