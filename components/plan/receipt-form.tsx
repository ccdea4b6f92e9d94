'use client';

import { zodResolver } from '@hookform/resolvers/zod';
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

type Props = {
  planId: string;
  counties: { fips: string; name: string }[];
  /** The owner or preparer uploads the signed receipt (form 542-8046); a county official need not. */
  withUpload: boolean;
  action: (input: unknown) => Promise<ActionResult>;
};

/** IAC 567-65.110(3)"b"(1): records that a county board received the hard copy, and who took it. */
export function ReceiptForm({ planId, counties, withUpload, action }: Props) {
  const router = useRouter();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const { register, handleSubmit, setError, setValue, reset, formState } = useForm<Values>({
    resolver: zodResolver(withUpload ? ownerReceiptSchema : receiptSchema) as never,
    defaultValues: { planId, countyFips: counties.length === 1 ? counties[0]!.fips : '', receivedOn: '', receivedByName: '', attachmentId: '' },
  });
  const [uploadKey, setUploadKey] = useState(0);
  // The receipt cannot be recorded before its PDF has arrived: the button waits and says so.
  const [uploading, setUploading] = useState(false);
  const onSubmit = handleSubmit(async (values) => {
    setMessage(null);
    const result = await action(values).catch(() => null);
    if (!result) return setMessage({ ok: false, text: 'We could not reach the portal. Try again; what you typed is still here.' });
    if (result.ok) {
      reset({ planId, countyFips: '', receivedOn: '', receivedByName: '', attachmentId: '' });
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
      <SelectField label="County" required options={counties.map((c) => ({ value: c.fips, label: c.name }))} error={formState.errors.countyFips?.message} {...register('countyFips')} />
      <DateField label="Date the county received the plan" required error={formState.errors.receivedOn?.message} {...register('receivedOn')} />
      <TextField label="Received by (name and title)" hint="The county auditor or the official the board designated." required error={formState.errors.receivedByName?.message} {...register('receivedByName')} />
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
