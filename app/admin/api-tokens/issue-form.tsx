'use client';

import { formResolver } from '@/components/forms/form-resolver';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { applyActionResult } from '@/components/forms/apply-result';
import { SelectField } from '@/components/select-field';
import { TextField } from '@/components/text-field';
import { issueTokenSchema, TOKEN_SCOPE_LABELS, TOKEN_SCOPES } from '@/lib/api/token-schema';
import { issueTokenAction } from './actions';

type Values = { name: string; scope: (typeof TOKEN_SCOPES)[number]; countyFips?: string; agencyCounties?: string[]; expiresInDays: number };

export function IssueTokenForm({ counties }: { counties: { fips: string; name: string }[] }) {
  const [issued, setIssued] = useState<{ secret: string; expiresAt: string } | null>(null);
  const [error, setErrorText] = useState<string | null>(null);
  const { register, handleSubmit, setError, reset, control, formState } = useForm<Values>({
    resolver: formResolver(issueTokenSchema),
    defaultValues: { scope: 'county', expiresInDays: 365 },
  });
  const scope = useWatch({ control, name: 'scope' });
  const onSubmit = handleSubmit(async (values) => {
    setErrorText(null);
    setIssued(null);
    const result = await issueTokenAction(values).catch(() => null);
    if (!result) return setErrorText('We could not reach the portal. Try again.');
    if (result.ok) {
      reset({ scope: 'county', expiresInDays: 365, name: '' });
      return setIssued(result.data);
    }
    setErrorText(applyActionResult(result, setError) ?? 'Please check the form.');
  });
  return (
    <>
      {issued ? (
        <Alert type="success" heading="Token issued: copy it now" role="status">
          <p>This is the only time the token is shown. Only a fingerprint of it is kept.</p>
          <p>
            <code className="font-mono-xs" data-testid="issued-token" style={{ wordBreak: 'break-all' }}>
              {issued.secret}
            </code>
          </p>
          <p>It expires {new Date(issued.expiresAt).toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'America/Chicago' })}.</p>
        </Alert>
      ) : null}
      {error ? (
        <Alert type="error" role="alert" slim>
          {error}
        </Alert>
      ) : null}
      <form className="usa-form usa-form--large" onSubmit={onSubmit} noValidate aria-label="Issue an API token">
        <TextField label="Who the token is for" hint="The agency, county office or system, e.g. “Sioux County GIS”" required error={formState.errors.name?.message} {...register('name')} />
        <SelectField label="What it may read" required placeholder={null} options={TOKEN_SCOPES.map((s) => ({ value: s, label: TOKEN_SCOPE_LABELS[s] }))} error={formState.errors.scope?.message} {...register('scope')} />
        {scope === 'county' ? (
          <SelectField label="County" required options={counties.map((c) => ({ value: c.fips, label: c.name }))} error={formState.errors.countyFips?.message} {...register('countyFips')} />
        ) : null}
        {scope === 'agency' ? (
          <div className="usa-form-group">
            <label className="usa-label" htmlFor="agency-counties">
              Counties granted
            </label>
            <span className="usa-hint" id="agency-counties-hint">
              Hold Ctrl (or ⌘) to choose several. Choose none for the whole state.
            </span>
            <select multiple id="agency-counties" aria-describedby="agency-counties-hint" className="usa-select height-card" {...register('agencyCounties')}>
              {counties.map((c) => (
                <option key={c.fips} value={c.fips}>
                  {c.name}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <TextField label="Days until it expires" hint="1 to 730" inputMode="numeric" required error={formState.errors.expiresInDays?.message} {...register('expiresInDays')} />
        <Button type="submit" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Issuing…' : 'Issue token'}
        </Button>
      </form>
    </>
  );
}
