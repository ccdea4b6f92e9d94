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
import { nameSignatorySchema } from '@/lib/validation/signing';

export type SignatoryRow = { id: string | null; name: string; email: string; capacity: string; namedOn: string | null; namedBy: string | null; agreementAcceptedOn: string | null };

type Props = {
  operationId: string;
  signatories: SignatoryRow[];
  /** The owner of record names and removes signatories; everyone else reads the list. */
  manage: { name: (input: unknown) => Promise<ActionResult>; revoke: (input: unknown) => Promise<ActionResult> } | null;
};

/** Who may sign this operation's plans (DNR form 542-4000's signature), and for the owner, naming more. */
export function Signatories({ operationId, signatories, manage }: Props) {
  const router = useRouter();
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const { register, handleSubmit, setError, reset, formState } = useForm<{ operationId: string; email: string; capacity: string }>({
    resolver: formResolver(nameSignatorySchema),
    defaultValues: { operationId, email: '', capacity: '' },
  });
  const onSubmit = handleSubmit(async (values) => {
    if (!manage) return;
    setNote(null);
    const result = await manage.name(values).catch(() => null);
    if (!result) return setNote({ ok: false, text: 'We could not reach the portal. Nothing was lost: try again.' });
    if (result.ok) {
      reset({ operationId, email: '', capacity: '' });
      setNote({ ok: true, text: result.message ?? 'Named.' });
      return router.refresh();
    }
    setNote({ ok: false, text: applyActionResult(result, setError) ?? 'Please check the answers.' });
  });
  return (
    <>
      <ul className="usa-list">
        {signatories.map((s) => (
          <li key={s.id ?? s.email}>
            <strong>{s.name}</strong> ({s.email}), {s.capacity}
            {s.namedOn ? `, named on ${s.namedOn}${s.namedBy ? ` by ${s.namedBy}` : ''}` : ''}.{' '}
            {s.agreementAcceptedOn ? `Accepted the electronic signature agreement on ${s.agreementAcceptedOn}.` : 'Has not yet accepted the electronic signature agreement.'}
            {manage && s.id ? (
              <>
                {' '}
                <Button
                  variant="unstyled"
                  onClick={async () => {
                    const result = await manage.revoke({ operationId, id: s.id }).catch(() => null);
                    setNote(result?.ok ? { ok: true, text: result.message ?? 'Removed.' } : { ok: false, text: result?.message ?? 'We could not reach the portal. Try again.' });
                    if (result?.ok) router.refresh();
                  }}
                >
                  Remove {s.name} as a signatory
                </Button>
              </>
            ) : null}
          </li>
        ))}
      </ul>
      {signatories.length === 0 ? <p>No account may sign for this operation yet: the owner of record has no portal account.</p> : null}
      {note ? (
        <Alert type={note.ok ? 'success' : 'error'} slim role={note.ok ? 'status' : 'alert'}>
          {note.text}
        </Alert>
      ) : null}
      {manage ? (
        <form className="usa-form" onSubmit={onSubmit} noValidate aria-label="Name someone who may sign">
          <TextField label="Their email" hint="The email of their portal account (an owner’s or a preparer’s)." type="email" required error={formState.errors.email?.message} {...register('email')} />
          <TextField label="In what capacity they sign" hint="For example “President, Van Zee Farms Inc.” or “Preparer authorized by the owner”." required error={formState.errors.capacity?.message} {...register('capacity')} />
          <Button type="submit" variant="outline" disabled={formState.isSubmitting}>
            {formState.isSubmitting ? 'Naming…' : 'Name them as a signatory'}
          </Button>
        </form>
      ) : null}
    </>
  );
}
