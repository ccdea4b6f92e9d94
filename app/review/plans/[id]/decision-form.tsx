'use client';

import { formResolver } from '@/components/forms/form-resolver';
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { applyActionResult } from '@/components/forms/apply-result';
import { TextareaField } from '@/components/text-field';
import { decisionSchema } from '@/lib/validation/review';
import { decideAction, previewDecisionAction } from './actions';

type Values = { planId: string; version: number; decision: 'approved' | 'disapproved' | ''; reasons: string };
type Letter = { subject: string; text: string; key: string };

/** Approve, or disapprove with reasons; the reviewer reads the exact letter before it is sent. */
export function DecisionForm({ planId, version }: { planId: string; version: number }) {
  const router = useRouter();
  const [error, setErrorText] = useState<string | null>(null);
  const [letter, setLetter] = useState<Letter | null>(null);
  const previewHeading = useRef<HTMLHeadingElement>(null);
  const { register, handleSubmit, setError, control, formState } = useForm<Values>({
    resolver: formResolver(decisionSchema),
    defaultValues: { planId, version, decision: '', reasons: '' },
  });
  const [decision, reasons] = useWatch({ control, name: ['decision', 'reasons'] });
  const currentKey = JSON.stringify([decision, reasons]);
  const previewed = letter?.key === currentKey;
  // Take the reviewer to the letter once it is ready.
  useEffect(() => {
    if (letter) previewHeading.current?.focus();
  }, [letter]);

  const onPreview = handleSubmit(async (values) => {
    setErrorText(null);
    const result = await previewDecisionAction(values).catch(() => null);
    if (!result) return setErrorText('We could not reach the portal. Try again.');
    if (!result.ok) return setErrorText(applyActionResult(result, setError) ?? 'Please check the form.');
    setLetter({ subject: result.data.subject, text: result.data.text, key: JSON.stringify([values.decision, values.reasons]) });
  });

  const onSend = handleSubmit(async (values) => {
    setErrorText(null);
    const result = await decideAction(values).catch(() => null);
    if (!result) return setErrorText('We could not reach the portal. Try again.');
    if (!result.ok) return setErrorText(applyActionResult(result, setError) ?? 'Please check the form.');
    router.push(`/review/plans/${planId}?done=${result.data.status}`);
  });

  return (
    <form onSubmit={previewed ? onSend : onPreview} noValidate className="usa-form maxw-none">
      {error ? <Alert type="error" role="alert" slim>{error}</Alert> : null}
      <fieldset className="usa-fieldset">
        <legend className="usa-legend usa-legend--large">Decision</legend>
        {formState.errors.decision?.message ? <span className="usa-error-message" id="decision-error">{formState.errors.decision.message}</span> : null}
        {(['approved', 'disapproved'] as const).map((d) => (
          <div className="usa-radio" key={d}>
            <input className="usa-radio__input" type="radio" id={`decision-${d}`} value={d} {...register('decision')} aria-describedby={formState.errors.decision ? 'decision-error' : undefined} />
            <label className="usa-radio__label" htmlFor={`decision-${d}`}>
              {d === 'approved' ? 'Approve the plan' : 'Disapprove the plan'}
            </label>
          </div>
        ))}
      </fieldset>
      <TextareaField
        label={decision === 'disapproved' ? 'Reasons for the disapproval' : 'Notes for the owner (optional)'}
        hint="One reason per line. The letter lists each one."
        required={decision === 'disapproved'}
        error={formState.errors.reasons?.message}
        className="maxw-tablet"
        {...register('reasons')}
      />
      {letter && previewed ? (
        <section aria-labelledby="letter-preview-heading" className="margin-top-3">
          <h3 id="letter-preview-heading" tabIndex={-1} ref={previewHeading}>Letter preview: {letter.subject}</h3>
          {/* The plain-text part of the very email that will be sent, rendered on the server. */}
          <div className="border-1px border-base-lighter padding-2 bg-base-lightest font-sans-sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="letter-preview">
            {letter.text}
          </div>
        </section>
      ) : null}
      <div className="mmp-cta margin-top-2">
        {previewed ? (
          <>
            <Button type="submit" variant={decision === 'disapproved' ? 'secondary' : 'primary'} disabled={formState.isSubmitting}>
              {formState.isSubmitting ? 'Sending…' : 'Send the decision'}
            </Button>
            <Button variant="outline" onClick={() => setLetter(null)}>Change the decision</Button>
          </>
        ) : (
          <Button type="submit" disabled={formState.isSubmitting}>{formState.isSubmitting ? 'Preparing…' : 'Preview the letter'}</Button>
        )}
      </div>
    </form>
  );
}
