'use client';

import Link from 'next/link';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Checkbox } from '@/components/checkbox';
import { applyActionResult } from '@/components/forms/apply-result';
import { formResolver } from '@/components/forms/form-resolver';
import { TextField } from '@/components/text-field';
import type { ActionResult } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import { signingCredentialsSchema, type SigningCredentialsInput } from '@/lib/validation/signing';
import { startAuthentication } from '@simplewebauthn/browser';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';

/** What the signing step shows, from the server (lib/plans/signing: signingPreview). */
export type SigningPreviewData = {
  planId: string;
  version: number;
  ready: boolean;
  documentSha256: string | null;
  certification: { version: string; form: string; text: string };
  readiness: { capacity: string | null; agreementAccepted: boolean; hasSecondFactor: boolean; hasPasskey: boolean; lockedUntil: string | null };
  signatories: { name: string; capacity: string }[];
};

export type SignValues = { password: string; code: string; passkey?: string; documentSha256: string; certificationVersion: string };

type Props = {
  /** Saves what is typed, then asks the server for the plan as it would be filed, its SHA-256 and where the signer stands. */
  prepare: () => Promise<ActionResult<SigningPreviewData> | null>;
  requestSignature: (input: unknown) => Promise<ActionResult<{ sentTo: string[] }>>;
  /** Signs and submits; resolves with the server's refusal (shown on the form) or null when filed or offline. */
  sign: (values: SignValues) => Promise<ActionResult<unknown> | null>;
  /** A challenge for one of the signer's passkeys (WebAuthn), to sign with instead of a code. */
  passkeyOptions: () => Promise<ActionResult<PublicKeyCredentialRequestOptionsJSON>>;
  submitting: boolean;
  submitError: string | null;
};

const OFFLINE = 'We could not reach the portal. Check your connection and try again; what you typed is still here.';

/**
 * The signing step (DNR form 542-4000's signature, made electronically): the certification in full,
 * the plan's SHA-256 (its fingerprint, printed on the copy of record), then the signer's password and a
 * code from their authenticator app. Someone who may not sign sends the plan to those who may.
 */
export function SigningPanel({ prepare, requestSignature, sign, passkeyOptions, submitting, submitError }: Props) {
  const [preview, setPreview] = useState<SigningPreviewData | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  // Read once when the step opens (and on "try again"), whatever the parent re-renders.
  const prepareRef = useRef(prepare);
  useEffect(() => {
    prepareRef.current = prepare;
  }, [prepare]);
  const apply = useCallback((result: ActionResult<SigningPreviewData> | null) => {
    if (!result) return setLoadError(OFFLINE);
    if (!result.ok) return setLoadError(result.message);
    setLoadError(null);
    setPreview(result.data);
  }, []);
  useEffect(() => {
    let live = true;
    void prepareRef
      .current()
      .catch(() => null)
      .then((result) => live && apply(result));
    return () => {
      live = false;
    };
  }, [apply]);
  const load = useCallback(async () => {
    setLoadError(null);
    setPreview(null);
    apply(await prepareRef.current().catch(() => null));
  }, [apply]);

  return (
    <section aria-labelledby="signing-heading" className="margin-top-4 border-top-1px border-base-lighter padding-top-2">
      <h3 id="signing-heading">Sign and submit</h3>
      {loadError ? (
        <Alert type="error" slim role="alert">
          {loadError}{' '}
          <Button variant="unstyled" onClick={() => void load()}>
            Try again
          </Button>
        </Alert>
      ) : !preview ? (
        <p role="status">Preparing the plan for signing…</p>
      ) : !preview.ready ? (
        <Alert type="warning" slim>
          Add what is missing (listed above), then come back here to sign.
        </Alert>
      ) : !preview.readiness.capacity ? (
        <SendToSign preview={preview} requestSignature={requestSignature} />
      ) : preview.readiness.lockedUntil ? (
        <Alert type="error" slim role="alert">
          Signing is locked for your account until {formatDateTime(preview.readiness.lockedUntil)} after five wrong tries. We emailed you about it. If it was not you, change
          your password and tell the department.
        </Alert>
      ) : !preview.readiness.agreementAccepted || !preview.readiness.hasSecondFactor ? (
        <Alert type="warning" heading="Before you can sign" headingLevel={4}>
          <p>You sign this plan as {preview.readiness.capacity.toLowerCase()}. On your account page, first:</p>
          <ul className="usa-list">
            {!preview.readiness.agreementAccepted ? <li>accept the electronic signature agreement (once);</li> : null}
            {!preview.readiness.hasSecondFactor ? <li>set up an authenticator app or a passkey: signing asks for your password and a code from the app, or your passkey.</li> : null}
          </ul>
          <p>
            <Link href="/account" className="usa-link">
              Open your account page
            </Link>{' '}
            (this plan is saved; come back to it from your dashboard).
          </p>
        </Alert>
      ) : (
        <SignForm preview={preview} sign={sign} passkeyOptions={passkeyOptions} submitting={submitting} submitError={submitError} reload={load} />
      )}
    </section>
  );
}

function Fingerprint({ sha256 }: { sha256: string }) {
  return (
    <div className="margin-y-2">
      <p className="margin-bottom-05">
        <strong>The plan’s fingerprint (SHA-256)</strong>
      </p>
      <p className="font-mono-xs margin-top-0" style={{ overflowWrap: 'anywhere' }} data-testid="document-sha256">
        {sha256}
      </p>
      <p className="font-sans-2xs text-base">It identifies exactly the plan shown above. Your signature is bound to it, and it is printed on the copy of record.</p>
    </div>
  );
}

