'use client';

import { formResolver } from '@/components/forms/form-resolver';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { applyActionResult } from '@/components/forms/apply-result';
import { TextareaField } from '@/components/text-field';
import { mailingAddressSchema, type MailingAddressValues } from '@/lib/validation/letters';
import { setMailingAddressAction } from './actions';

/** The address the department's decision letters are sent to. */
export function MailingAddressForm({ current }: { current: string | null }) {
  const router = useRouter();
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<MailingAddressValues>({
    resolver: formResolver(mailingAddressSchema, { raw: true }),
    defaultValues: { mailingAddress: current ?? '' },
  });
  const onSubmit = handleSubmit(async (values) => {
    setStatus(null);
    const result = await setMailingAddressAction(values).catch(() => null);
    if (!result) return setStatus({ ok: false, text: 'We could not reach the portal. Try again; what you typed is still here.' });
    if (!result.ok) return setStatus({ ok: false, text: applyActionResult(result, setError) ?? 'Please check the form.' });
    setStatus({ ok: true, text: result.message ?? 'Saved.' });
    router.refresh();
  });
  return (
    <form onSubmit={onSubmit} noValidate className="usa-form" aria-label="Mailing address for letters">
      {status ? <Alert type={status.ok ? 'success' : 'error'} role={status.ok ? 'status' : 'alert'} slim>{status.text}</Alert> : null}
      <TextareaField
        label="Mailing address"
        hint="Street or box on the first line; city, state and ZIP code on the last, like “Sioux Center, IA 51250”."
        required
        rows={4}
        autoComplete="street-address"
        error={formState.errors.mailingAddress?.message}
        {...register('mailingAddress')}
      />
      <Button type="submit" className="margin-top-2" disabled={formState.isSubmitting}>{formState.isSubmitting ? 'Saving…' : 'Save the address'}</Button>
    </form>
  );
}
