'use client';

import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { FormGroup, fieldAria } from '@/components/form-group';
import { applyActionResult } from '@/components/forms/apply-result';
import { formResolver } from '@/components/forms/form-resolver';
import { TextField } from '@/components/text-field';
import type { ActionResult } from '@/lib/errors';
import { formatDate } from '@/lib/format';
import type { VerifyAnswer } from '@/lib/public/verify-copy';
import { MAX_VERIFY_BYTES, verifyFormSchema, type VerifyFormValues } from '@/lib/validation/verify';

// The file is not a form value (it stays in its input); `file` carries its message only.
type Values = VerifyFormValues & { file?: string };

type Props = { action: (formData: FormData) => Promise<ActionResult<VerifyAnswer>> };

function fileProblem(file: File | undefined, sha256: string): string | null {
  if (!file) return sha256.trim() ? null : 'Choose the PDF or paste its SHA-256';
  if (sha256.trim()) return 'Give the PDF or its SHA-256, not both';
  if (file.size > MAX_VERIFY_BYTES) return 'The file is larger than 900 KB, so it is not a copy of record from this portal. Paste its SHA-256 instead.';
  return null;
}

/** Checks a copy of record against the department's: the PDF (hashed on the server) or its SHA-256. */
export function VerifyForm({ action }: Props) {
  const fileId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [answer, setAnswer] = useState<VerifyAnswer | null>(null);
  const { register, handleSubmit, setError, clearErrors, getValues, formState } = useForm<Values>({
    resolver: formResolver(verifyFormSchema, { raw: true }),
    defaultValues: { sha256: '' },
  });

  const onSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setMessage(null);
    setAnswer(null);
    const file = fileInput.current?.files?.[0];
    const problem = fileProblem(file, getValues('sha256'));
    await handleSubmit(async (values) => {
      if (problem) {
        setError(file ? 'file' : 'sha256', { type: 'manual', message: problem }, { shouldFocus: !file });
        if (file) fileInput.current?.focus();
        return;
      }
      const body = new FormData();
      body.set('sha256', values.sha256);
      if (file) body.set('file', file);
      const result = await action(body).catch(() => null);
      if (!result) return setMessage('We could not reach the portal. Check your connection and try again.');
      if (result.ok) return setAnswer(result.data);
      setMessage(applyActionResult(result, setError));
    })(event);
  };

  const fileError = formState.errors.file?.message;
  return (
    <>
      <form className="usa-form usa-form--large" onSubmit={onSubmit} noValidate aria-label="Check a copy of record">
        {message ? (
          <Alert type="error" heading="Please check the form" role="alert">
            {message}
          </Alert>
        ) : null}
        <FormGroup inputId={fileId} label="The copy of record (PDF)" hint="The file as you received or downloaded it. It is hashed and not kept." error={fileError}>
          <input
            ref={fileInput}
            id={fileId}
            name="file"
            type="file"
            accept="application/pdf,.pdf"
            className="display-block margin-top-1 maxw-full"
            onChange={() => clearErrors(['file', 'sha256'])}
            {...fieldAria(fileId, { hint: true, error: fileError })}
          />
        </FormGroup>
        <TextField
          label="Or its SHA-256"
          hint="64 letters and digits, as printed at the end of the copy and in the acknowledgment email."
          autoComplete="off"
          spellCheck={false}
          maxLength={200}
          error={formState.errors.sha256?.message}
          {...register('sha256', { onChange: () => clearErrors('file') })}
        />
        <Button type="submit" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Checking…' : 'Check the copy'}
        </Button>
      </form>
      <div role="status" aria-live="polite" className="margin-top-3">
        {answer?.match ? (
          <Alert type="success" heading="This matches a filed copy of record" headingLevel={2}>
            <p>
              It is the copy of record of {answer.match.kind === 'statement' ? 'a landowner’s statement of intent in plan' : 'plan'} {answer.match.referenceNumber} for {answer.match.operationName}
              {answer.match.facilityId ? ` (facility ${answer.match.facilityId})` : ''}, {answer.match.countyName} County, receipt{' '}
              <strong>{answer.match.confirmationNumber}</strong>, {answer.match.kind === 'statement' ? 'confirmed' : 'received'} {formatDate(answer.match.receivedOn)}. Not one byte differs from the department’s copy.
            </p>
          </Alert>
        ) : answer ? (
          <Alert type="error" heading="This does not match any filed copy of record" headingLevel={2}>
            <p>
              Its SHA-256 is <code style={{ wordBreak: 'break-all' }}>{answer.sha256}</code>. No copy of record the department holds has it: the file is not one the
              portal issued, or it was changed after it was issued. Download the copy again from the plan’s page, or contact the department.
            </p>
          </Alert>
        ) : null}
      </div>
    </>
  );
}
