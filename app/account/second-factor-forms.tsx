'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { applyActionResult } from '@/components/forms/apply-result';
import { formResolver } from '@/components/forms/form-resolver';
import { TextField } from '@/components/text-field';
import { CODE_FIELD_HINT } from '@/lib/auth/second-factor-words';
import {
  confirmTotpSchema,
  removeSecondFactorSchema,
  renewRecoveryCodesSchema,
  type ConfirmTotpValues,
  type RemoveSecondFactorValues,
  type RenewRecoveryCodesValues,
} from '@/lib/validation/second-factor';
import { confirmTotpAction, removeSecondFactorAction, renewRecoveryCodesAction, startTotpAction } from './actions';
import { stepUpIfNeeded } from './step-up';

type Status = { ok: boolean; text: string } | null;
const OFFLINE = 'We could not reach the portal. Try again; what you typed is still here.';

function StatusAlert({ status }: { status: Status }) {
  if (!status) return null;
  return (
    <Alert type={status.ok ? 'success' : 'error'} role={status.ok ? 'status' : 'alert'} slim>
      {status.text}
    </Alert>
  );
}

/** The ten recovery codes, shown once, with what to do with them; `lost` names what they stand in for. */
export function RecoveryCodes({ codes, message, onDone, lost = 'If you lose your phone, each code signs you in once instead of a code from the app.' }: { codes: string[]; message?: string; onDone: () => void; lost?: string }) {
  return (
    <section aria-labelledby="recovery-codes-heading" className="border-1px border-base-lighter padding-2 radius-md">
      {message ? <Alert type="success" role="status" slim>{message}</Alert> : null}
      <h3 id="recovery-codes-heading" className="margin-top-1">Your recovery codes</h3>
      <p>
        <strong>Save these codes now: this is the only time the portal shows them.</strong> Print them or keep them in a
        password manager, away from your phone. {lost}
      </p>
      <ul className="usa-list usa-list--unstyled font-mono-md" aria-label="Recovery codes">
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ul>
      <Button className="margin-top-2" onClick={onDone}>
        I have saved my recovery codes
      </Button>
    </section>
  );
}

/** "Set up an authenticator app": the QR code and the secret as text, then a current code to confirm. */
export function SetUpAuthenticator() {
  const router = useRouter();
  const [started, setStarted] = useState<{ secret: string; qrDataUrl: string } | null>(null);
  const [codes, setCodes] = useState<{ codes: string[]; message?: string } | null>(null);
  const [status, setStatus] = useState<Status>(null);
  const [starting, setStarting] = useState(false);
  const { register, handleSubmit, setError, formState } = useForm<ConfirmTotpValues>({ resolver: formResolver(confirmTotpSchema, { raw: true }) });

  if (codes) return <RecoveryCodes codes={codes.codes} message={codes.message} onDone={() => router.refresh()} />;
  if (!started) {
    return (
      <>
        <StatusAlert status={status} />
        <Button
          disabled={starting}
          onClick={async () => {
            setStarting(true);
            const result = await startTotpAction().catch(() => null);
            setStarting(false);
            if (!result) return setStatus({ ok: false, text: OFFLINE });
            if (!result.ok) return setStatus({ ok: false, text: result.message });
            setStatus(null);
            setStarted(result.data);
          }}
        >
          Set up an authenticator app
        </Button>
      </>
    );
  }
  const grouped = started.secret.match(/.{1,4}/g)?.join(' ') ?? started.secret;
  const onSubmit = handleSubmit(async (values) => {
    setStatus(null);
    let stepUp: string | undefined;
    try {
      stepUp = await stepUpIfNeeded();
    } catch (err) {
      return setStatus({ ok: false, text: err instanceof Error ? err.message : OFFLINE });
    }
    const result = await confirmTotpAction({ ...values, stepUp }).catch(() => null);
    if (!result) return setStatus({ ok: false, text: OFFLINE });
    if (!result.ok) return setStatus({ ok: false, text: applyActionResult(result, setError) ?? 'Please check the code.' });
    setCodes({ codes: result.data, message: result.message });
  });
  return (
    <form onSubmit={onSubmit} noValidate className="usa-form usa-form--large" aria-labelledby="setup-heading">
      <h3 id="setup-heading">Set up an authenticator app</h3>
      <ol className="usa-process-list">
        <li className="usa-process-list__item">
          <p className="usa-process-list__heading">Scan this QR code with your authenticator app</p>
          {/* A data URL drawn on the server: nothing leaves the portal to draw it. */}
          {/* eslint-disable-next-line @next/next/no-img-element */}
          <img src={started.qrDataUrl} alt="QR code to add the Iowa MMP Portal to your authenticator app" width={200} height={200} />
          <p>
            Cannot scan it? Type this key into the app instead (a time-based key):{' '}
            <code data-testid="totp-secret" aria-label="Key to type into your app">{grouped}</code>
          </p>
        </li>
        <li className="usa-process-list__item">
          <p className="usa-process-list__heading">Enter the 6-digit code the app shows</p>
          <StatusAlert status={status} />
          <TextField
            label="Code from the app"
            hint="6 digits, like 123456. The code changes every 30 seconds."
            inputMode="numeric"
            autoComplete="one-time-code"
            width="sm"
            required
            error={formState.errors.code?.message}
            {...register('code')}
          />
          <Button type="submit" className="margin-top-2" disabled={formState.isSubmitting}>
            {formState.isSubmitting ? 'Checking…' : 'Confirm and finish'}
          </Button>
        </li>
      </ol>
    </form>
  );
}

