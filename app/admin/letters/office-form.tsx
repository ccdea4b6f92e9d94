'use client';

import { formResolver } from '@/components/forms/form-resolver';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { applyActionResult } from '@/components/forms/apply-result';
import { TextareaField, TextField } from '@/components/text-field';
import { fieldOfficeContactSchema, type FieldOfficeContactValues } from '@/lib/validation/letters';
import { setFieldOfficeContactAction } from './actions';

/** A field office's address and phone, as decision letters print them. */
export function OfficeForm({ office }: { office: { id: number; name: string; mailingAddress: string; phone: string } }) {
  const router = useRouter();
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<FieldOfficeContactValues>({
    resolver: formResolver(fieldOfficeContactSchema, { raw: true }),
    defaultValues: { id: office.id, mailingAddress: office.mailingAddress, phone: office.phone },
  });
  const onSubmit = handleSubmit(async (values) => {
    setStatus(null);
    const result = await setFieldOfficeContactAction(values).catch(() => null);
    if (!result) return setStatus({ ok: false, text: 'We could not reach the portal. Try again; what you typed is still here.' });
    if (!result.ok) return setStatus({ ok: false, text: applyActionResult(result, setError) ?? 'Please check the form.' });
    setStatus({ ok: true, text: result.message ?? 'Saved.' });
    router.refresh();
  });
  const e = formState.errors;
  return (
    <form onSubmit={onSubmit} noValidate className="usa-form" aria-label={office.name}>
      {status ? <Alert type={status.ok ? 'success' : 'error'} role={status.ok ? 'status' : 'alert'} slim>{status.text}</Alert> : null}
      <input type="hidden" {...register('id')} />
      <TextareaField label={`${office.name}: mailing address`} hint="Street on the first line; city, state and ZIP code on the last." required rows={3} error={e.mailingAddress?.message} {...register('mailingAddress')} />
      <TextField label={`${office.name}: phone`} type="tel" autoComplete="off" width="md" required error={e.phone?.message} {...register('phone')} />
      <Button type="submit" className="margin-top-2" disabled={formState.isSubmitting}>{formState.isSubmitting ? 'Saving…' : 'Save the contact'}</Button>
    </form>
  );
}
