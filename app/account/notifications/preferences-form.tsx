'use client';

import { formResolver } from '@/components/forms/form-resolver';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Checkbox } from '@/components/checkbox';
import { FieldError } from '@/components/field-error';
import { applyActionResult } from '@/components/forms/apply-result';
import { notificationPreferencesSchema, type NotificationPreferencesValues, type SavedPreferences } from '@/lib/preferences/schema';
import { savePreferencesAction } from './actions';

const DIGEST_CHOICES = [
  { value: 'immediate', label: 'One email for each plan', hint: 'Sent when a plan is filed or decided.' },
  { value: 'daily', label: 'A daily digest', hint: 'One email each morning listing the plans of the day before.' },
  { value: 'weekly', label: 'A weekly digest', hint: 'One email each Monday listing the plans of the week.' },
] as const;

// A choice not shown to this person (a digest for an owner) keeps its saved value: react-hook-form
// submits default values of fields that are not on the page.
export function PreferencesForm({ initial, showReminders, showDigest }: { initial: SavedPreferences; showReminders: boolean; showDigest: boolean }) {
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<NotificationPreferencesValues>({
    resolver: formResolver(notificationPreferencesSchema),
    defaultValues: initial,
  });
  const onSubmit = handleSubmit(async (values) => {
    setStatus(null);
    const result = await savePreferencesAction(values).catch(() => null);
    if (!result) return setStatus({ ok: false, text: 'We could not reach the portal. Nothing was changed; try again.' });
    if (result.ok) return setStatus({ ok: true, text: result.message ?? 'Saved.' });
    setStatus({ ok: false, text: applyActionResult(result, setError) ?? 'Please check the form.' });
  });
  const digestError = formState.errors.countyDigest?.message;
  return (
    <form className="usa-form usa-form--large" onSubmit={onSubmit} noValidate>
      {status ? (
        <Alert type={status.ok ? 'success' : 'error'} role={status.ok ? 'status' : 'alert'} slim>
          {status.text}
        </Alert>
      ) : null}
      {showReminders ? (
        <fieldset className="usa-fieldset margin-top-2">
          <legend className="usa-legend usa-legend--large">Annual update reminders</legend>
          <Checkbox
            label="Remind me 60, 30 and 7 days before an annual update is due"
            hint="You still get a notice if an update becomes overdue."
            error={formState.errors.updateReminders?.message}
            {...register('updateReminders')}
          />
        </fieldset>
      ) : null}
      {showReminders ? (
        <fieldset className="usa-fieldset margin-top-2">
          <legend className="usa-legend usa-legend--large">Overdue notices and new-owner deadlines</legend>
          <Checkbox
            label="Tell me when an annual update is overdue, and remind a new owner of the original plan's deadline"
            hint="The deadlines apply whether or not these emails arrive."
            error={formState.errors.deadlineNotices?.message}
            {...register('deadlineNotices')}
          />
        </fieldset>
      ) : null}
      {showDigest ? (
        <fieldset className={`usa-fieldset margin-top-3${digestError ? ' usa-form-group--error' : ''}`} aria-describedby={digestError ? 'digest-error' : undefined}>
          <legend className="usa-legend usa-legend--large">Plans filed or decided in your county</legend>
          <Checkbox
            label="Email me about plans filed or decided in my county"
            hint="The plans are in the portal either way."
            error={formState.errors.countyNotices?.message}
            {...register('countyNotices')}
          />
          <FieldError id="digest-error">{digestError}</FieldError>
          {DIGEST_CHOICES.map((c) => (
            <div className="usa-radio" key={c.value}>
              <input className="usa-radio__input" id={`digest-${c.value}`} type="radio" value={c.value} {...register('countyDigest')} />
              <label className="usa-radio__label" htmlFor={`digest-${c.value}`}>
                {c.label}
                <span className="usa-checkbox__label-description">{c.hint}</span>
              </label>
            </div>
          ))}
        </fieldset>
      ) : null}
      <Button type="submit" className="margin-top-3" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? 'Saving…' : 'Save my choices'}
      </Button>
    </form>
  );
}