/** New recovery codes (the old ones stop working); a current code is asked. */
export function RenewRecoveryCodesForm() {
  const router = useRouter();
  const [codes, setCodes] = useState<{ codes: string[]; message?: string } | null>(null);
  const [status, setStatus] = useState<Status>(null);
  const { register, handleSubmit, setError, formState } = useForm<RenewRecoveryCodesValues>({ resolver: formResolver(renewRecoveryCodesSchema, { raw: true }) });
  if (codes) {
    const done = () => {
      setCodes(null);
      router.refresh();
    };
    return <RecoveryCodes codes={codes.codes} message={codes.message} onDone={done} />;
  }
  const onSubmit = handleSubmit(async (values) => {
    setStatus(null);
    const result = await renewRecoveryCodesAction(values).catch(() => null);
    if (!result) return setStatus({ ok: false, text: OFFLINE });
    if (!result.ok) return setStatus({ ok: false, text: applyActionResult(result, setError) ?? 'Please check the code.' });
    setCodes({ codes: result.data, message: result.message });
  });
  return (
    <form onSubmit={onSubmit} noValidate className="usa-form" aria-label="New recovery codes">
      <StatusAlert status={status} />
      <TextField label="Code" hint={CODE_FIELD_HINT} autoComplete="one-time-code" width="md" required error={formState.errors.code?.message} {...register('code')} />
      <Button type="submit" variant="outline" className="margin-top-2" disabled={formState.isSubmitting}>
        New recovery codes
      </Button>
    </form>
  );
}

/** Removes the authenticator app: the password and a code are asked. */
export function RemoveSecondFactorForm() {
  const router = useRouter();
  const [status, setStatus] = useState<Status>(null);
  const { register, handleSubmit, setError, formState } = useForm<RemoveSecondFactorValues>({ resolver: formResolver(removeSecondFactorSchema, { raw: true }) });
  const onSubmit = handleSubmit(async (values) => {
    setStatus(null);
    const result = await removeSecondFactorAction(values).catch(() => null);
    if (!result) return setStatus({ ok: false, text: OFFLINE });
    if (!result.ok) return setStatus({ ok: false, text: applyActionResult(result, setError) ?? 'Please check the form.' });
    setStatus({ ok: true, text: result.message ?? 'Removed.' });
    router.refresh();
  });
  return (
    <form onSubmit={onSubmit} noValidate className="usa-form" aria-label="Remove the authenticator app">
      <StatusAlert status={status} />
      <TextField label="Your password" type="password" autoComplete="current-password" required error={formState.errors.password?.message} {...register('password')} />
      <TextField label="Code" hint={CODE_FIELD_HINT} autoComplete="one-time-code" width="md" required error={formState.errors.code?.message} {...register('code')} />
      <Button type="submit" variant="secondary" className="margin-top-2" disabled={formState.isSubmitting}>
        Remove
      </Button>
    </form>
  );
}
