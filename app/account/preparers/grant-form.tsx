'use client';

import { formResolver } from '@/components/forms/form-resolver';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { DateField } from '@/components/date-field';
import { applyActionResult } from '@/components/forms/apply-result';
import { TextField } from '@/components/text-field';
import { grantPreparerSchema } from '@/lib/validation/accounts';
import { grantPreparerAction, revokePreparerAction } from './actions';

type Values = { email: string; scope: 'all' | 'chosen'; operationIds: string[]; endsOn: string };

export function GrantPreparerForm({ operations }: { operations: { id: string; name: string }[] }) {
  const router = useRouter();
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const { register, handleSubmit, setError, reset, control, formState } = useForm<Values>({
    resolver: formResolver(grantPreparerSchema, { raw: true }),
    defaultValues: { email: '', scope: 'all', operationIds: [], endsOn: '' },
  });
  const scope = useWatch({ control, name: 'scope' });
  const onSubmit = handleSubmit(async (values) => {
    setStatus(null);
    const result = await grantPreparerAction(values).catch(() => null);
    if (!result) return setStatus({ ok: false, text: 'We could not reach the portal. Try again; what you typed is still here.' });
    if (!result.ok) return setStatus({ ok: false, text: applyActionResult(result, setError) ?? 'Please check the form.' });
    reset();
    setStatus({ ok: true, text: result.message ?? 'Access granted.' });
    router.refresh();
  });
  const e = formState.errors;
  return (
    <form onSubmit={onSubmit} noValidate className="usa-form" aria-label="Give a preparer access">
      {status ? <Alert type={status.ok ? 'success' : 'error'} role={status.ok ? 'status' : 'alert'} slim>{status.text}</Alert> : null}
      <TextField label="Preparer’s email address" type="email" required hint="The address they sign in with." error={e.email?.message} {...register('email')} />
      <fieldset className="usa-fieldset margin-top-2">
        <legend className="usa-legend">Which operations</legend>
        <div className="usa-radio">
          <input className="usa-radio__input" type="radio" id="scope-all" value="all" {...register('scope')} />
          <label className="usa-radio__label" htmlFor="scope-all">All my operations, and those I register or acquire later</label>
        </div>
        <div className="usa-radio">
          <input className="usa-radio__input" type="radio" id="scope-chosen" value="chosen" {...register('scope')} />
          <label className="usa-radio__label" htmlFor="scope-chosen">Only the ones I choose</label>
        </div>
      </fieldset>
      {scope === 'chosen' ? (
        <fieldset className="usa-fieldset margin-top-2" aria-describedby={e.operationIds ? 'ops-error' : undefined}>
          <legend className="usa-legend">Operations</legend>
          {e.operationIds ? <span className="usa-error-message" id="ops-error">{e.operationIds.message}</span> : null}
          {operations.map((o) => (
            <div className="usa-checkbox" key={o.id}>
              <input className="usa-checkbox__input" type="checkbox" id={`op-${o.id}`} value={o.id} {...register('operationIds')} />
              <label className="usa-checkbox__label" htmlFor={`op-${o.id}`}>{o.name}</label>
            </div>
          ))}
        </fieldset>
      ) : null}
      <DateField label="Last day of access (optional)" hint="Leave empty for access until you end it." error={e.endsOn?.message} {...register('endsOn')} />
      <Button type="submit" className="margin-top-2" disabled={formState.isSubmitting}>{formState.isSubmitting ? 'Saving…' : 'Give access'}</Button>
    </form>
  );
}

export function RevokePreparerButton({ preparerUserId, name }: { preparerUserId: string; name: string }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <>
      <Button
        variant="secondary"
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          const result = await revokePreparerAction({ preparerUserId }).catch(() => null);
          setBusy(false);
          if (!result?.ok) return setError(result?.message ?? 'We could not reach the portal. Try again.');
          router.refresh();
        }}
      >
        End {name}’s access
      </Button>
      {error ? <span role="alert" className="text-secondary-dark display-block">{error}</span> : null}
    </>
  );
}