function SignForm({
  preview,
  sign,
  passkeyOptions,
  submitting,
  submitError,
  reload,
}: {
  preview: SigningPreviewData;
  sign: Props['sign'];
  passkeyOptions: Props['passkeyOptions'];
  submitting: boolean;
  submitError: string | null;
  reload: () => Promise<void>;
}) {
  const [status, setStatus] = useState<string | null>(null);
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  const { register, handleSubmit, setError, formState } = useForm<SigningCredentialsInput>({
    resolver: formResolver(signingCredentialsSchema),
    defaultValues: { certificationVersion: preview.certification.version, password: '', code: '' },
  });
  const onSubmit = handleSubmit(async (values) => {
    setStatus(null);
    if (!values.code) return setError('code', { type: 'required', message: preview.readiness.hasPasskey ? 'Type the code from your authenticator app, or sign with your passkey' : 'Type the code from your authenticator app' }, { shouldFocus: true });
    const result = await sign({ password: values.password, code: values.code, documentSha256: preview.documentSha256!, certificationVersion: values.certificationVersion });
    if (result && !result.ok) setStatus(applyActionResult(result, setError));
  });
  // The same certification and password, with the device's passkey answering instead of a code.
  const withPasskey = handleSubmit(async (values) => {
    setStatus(null);
    setPasskeyBusy(true);
    try {
      const options = await passkeyOptions().catch(() => null);
      if (!options) return setStatus(OFFLINE);
      if (!options.ok) return setStatus(options.message);
      const response = await startAuthentication({ optionsJSON: options.data }).catch(() => null);
      if (!response) return setStatus('The passkey was not used, so nothing was signed. Try again, or type a code from your authenticator app.');
      const result = await sign({ password: values.password, code: '', passkey: JSON.stringify(response), documentSha256: preview.documentSha256!, certificationVersion: values.certificationVersion });
      if (result && !result.ok) setStatus(applyActionResult(result, setError));
    } finally {
      setPasskeyBusy(false);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="usa-form maxw-tablet" aria-label="Sign and submit the plan">
      <p>
        You sign as <strong>{preview.readiness.capacity}</strong>. Read the certification, then sign with your password and a code from your authenticator app.
      </p>
      <div className="border-left-05 border-primary padding-left-2 margin-y-2">
        <p className="margin-bottom-05 text-bold">
          Certification ({preview.certification.form}, version {preview.certification.version})
        </p>
        <p className="margin-top-0" data-testid="certification-text">
          {preview.certification.text}
        </p>
      </div>
      <Fingerprint sha256={preview.documentSha256!} />
      <input type="hidden" {...register('certificationVersion')} />
      <Checkbox label="I have read the plan and the certification above, and I make the certification." error={formState.errors.certify?.message} {...register('certify')} />
      <TextField label="Your password" type="password" autoComplete="current-password" required error={formState.errors.password?.message} {...register('password')} />
      <TextField
        label="Code from your authenticator app"
        hint={preview.readiness.hasPasskey ? 'The 6 digits the app shows now, or one of your recovery codes. Or leave it empty and sign with your passkey.' : 'The 6 digits the app shows now, or one of your recovery codes.'}
        autoComplete="one-time-code"
        width="md"
        error={formState.errors.code?.message}
        {...register('code')}
      />
      {status || submitError ? (
        <Alert type="error" slim role="alert" className="margin-top-2">
          {status ?? submitError}
          {/changed since you read it/.test(status ?? submitError ?? '') ? (
            <>
              {' '}
              <Button variant="unstyled" onClick={() => void reload()}>
                Read the plan again
              </Button>
            </>
          ) : null}
        </Alert>
      ) : null}
      <Button type="submit" big className="margin-top-3" disabled={submitting || formState.isSubmitting}>
        {submitting || formState.isSubmitting ? 'Signing and submitting…' : 'Sign and submit the plan'}
      </Button>
      {preview.readiness.hasPasskey ? (
        <Button variant="outline" big className="margin-top-3" disabled={submitting || passkeyBusy} onClick={() => void withPasskey()}>
          {passkeyBusy ? 'Waiting for your passkey…' : 'Sign with my passkey and submit'}
        </Button>
      ) : null}
    </form>
  );
}

function SendToSign({ preview, requestSignature }: { preview: SigningPreviewData; requestSignature: Props['requestSignature'] }) {
  const [note, setNote] = useState('');
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const send = async () => {
    setBusy(true);
    setStatus(null);
    const result = await requestSignature({ planId: preview.planId, note: note.trim() || undefined }).catch(() => null);
    setBusy(false);
    if (!result) return setStatus({ ok: false, text: OFFLINE });
    setStatus(result.ok ? { ok: true, text: result.message ?? 'Sent to be signed.' } : { ok: false, text: result.message });
  };
  return (
    <div>
      <p>
        You can prepare this plan, but you may not sign it: the owner of record signs, or someone the owner names on the operation’s page. The plan is filed when one of them signs
        it here.
      </p>
      {preview.signatories.length ? (
        <>
          <p>Who may sign it:</p>
          <ul className="usa-list">
            {preview.signatories.map((s) => (
              <li key={`${s.name}-${s.capacity}`}>
                {s.name} ({s.capacity.toLowerCase()})
              </li>
            ))}
          </ul>
          <TextField label="A note for them (optional)" name="note" value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} />
          {status ? (
            <Alert type={status.ok ? 'success' : 'error'} role={status.ok ? 'status' : 'alert'} slim className="margin-top-2">
              {status.text}
            </Alert>
          ) : null}
          <Button className="margin-top-2" disabled={busy} onClick={() => void send()}>
            {busy ? 'Sending…' : 'Send it to be signed'}
          </Button>
        </>
      ) : (
        <Alert type="warning" slim>
          No one with a portal account may sign this operation’s plans yet. Ask the owner to register, or to name who signs for them.
        </Alert>
      )}
    </div>
  );
}
