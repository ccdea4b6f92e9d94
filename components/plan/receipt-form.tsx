'use client';

import { formResolver } from '@/components/forms/form-resolver';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { DateField } from '@/components/date-field';
import { applyActionResult } from '@/components/forms/apply-result';
import { SelectField } from '@/components/select-field';
import { TextField } from '@/components/text-field';
import type { ActionResult } from '@/lib/errors';
import { ownerReceiptSchema, receiptSchema } from '@/lib/validation/plans';
import { FileUpload } from './file-upload';

type Values = { planId: string; countyFips: string; receivedOn: string; receivedByName: string; attachmentId: string };
type County = { fips: string; name: string };

type Props = {
  planId: string;
  /**
   * The counties still without a receipt, to choose from (the plan page); or the one county the
   * receipt is for (a county official's own county, on the county's receipt page).
   */
  counties: County[] | { only: County; today: string };
  /** The owner or preparer uploads the signed receipt (form 542-8046); a county official need not. */
  withUpload: boolean;
  action: (input: unknown) => Promise<ActionResult>;
};

/** IAC 567-65.110(3)"b"(1): records that a county board received the hard copy, and who took it. */
export function ReceiptForm({ planId, counties, withUpload, action }: Props) {
  const router = useRouter();
  const only = Array.isArray(counties) ? null : counties.only;
  const today = Array.isArray(counties) ? undefined : counties.today;
  const blank = (): Values => ({
    planId,
    countyFips: only ? only.fips : Array.isArray(counties) && counties.length === 1 ? counties[0]!.fips : '',
    receivedOn: today ?? '',
    receivedByName: '',
    attachmentId: '',
  });
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const { register, handleSubmit, setError, setValue, reset, formState } = useForm<Values>({
    resolver: formResolver(withUpload ? ownerReceiptSchema : receiptSchema),
    defaultValues: blank(),
  });
  const [uploadKey, setUploadKey] = useState(0);
  // The receipt cannot be recorded before its PDF has arrived: the button waits and says so.
  const [uploading, setUploading] = useState(false);
  const onSubmit = handleSubmit(async (values) => {
    setMessage(null);
    const result = await action(values).catch(() => null);
    if (!result) return setMessage({ ok: false, text: 'We could not reach the portal. Nothing was recorded; try again (what you typed is still here).' });
    if (result.ok) {
      reset({ ...blank(), countyFips: only ? only.fips : '' });
      setUploadKey((k) => k + 1);
      setMessage({ ok: true, text: result.message ?? 'Receipt recorded.' });
      return router.refresh();
    }
    setMessage({ ok: false, text: applyActionResult(result, setError) ?? 'Please check the form.' });
  });
  return (
    <form className="usa-form usa-form--large" onSubmit={onSubmit} noValidate aria-label="Record a county receipt">
      {message ? (
        <Alert type={message.ok ? 'success' : 'error'} slim role={message.ok ? 'status' : 'alert'}>
          {message.text}
        </Alert>
      ) : null}
      <input type="hidden" {...register('planId')} />
      {only ? (
        <input type="hidden" {...register('countyFips')} />
      ) : (
        <SelectField
          label="County"
          required
          options={(counties as County[]).map((c) => ({ value: c.fips, label: c.name }))}
          error={formState.errors.countyFips?.message}
          {...register('countyFips')}
        />
      )}
      <DateField
        label={only ? `Date ${only.name} County received the hard copy` : 'Date the county received the plan'}
        required
        max={today}
        error={formState.errors.receivedOn?.message}
        {...register('receivedOn')}
      />
      <TextField
        label="Received by (name and title)"
        hint="The county auditor, or the official or employee the board of supervisors designated."
        required
        autoComplete={only ? 'name' : 'off'}
        error={formState.errors.receivedByName?.message}
        {...register('receivedByName')}
      />
      {withUpload ? (
        <FileUpload
          key={uploadKey}
          planId={planId}
          kind="county_receipt"
          label="Signed receipt (form 542-8046)"
          required
          error={formState.errors.attachmentId?.message}
          onUploaded={(f) => setValue('attachmentId', f.id, { shouldValidate: true })}
          onBusyChange={setUploading}
        />
      ) : null}
      <Button type="submit" disabled={formState.isSubmitting || uploading} aria-describedby={uploading ? `${planId}-receipt-wait` : undefined}>
        {formState.isSubmitting ? 'Recording…' : uploading ? 'Waiting for the upload…' : 'Record the receipt'}
      </Button>
      {uploading ? (
        <p className="usa-hint" id={`${planId}-receipt-wait`}>
          The signed receipt is still uploading. You can record the receipt as soon as it has arrived.
        </p>
      ) : null}
    </form>
  );
}
