'use client';

import { formResolver } from '@/components/forms/form-resolver';
import { useState, type ReactNode } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { TextField } from '@/components/text-field';
import type { ActionResult } from '@/lib/errors';
import { applyActionResult } from './apply-result';

export type AccountField<T> = { name: Path<T>; label: string; type?: 'text' | 'email' | 'password'; autoComplete?: string; hint?: string; required?: boolean };

type Props<T extends FieldValues> = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  schema: z.ZodType<T, any>;
  fields: AccountField<T>[];
  defaults?: DefaultValues<T>;
  hidden?: Partial<T>;
  submitLabel: string;
  action: (values: unknown) => Promise<ActionResult>;
  success: ReactNode;
};

/** A small account form (register, reset, invitation...): zod on both sides, errors on the fields. */
export function AccountForm<T extends FieldValues>({ schema, fields, defaults, hidden, submitLabel, action, success }: Props<T>) {
  const [message, setMessage] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const { register, handleSubmit, setError, formState } = useForm<T>({
    // formResolver takes any zod schema (one with transforms has an input type unlike T) and outputs T.
    resolver: formResolver(schema),
    defaultValues: defaults,
  });

  const onSubmit = handleSubmit(async (values) => {
    setMessage(null);
    try {
      const result = await action({ ...values, ...hidden });
      if (result.ok) setDone(true);
      else setMessage(applyActionResult(result, setError));
    } catch {
      setMessage('We could not reach the portal. Check your connection and try again; what you typed is still here.');
    }
  });

  if (done) return <>{success}</>;
  return (
    <form className="usa-form usa-form--large" onSubmit={onSubmit} noValidate>
      {message ? (
        <Alert type="error" heading="Please check the form" role="alert">
          {message}
        </Alert>
      ) : null}
      {fields.map((f) => (
        <TextField
          key={f.name}
          label={f.label}
          type={f.type ?? 'text'}
          autoComplete={f.autoComplete}
          hint={f.hint}
          required={f.required ?? true}
          error={formState.errors[f.name]?.message as string | undefined}
          {...register(f.name)}
        />
      ))}
      <Button type="submit" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? 'Please wait…' : submitLabel}
      </Button>
    </form>
  );
}
