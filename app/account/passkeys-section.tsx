'use client';

import { startRegistration } from '@simplewebauthn/browser';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { TextField } from '@/components/text-field';
import { formatDateTime } from '@/lib/format';
import { addPasskeyAction, removePasskeyAction, startPasskeyAction } from './actions';
import { RecoveryCodes } from './second-factor-forms';
import { stepUpIfNeeded } from './step-up';

type Passkey = { id: string; name: string; createdAt: string; lastUsedAt: string | null };
type Status = { ok: boolean; text: string } | null;
const OFFLINE = 'We could not reach the portal. Try again; what you typed is still here.';

/**
 * Passkeys (a fingerprint, face or PIN on this device, or a security key): a second factor beside the
 * authenticator app, used at sign-in and to sign plans. Each is named, listed, and removed with the
 * password.
 */
export function PasskeysSection({ passkeys, hasApp, recoveryCodesLeft }: { passkeys: Passkey[]; hasApp: boolean; recoveryCodesLeft: number }) {
  const router = useRouter();
  // The recovery codes that came with the account's first factor, until the person says they saved them.
  const [codes, setCodes] = useState<{ codes: string[]; message?: string } | null>(null);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<Status>(null);
  const [busy, setBusy] = useState(false);

  const add = async () => {
    setStatus(null);
    if (!name.trim()) return setNameError('Name the passkey, for example “Work laptop”');
    setNameError(null);
    const missing: Record<string, string> = {};
    if (!password) missing.password = 'Enter the password you sign in with';
    if (hasApp && !code.trim()) missing.code = 'Type the code your app shows now';
    setFieldErrors(missing);
    if (Object.keys(missing).length) return;
    setBusy(true);
    try {
      // An account with passkeys and no app proves it with one of them first.
      let stepUp: string | undefined;
      if (!hasApp) {
        try {
          stepUp = await stepUpIfNeeded();
        } catch (err) {
          return setStatus({ ok: false, text: err instanceof Error ? err.message : OFFLINE });
        }
      }
      const options = await startPasskeyAction();
      if (!options.ok) return setStatus({ ok: false, text: options.message });
      const response = await startRegistration({ optionsJSON: options.data }).catch(() => null);
      if (!response) return setStatus({ ok: false, text: 'No passkey was made on this device. Try again, or use an authenticator app.' });
      const result = await addPasskeyAction({ name, response, password, code: hasApp ? code : undefined, stepUp });
      if (!result.ok) {
        setFieldErrors(Object.fromEntries(Object.entries(result.fieldErrors ?? {}).map(([k, m]) => [k, m[0] ?? ''])));
        return setStatus({ ok: false, text: result.message });
      }
      setName('');
      setPassword('');
      setCode('');
      if (result.data) return setCodes({ codes: result.data, message: result.message });
      setStatus({ ok: true, text: result.message ?? 'Passkey added.' });
      router.refresh();
    } catch {
      setStatus({ ok: false, text: OFFLINE });
    } finally {
      setBusy(false);
    }
  };

  if (codes) {
    return (
      <section aria-labelledby="passkeys-heading">
        <h3 id="passkeys-heading">Passkeys</h3>
        <RecoveryCodes
          codes={codes.codes}
          message={codes.message}
          lost="If you lose the device that holds your passkey, each code signs you in once in its place: type it where the portal asks for a code."
          onDone={() => {
            setCodes(null);
            router.refresh();
          }}
        />
      </section>
    );
  }

  return (
    <section aria-labelledby="passkeys-heading">
      <h3 id="passkeys-heading">Passkeys</h3>
      <p>
        A passkey lets this device (with its fingerprint, face or PIN) or a security key stand in for a code from the app, when you sign in and when you sign a plan.
        {hasApp
          ? null
          : passkeys.length
            ? ` You have ${recoveryCodesLeft} unused recovery code${recoveryCodesLeft === 1 ? '' : 's'}: each signs you in once if you lose the device that holds your passkey. If you lose it and your codes, the department’s administrator resets your second factor.`
            : ' Your first passkey comes with ten recovery codes, shown once: keep them safe, they sign you in if you lose the device.'}
      </p>
      {passkeys.length ? (
        <ul className="usa-list" aria-label="Your passkeys">
          {passkeys.map((p) => (
            <li key={p.id}>
              <strong>{p.name}</strong>, added {formatDateTime(p.createdAt)}
              {p.lastUsedAt ? `; last used ${formatDateTime(p.lastUsedAt)}` : ''}
              <RemovePasskey passkey={p} />
            </li>
          ))}
        </ul>
      ) : (
        <p>No passkey yet.</p>
      )}
      {status ? (
        <Alert type={status.ok ? 'success' : 'error'} role={status.ok ? 'status' : 'alert'} slim>
          {status.text}
        </Alert>
      ) : null}
      <div className="usa-form">
        <TextField label="Name for the new passkey" hint="So you can tell your passkeys apart, for example “Work laptop”." value={name} maxLength={60} error={nameError} onChange={(e) => setName(e.target.value)} />
        <TextField label="Your password" type="password" autoComplete="current-password" value={password} error={fieldErrors.password} onChange={(e) => setPassword(e.target.value)} />
        {hasApp ? (
          <TextField label="Code from your authenticator app" hint="Adding a factor asks for the one you have: the 6 digits the app shows now, or a recovery code." autoComplete="one-time-code" width="md" value={code} error={fieldErrors.code} onChange={(e) => setCode(e.target.value)} />
        ) : null}
        <Button className="margin-top-2" variant="outline" disabled={busy} onClick={() => void add()}>
          {busy ? 'Waiting for your device…' : 'Add a passkey'}
        </Button>
      </div>
    </section>
  );
}

function RemovePasskey({ passkey }: { passkey: Passkey }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const remove = async () => {
    setError(null);
    const result = await removePasskeyAction({ id: passkey.id, password }).catch(() => null);
    if (!result) return setError(OFFLINE);
    if (!result.ok) return setError(result.fieldErrors?.password?.[0] ?? result.message);
    router.refresh();
  };
  if (!open) {
    return (
      <Button variant="unstyled" className="margin-left-1" onClick={() => setOpen(true)}>
        Remove<span className="usa-sr-only"> the passkey {passkey.name}</span>
      </Button>
    );
  }
  return (
    <div className="usa-form" role="group" aria-label={`Remove the passkey ${passkey.name}`}>
      {/* The field takes the focus the button had: the person goes on where they were. */}
      <TextField label="Your password" type="password" autoComplete="current-password" autoFocus value={password} error={error} onChange={(e) => setPassword(e.target.value)} />
      <Button variant="secondary" className="margin-top-1" onClick={() => void remove()}>
        Remove the passkey
      </Button>
      <Button variant="unstyled" className="margin-left-2" onClick={() => setOpen(false)}>
        Cancel
      </Button>
    </div>
  );
}
