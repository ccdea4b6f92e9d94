'use client';

import { formResolver } from '@/components/forms/form-resolver';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Checkbox } from '@/components/checkbox';
import { applyActionResult } from '@/components/forms/apply-result';
import { TextField } from '@/components/text-field';
import type { ActionResult } from '@/lib/errors';
import { STATEMENT_CERTIFICATION } from '@/lib/statements/words';
import { statementConfirmSchema } from '@/lib/validation/statements';

type Values = { token: string; signedName: string; agree: boolean };

/** The landowner signs the statement of intent by typing their name (DNR form 542-8167). */
export function StatementConfirmForm({ token, landownerName, action }: { token: string; landownerName: string; action: (input: unknown) => Promise<ActionResult> }) {
  const [error, setErrorText] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<Values>({
    resolver: formResolver(statementConfirmSchema),
    defaultValues: { token, signedName: landownerName, agree: false },
  });
  const onSubmit = handleSubmit(async (values) => {
    setErrorText(null);
    const result = await action(values).catch(() => null);
    if (!result) return setErrorText('We could not reach the portal. Check your connection and try again; nothing was lost.');
    if (!result.ok) return setErrorText(applyActionResult(result, setError));
    setDone(result.message ?? 'The statement is confirmed.');
  });
  if (done) {
    return (
      <Alert type="success" role="status" heading="Statement confirmed" headingLevel={2}>
        {done}
      </Alert>
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate className="usa-form maxw-none">
      {error ? (
        <Alert type="error" role="alert" slim>
          {error}
        </Alert>
      ) : null}
      <TextField label="Your full name (your signature)" required autoComplete="name" error={formState.errors.signedName?.message} {...register('signedName')} />
      <Checkbox
        label={STATEMENT_CERTIFICATION}
        error={formState.errors.agree?.message}
        {...register('agree')}
      />
      <Button type="submit" className="margin-top-2" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? 'Confirming…' : 'Confirm the statement'}
      </Button>
    </form>
  );
}
