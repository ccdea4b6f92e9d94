'use client';

import { formResolver } from '@/components/forms/form-resolver';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { applyActionResult } from '@/components/forms/apply-result';
import { TextField } from '@/components/text-field';
import type { ActionResult } from '@/lib/errors';
import { grantAccessSchema } from '@/lib/validation/accounts';

type Grant = { id: string; preparerName: string; preparerEmail: string; grantedOn: string };

type Props = {
  operationId: string;
  grants: Grant[];
  grant: (input: unknown) => Promise<ActionResult>;
  revoke: (input: unknown) => Promise<ActionResult>;
};

/** The owner lets a preparer draft and submit plans for this operation, and can take it back. */
export function PreparerAccess({ operationId, grants, grant, revoke }: Props) {
  const router = useRouter();
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const { register, handleSubmit, setError, reset, formState } = useForm<{ operationId: string; email: string }>({
    resolver: formResolver(grantAccessSchema),
    defaultValues: { operationId, email: '' },
  });
  const onSubmit = handleSubmit(async (values) => {
    setNote(null);
    const result = await grant(values).catch(() => null);
    if (!result) return setNote({ ok: false, text: 'We could not reach the portal. Try again.' });
    if (result.ok) {
      reset({ operationId, email: '' });
      setNote({ ok: true, text: result.message ?? 'Access given.' });
      return router.refresh();
    }
    setNote({ ok: false, text: applyActionResult(result, setError) ?? 'Please check the email.' });
  });
  return (
    <>
      {grants.length ? (
        <ul className="usa-list">
          {grants.map((g) => (
            <li key={g.id}>
              {g.preparerName} ({g.preparerEmail}), since {g.grantedOn}{' '}
              <Button
                variant="unstyled"
                onClick={async () => {
                  const result = await revoke({ operationId, grantId: g.id }).catch(() => null);
                  setNote(result?.ok ? { ok: true, text: result.message ?? 'Access removed.' } : { ok: false, text: result?.message ?? 'We could not reach the portal. Try again.' });
                  if (result?.ok) router.refresh();
                }}
              >
                Remove access for {g.preparerName}
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p>Nobody else can file for this operation.</p>
      )}
      {note ? (
        <Alert type={note.ok ? 'success' : 'error'} slim role={note.ok ? 'status' : 'alert'}>
          {note.text}
        </Alert>
      ) : null}
      <form className="usa-form" onSubmit={onSubmit} noValidate aria-label="Give a preparer access">
        <TextField label="Preparer’s email" hint="The email they sign in to the portal with (a preparer account)." type="email" required error={formState.errors.email?.message} {...register('email')} />
        <Button type="submit" variant="outline" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Giving access…' : 'Give access'}
        </Button>
      </form>
    </>
  );
}
