'use client';

import { formResolver } from '@/components/forms/form-resolver';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { applyActionResult } from '@/components/forms/apply-result';
import { SelectField } from '@/components/select-field';
import { TextField } from '@/components/text-field';
import { inviteSchema, INVITABLE_ROLES } from '@/lib/validation/accounts';
import { ROLE_LABELS } from '@/lib/auth/roles';
import { inviteUserAction } from './actions';

type Values = { email: string; name: string; role: (typeof INVITABLE_ROLES)[number]; countyFips?: string };

export function InviteForm({ counties }: { counties: { fips: string; name: string }[] }) {
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const { register, handleSubmit, setError, reset, control, formState } = useForm<Values>({ resolver: formResolver(inviteSchema) });
  const role = useWatch({ control, name: 'role' });
  const onSubmit = handleSubmit(async (values) => {
    setStatus(null);
    const result = await inviteUserAction(values).catch(() => null);
    if (!result) return setStatus({ ok: false, text: 'We could not reach the portal. Try again.' });
    if (result.ok) {
      reset();
      return setStatus({ ok: true, text: result.message ?? 'Invitation sent.' });
    }
    setStatus({ ok: false, text: applyActionResult(result, setError) ?? 'Please check the form.' });
  });
  return (
    <form className="usa-form usa-form--large" onSubmit={onSubmit} noValidate>
      {status ? (
        <Alert type={status.ok ? 'success' : 'error'} role={status.ok ? 'status' : 'alert'} slim>
          {status.text}
        </Alert>
      ) : null}
      <TextField label="Name" required error={formState.errors.name?.message} {...register('name')} />
      <TextField label="Email address" type="email" required error={formState.errors.email?.message} {...register('email')} />
      <SelectField
        label="Role"
        required
        options={INVITABLE_ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }))}
        error={formState.errors.role?.message}
        {...register('role')}
      />
      {role === 'county_official' ? (
        <SelectField
          label="County"
          required
          options={counties.map((c) => ({ value: c.fips, label: c.name }))}
          error={formState.errors.countyFips?.message}
          {...register('countyFips')}
        />
      ) : null}
      <Button type="submit" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? 'Sending…' : 'Send invitation'}
      </Button>
    </form>
  );
}
