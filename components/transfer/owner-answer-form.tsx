'use client';

import { formResolver } from '@/components/forms/form-resolver';
import { useRouter } from 'next/navigation';
import { useState, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { applyActionResult } from '@/components/forms/apply-result';
import { TextareaField } from '@/components/text-field';
import type { ActionResult } from '@/lib/errors';
import { ownerAnswerSchema, ownerLinkAnswerSchema } from '@/lib/validation/transfers';

type Values = { transferId?: string; token?: string; response: 'accept' | 'dispute' | ''; note: string };

type Props = {
  /** The emailed link's token, or the request's id for a signed-in owner. */
  credential: { token: string } | { transferId: string };
  claimantName: string;
  acquiredOn: string;
  action: (input: unknown) => Promise<ActionResult<{ status: 'confirmed' | 'pending' }>>;
  /** What stands until the owner answers ("nothing has changed"); replaced by the outcome once answered. */
  intro?: ReactNode;
};

/**
 * The owner on record's answer to a transfer request: "yes, I transferred it" (the transfer is
 * confirmed at once) or "this request is wrong" with what is wrong (the department decides).
 */
export function OwnerAnswerForm({ credential, claimantName, acquiredOn, action, intro }: Props) {
  const router = useRouter();
  const [error, setErrorText] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const byLink = 'token' in credential;
  const { register, handleSubmit, setError, control, formState } = useForm<Values>({
    resolver: formResolver(byLink ? ownerLinkAnswerSchema : ownerAnswerSchema),
    defaultValues: { ...credential, response: '', note: '' },
  });
  const response = useWatch({ control, name: 'response' });
  const idBase = byLink ? 'link' : credential.transferId;

  const onSubmit = handleSubmit(async (values) => {
    setErrorText(null);
    const result = await action(values).catch(() => null);
    if (!result) return setErrorText('We could not reach the portal. Check your connection and try again; what you wrote is still here.');
    if (!result.ok) return setErrorText(applyActionResult(result, setError));
    // Once accepted, the operation is no longer the signed-in owner's to open: back to their list.
    if (!byLink && result.data.status === 'confirmed') {
      router.push('/dashboard?transfer=accepted');
      return router.refresh();
    }
    setDone(result.message ?? 'Your answer was recorded.');
    if (!byLink) router.refresh();
  });

  if (done) {
    return (
      <Alert type="success" role="status" heading="Thank you" headingLevel={3}>
        {done}
      </Alert>
    );
  }
  return (
    <>
      {intro}
      <form onSubmit={onSubmit} noValidate className="usa-form maxw-none">
        {error ? (
          <Alert type="error" role="alert" slim>
            {error}
          </Alert>
        ) : null}
        <fieldset className="usa-fieldset">
          <legend className="usa-legend text-bold">{`Did you transfer this operation to ${claimantName} on ${acquiredOn}?`}</legend>
          {formState.errors.response?.message ? (
            <span className="usa-error-message" id={`${idBase}-response-error`}>
              {formState.errors.response.message}
            </span>
          ) : null}
          {(['accept', 'dispute'] as const).map((r) => (
            <div className="usa-radio" key={r}>
              <input
                className="usa-radio__input"
                type="radio"
                id={`${idBase}-response-${r}`}
                value={r}
                {...register('response')}
                aria-describedby={formState.errors.response ? `${idBase}-response-error` : undefined}
              />
              <label className="usa-radio__label" htmlFor={`${idBase}-response-${r}`}>
                {r === 'accept' ? `Yes: record ${claimantName} as the owner` : 'No: this request is wrong'}
              </label>
            </div>
          ))}
        </fieldset>
        <TextareaField
          label={response === 'dispute' ? 'What is wrong with the request?' : 'Anything the department should know (optional)'}
          hint="The department reads this before it decides."
          required={response === 'dispute'}
          error={formState.errors.note?.message}
          className="maxw-tablet"
          {...register('note')}
        />
        <Button type="submit" variant={response === 'dispute' ? 'secondary' : 'primary'} disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Sending…' : 'Send my answer'}
        </Button>
      </form>
    </>
  );
}
