'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { formResolver } from '@/components/forms/form-resolver';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { applyActionResult } from '@/components/forms/apply-result';
import { SelectField } from '@/components/select-field';
import { ROLE_LABELS, type Role } from '@/lib/auth/roles';
import { changeRoleSchema } from '@/lib/validation/accounts';
import { changeRoleAction, setDisabledAction } from '../actions';

type Values = { userId: string; role: Role; countyFips?: string };

export function ManageUserForms(props: { userId: string; role: Role; disabled: boolean; counties: { fips: string; name: string }[] }) {
  const router = useRouter();
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const { register, handleSubmit, setError, control, formState } = useForm<Values>({
    resolver: formResolver(changeRoleSchema),
    defaultValues: { userId: props.userId, role: props.role },
  });
  const role = useWatch({ control, name: 'role' });
  const show = (result: Awaited<ReturnType<typeof changeRoleAction>> | null) => {
    if (!result) return setStatus({ ok: false, text: 'We could not reach the portal. Try again.' });
    if (result.ok) {
      setStatus({ ok: true, text: result.message ?? 'Saved.' });
      router.refresh();
    } else setStatus({ ok: false, text: applyActionResult(result, setError) ?? 'Please check the form.' });
  };
  return (
    <>
      {status ? (
        <Alert type={status.ok ? 'success' : 'error'} role={status.ok ? 'status' : 'alert'} slim>
          {status.text}
        </Alert>
      ) : null}
      <form className="usa-form" noValidate onSubmit={handleSubmit(async (v) => show(await changeRoleAction(v).catch(() => null)))}>
        <h2>Role</h2>
        <input type="hidden" {...register('userId')} />
        <SelectField
          label="Role"
          options={(Object.keys(ROLE_LABELS) as Role[]).map((r) => ({ value: r, label: ROLE_LABELS[r] }))}
          placeholder={null}
          error={formState.errors.role?.message}
          {...register('role')}
        />
        {role === 'county_official' ? (
          <SelectField
            label="County"
            options={props.counties.map((c) => ({ value: c.fips, label: c.name }))}
            error={formState.errors.countyFips?.message}
            {...register('countyFips')}
          />
        ) : null}
        <Button type="submit" disabled={formState.isSubmitting}>Change role</Button>
      </form>
      <h2>Access</h2>
      <p>{props.disabled ? 'This account is disabled and cannot sign in.' : 'Disabling ends the person’s sessions and stops them signing in.'}</p>
      {confirming ? (
        // Disabling ends someone's sessions at once: it is asked twice, enabling is not.
        <div role="group" aria-labelledby="confirm-disable" className="border-1px border-secondary padding-2 radius-md">
          <p id="confirm-disable" className="margin-top-0 text-bold">
            Disable this account? The person is signed out everywhere at once and cannot sign in until an administrator enables the account again.
          </p>
          <Button
            variant="secondary"
            onClick={async () => {
              setConfirming(false);
              show(await setDisabledAction({ userId: props.userId, disabled: true }).catch(() => null));
            }}
          >
            Yes, disable the account
          </Button>
          <Button variant="outline" onClick={() => setConfirming(false)}>
            Keep it enabled
          </Button>
        </div>
      ) : (
        <Button
          variant={props.disabled ? 'outline' : 'secondary'}
          onClick={async () => (props.disabled ? show(await setDisabledAction({ userId: props.userId, disabled: false }).catch(() => null)) : setConfirming(true))}
        >
          {props.disabled ? 'Enable account' : 'Disable account'}
        </Button>
      )}
    </>
  );
}
