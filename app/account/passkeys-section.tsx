'use client';

import { startRegistration } from '@simplewebauthn/browser';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { TextField } from '@/components/text-field';
import { formatDateTime } from '@/lib/format';
import { addPasskeyAction, removePasskeyAction, startPasskeyAction } from './actions';

type Passkey = { id: string; name: string; createdAt: string; lastUsedAt: string | null };
type Status = { ok: boolean; text: string } | null;
const OFFLINE = 'We could not reach the portal. Try again; what you typed is still here.';

/**
 * Passkeys (a fingerprint, face or PIN on this device, or a security key): a second factor beside the
 * authenticator app, used at sign-in and to sign plans. Each is named, listed, and removed with the
 * password.
 */
export function PasskeysSection({ passkeys }: { passkeys: Passkey[] }) {
  const router = useRouter();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [status, setStatus] = useState<Status>(null);
  const [busy, setBusy] = useState(false);

  const add = async () => {
    setStatus(null);
    if (!name.trim()) return setNameError('Name the passkey, for example “Work laptop”');
    setNameError(null);
    setBusy(true);
    try {
      const options = await startPasskeyAction();
      if (!options.ok) return setStatus({ ok: false, text: options.message });
      const response = await startRegistration({ optionsJSON: options.data }).catch(() => null);
      if (!response) return setStatus({ ok: false, text: 'No passkey was made on this device. Try again, or use an authenticator app.' });
      const result = await addPasskeyAction({ name, response });
      if (!result.ok) return setStatus({ ok: false, text: result.message });
      setStatus({ ok: true, text: result.message ?? 'Passkey added.' });
      setName('');
      router.refresh();
    } catch {
      setStatus({ ok: false, text: OFFLINE });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="passkeys-heading">
      <h3 id="passkeys-heading">Passkeys</h3>
      <p>
        A passkey lets this device (with its fingerprint, face or PIN) or a security key stand in for a code from the app, when you sign in and when you sign a plan.
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
      <TextField label="Your password" type="password" autoComplete="current-password" value={password} error={error} onChange={(e) => setPassword(e.target.value)} />
      <Button variant="secondary" className="margin-top-1" onClick={() => void remove()}>
        Remove the passkey
      </Button>
    </div>
  );
}
