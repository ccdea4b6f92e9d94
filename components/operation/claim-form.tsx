'use client';

import { formResolver } from '@/components/forms/form-resolver';
import { useRouter } from 'next/navigation';
import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { DateField } from '@/components/date-field';
import { applyActionResult } from '@/components/forms/apply-result';
import { FormGroup, fieldAria } from '@/components/form-group';
import { SelectField } from '@/components/select-field';
import { TextField } from '@/components/text-field';
import type { ActionResult } from '@/lib/errors';
import { formatBytes, MAX_ATTACHMENT_BYTES } from '@/lib/plans/attachment-kinds';
import { evidenceFileMessage, transferRequestSchema } from '@/lib/validation/transfers';
import { problemAsResult } from '@/lib/http/problem-body';

type Values = { facilityId: string; countyFips: string; acquiredOn: string; file: string };

type Props = { counties: { value: string; label: string }[] };

/** A PDF the browser can tell is one, of 20 MB or less; the server checks the bytes again. */
function fileProblem(file: File | undefined): string | null {
  if (!file || file.size === 0) return evidenceFileMessage;
  if (file.size > MAX_ATTACHMENT_BYTES) return `The file is ${formatBytes(file.size)}; the limit is 20 MB. Scan at a lower resolution or split it.`;
  if (!/\.pdf$/i.test(file.name) && file.type !== 'application/pdf') return 'Choose a PDF file';
  return null;
}

/**
 * DNR form 542-4026 as a form: the facility ID, its county, the date the owner acquired it and a PDF
 * of the bill of sale or deed. Sent to /api/transfers with upload progress (a slow rural connection
 * and a 20 MB scan); nothing typed is lost when the server refuses it.
 */
export function ClaimForm({ counties }: Props) {
  const router = useRouter();
  const fileId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [progress, setProgress] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { register, handleSubmit, setError, clearErrors, formState } = useForm<Values>({
    resolver: formResolver(transferRequestSchema),
    defaultValues: { facilityId: '', countyFips: '', acquiredOn: '', file: '' },
  });

  const send = (values: Values, file: File) =>
    new Promise<ActionResult<{ id: string }> | null>((resolve) => {
      const body = new FormData();
      body.set('facilityId', values.facilityId);
      body.set('countyFips', values.countyFips);
      body.set('acquiredOn', values.acquiredOn);
      body.set('file', file);
      const xhr = new XMLHttpRequest();
      xhr.open('POST', '/api/transfers');
      xhr.responseType = 'json';
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable) setProgress(`Sending ${file.name}… ${Math.round((e.loaded / e.total) * 100)}%`);
      };
      // Filed: the request's id; refused: problem details, read back as the form's result.
      xhr.onload = () => resolve(xhr.status === 201 ? (xhr.response as ActionResult<{ id: string }>) : problemAsResult(xhr.status, xhr.response));
      xhr.onerror = () => resolve(null);
      setProgress(`Sending ${file.name}…`);
      xhr.send(body);
    });

  const onSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setMessage(null);
    const file = fileInput.current?.files?.[0];
    const problem = fileProblem(file);
    await handleSubmit(async (values) => {
      if (problem) {
        setError('file', { type: 'manual', message: problem });
        fileInput.current?.focus();
        return;
      }
      setBusy(true);
      const result = await send(values, file!).finally(() => setBusy(false));
      setProgress(null);
      if (!result) return setMessage('We could not reach the portal. Check your connection and try again; what you typed is still here.');
      if (result.ok) {
        router.push('/dashboard?transfer=requested#transfers');
        return router.refresh();
      }
      setMessage(applyActionResult(result, setError));
    }, () => {
      if (problem) setError('file', { type: 'manual', message: problem });
    })(event);
  };

  const fileError = formState.errors.file?.message;
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
      <FormGroup inputId={fileId} label="Proof of the transfer (PDF)" hint="The bill of sale, deed or contract, as a PDF of 20 MB or less. The department reads it before it confirms the transfer." error={fileError} required>
        <input
          ref={fileInput}
          id={fileId}
          name="file"
          type="file"
          accept="application/pdf,.pdf"
          className="display-block margin-top-1 maxw-full"
          aria-required
          disabled={busy}
          onChange={() => clearErrors('file')}
          {...fieldAria(fileId, { hint: true, error: fileError })}
        />
      </FormGroup>
      <p role="status" className="margin-y-1">
        {progress}
      </p>
      <Button type="submit" disabled={busy || formState.isSubmitting}>
        {busy ? 'Sending…' : 'Send the transfer request'}
      </Button>
    </form>
  );
}
