'use client';

import { formResolver } from '@/components/forms/form-resolver';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Checkbox } from '@/components/checkbox';
import { applyActionResult } from '@/components/forms/apply-result';
import { acceptAgreementSchema } from '@/lib/validation/signing';
import { acceptSignatureAgreementAction } from './agreement-actions';

type Props = { version: string; title: string; paragraphs: readonly string[]; sha256: string; acceptedOn: string | null };

/** The electronic signature agreement: read in full, accepted once; afterwards kept here to read again. */
export function SignatureAgreement({ version, title, paragraphs, sha256, acceptedOn }: Props) {
  const router = useRouter();
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<{ version: string; agree: boolean }>({
    resolver: formResolver(acceptAgreementSchema),
    defaultValues: { version, agree: false },
  });
  const onSubmit = handleSubmit(async (values) => {
    setStatus(null);
    const result = await acceptSignatureAgreementAction(values).catch(() => null);
    if (!result) return setStatus({ ok: false, text: 'We could not reach the portal. Try again.' });
    if (!result.ok) return setStatus({ ok: false, text: applyActionResult(result, setError) ?? 'Please check the form.' });
    setStatus({ ok: true, text: result.message ?? 'Accepted.' });
    router.refresh();
  });
  return (
    <>
      {acceptedOn ? (
        <p>
          You accepted version {version} of the agreement on <strong>{acceptedOn}</strong>.
        </p>
      ) : (
        <p>Before you sign a plan, read the agreement and accept it. You accept each version once.</p>
      )}
      <details className="margin-bottom-2" open={!acceptedOn}>
        <summary>
          {title}, version {version}
        </summary>
        {paragraphs.map((p) => (
          <p key={p}>{p}</p>
        ))}
        <p className="font-mono-3xs text-base-dark mmp-fingerprint">
          Text fingerprint (SHA-256): {sha256}
        </p>
      </details>
      {status ? <Alert type={status.ok ? 'success' : 'error'} role={status.ok ? 'status' : 'alert'} slim>{status.text}</Alert> : null}
      {acceptedOn ? null : (
        <form onSubmit={onSubmit} noValidate className="usa-form" aria-label="Accept the electronic signature agreement">
          <input type="hidden" {...register('version')} />
          <Checkbox label="I have read the agreement and accept it" error={formState.errors.agree?.message} {...register('agree')} />
          <Button type="submit" className="margin-top-2" disabled={formState.isSubmitting}>{formState.isSubmitting ? 'Accepting…' : 'Accept the agreement'}</Button>
        </form>
      )}
    </>
  );
}
