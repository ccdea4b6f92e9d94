'use client';

import Link from 'next/link';
import { useState } from 'react';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Checkbox } from '@/components/checkbox';
import { TextField } from '@/components/text-field';
import { formatDateTime, formatMoney, formatNumber } from '@/lib/format';
import type { FiledUpdate, NoChangeCandidate, RefusedUpdate } from '@/lib/portfolio/no-change';
import { noChangeBulkSchema } from '@/lib/validation/no-change';
import { fileNoChangeUpdatesAction, noChangePasskeyOptionsAction } from './actions';
import { startAuthentication } from '@simplewebauthn/browser';

type Row = NoChangeCandidate & { idempotencyKey: string };

function statement(name: string, filer: string) {
  return `I certify that the manure management plan for ${name}, as last approved by the department, has not changed${filer === 'preparer' ? ', as its owner has told me, and that the owner has authorized me to file this statement' : ''}.`;
}

/** One summary: each operation, its AU, its fee and payer, its own certification; then file them all. */
type Readiness = { agreementAccepted: boolean; hasSecondFactor: boolean; hasPasskey: boolean; lockedUntil: string | null };
type Certification = { version: string; form: string; text: string };

export function NoChangeForm({ rows, filer, certification, readiness }: { rows: Row[]; filer: 'owner' | 'preparer' | string; certification: Certification; readiness: Readiness }) {
  const fileable = rows.filter((r) => !r.refusal);
  const [signing, setSigning] = useState({ certify: false, password: '', code: '' });
  const [signingErrors, setSigningErrors] = useState<Record<string, string>>({});
  const canSign = readiness.agreementAccepted && readiness.hasSecondFactor && !readiness.lockedUntil;
  const [certified, setCertified] = useState<Record<string, boolean>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ filed: FiledUpdate[]; refused: RefusedUpdate[] } | null>(null);
  const total = fileable.reduce((s, r) => s + (r.fee?.cents ?? 0), 0);

  async function submit(e: React.FormEvent | null, withPasskey = false) {
    e?.preventDefault();
    setMessage(null);
    // Operations that cannot be filed go too: the server names each and files the rest.
    const input = {
      items: rows.map((r) => ({ operationId: r.operationId, idempotencyKey: r.idempotencyKey, certified: r.refusal ? true : certified[r.operationId] === true })),
      signing: { ...signing, certificationVersion: certification.version },
    };
    const parsed = noChangeBulkSchema.safeParse(input);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      const sign: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        if (issue.path[0] === 'items' && typeof issue.path[1] === 'number') next[rows[issue.path[1]]!.operationId] = issue.message;
        if (issue.path[0] === 'signing' && typeof issue.path[1] === 'string') sign[issue.path[1]] ??= issue.message;
      }
      setErrors(next);
      setSigningErrors(sign);
      setMessage(Object.keys(next).length ? 'Certify the statement for each operation, or leave it out.' : 'Sign the statements: tick the certification and give your password and code.');
      return;
    }
    if (!withPasskey && !parsed.data.signing.code) {
      setSigningErrors({ code: readiness.hasPasskey ? 'Type the code from your authenticator app, or sign with your passkey' : 'Type the code from your authenticator app' });
      setMessage('Sign the statements: tick the certification and give your password and code.');
      return;
    }
    setErrors({});
    setSigningErrors({});
    setBusy(true);
    let passkey: string | undefined;
    if (withPasskey) {
      const options = await noChangePasskeyOptionsAction().catch(() => null);
      const response = options?.ok ? await startAuthentication({ optionsJSON: options.data }).catch(() => null) : null;
      if (!response) {
        setBusy(false);
        return setMessage(options && !options.ok ? options.message : 'The passkey was not used, so nothing was filed. Try again, or type a code from your authenticator app.');
      }
      passkey = JSON.stringify(response);
    }
    const res = await fileNoChangeUpdatesAction({ ...parsed.data, signing: { ...parsed.data.signing, passkey } }).catch(() => null);
    setBusy(false);
    if (!res) return setMessage('We could not reach the portal. Nothing you ticked is lost: try again (nothing is filed twice).');
    if (!res.ok) {
      setSigningErrors(Object.fromEntries(Object.entries(res.fieldErrors ?? {}).map(([k, m]) => [k, m[0] ?? ''])));
      return setMessage(res.message ?? 'Please check the form.');
    }
    setResult(res.data);
  }

  if (result) {
    return (
      <>
        {result.filed.length ? (
          <Alert type="success" role="status" heading={`${result.filed.length} ${result.filed.length === 1 ? 'update was' : 'updates were'} filed`}>
            Each has its own receipt, emailed to the owner{filer === 'preparer' ? ' and to you' : ''}, and its own annual compliance fee.
          </Alert>
        ) : null}
        {result.refused.length ? (
          <Alert type="error" heading={`${result.refused.length} could not be filed`}>
            <ul className="usa-list margin-y-0">
              {result.refused.map((r) => (
                <li key={r.operationId}><strong>{r.name}</strong>: {r.reason}</li>
              ))}
            </ul>
          </Alert>
        ) : null}
        <ul className="usa-list">
          {result.filed.map((f) => (
            <li key={f.operationId}>
              <Link href={`/plans/${f.planId}`}>{f.name}: receipt and plan</Link>
              {' · '}
              <a href={`/api/invoices/${f.submissionId}`}>invoice (PDF)</a>
              {f.feeCents ? ` · fee ${formatMoney(f.feeCents)}` : ''}
            </li>
          ))}
        </ul>
      </>
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label="No-change statements">
      {message ? <Alert type="error" slim>{message}</Alert> : null}
      <table className="usa-table usa-table--stacked width-full">
        <caption>What will be filed</caption>
        <thead>
          <tr>
            <th scope="col">Operation</th>
            <th scope="col">Animal units stated</th>
            <th scope="col">Annual compliance fee</th>
            <th scope="col">Certification</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.operationId}>
              <th scope="row" data-label="Operation">
                {r.name}
                <span className="display-block text-base-dark font-sans-2xs">Facility {r.facilityId ?? 'not yet assigned'} · {r.countyName} County</span>
              </th>
              <td data-label="Animal units stated">{formatNumber(r.animalUnitCapacity)}</td>
              <td data-label="Annual compliance fee">
                {r.fee ? <>{formatMoney(r.fee.cents)}, paid by {r.fee.payerName} ({r.fee.payer === 'active_contractor' ? 'active contractor' : 'owner'}; {r.fee.citation})</> : r.feeNote ?? 'None'}
              </td>
              <td data-label="Certification">
                {r.refusal ? (
                  <span className="text-secondary-dark text-bold">Cannot be filed: {r.refusal}</span>
                ) : (
                  <div className={errors[r.operationId] ? 'usa-form-group usa-form-group--error margin-0' : undefined}>
                    {errors[r.operationId] ? <span className="usa-error-message" id={`err-${r.operationId}`}>{errors[r.operationId]}</span> : null}
                    <div className="usa-checkbox">
                      <input
                        className="usa-checkbox__input"
                        type="checkbox"
                        id={`certify-${r.operationId}`}
                        checked={certified[r.operationId] === true}
                        onChange={(e) => setCertified((c) => ({ ...c, [r.operationId]: e.target.checked }))}
                        aria-describedby={errors[r.operationId] ? `err-${r.operationId}` : undefined}
                      />
                      <label className="usa-checkbox__label" htmlFor={`certify-${r.operationId}`}>{statement(r.name, filer)}</label>
                    </div>
                  </div>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="text-bold">
        {fileable.length} to file · annual compliance fees {formatMoney(total)}
      </p>
      <fieldset className="usa-fieldset margin-top-3 maxw-tablet">
        <legend className="usa-legend usa-legend--large">Sign the statements</legend>
        {readiness.lockedUntil ? (
          <Alert type="error" slim role="alert">
            Signing is locked for your account until {formatDateTime(readiness.lockedUntil)} after five wrong tries. We emailed you about it.
          </Alert>
        ) : !canSign ? (
          <Alert type="warning" slim>
            Before you can sign, on <Link href="/account">your account page</Link>
            {!readiness.agreementAccepted ? ' accept the electronic signature agreement' : ''}
            {!readiness.agreementAccepted && !readiness.hasSecondFactor ? ' and' : ''}
            {!readiness.hasSecondFactor ? ' set up an authenticator app or a passkey: signing asks for your password and a code from the app, or your passkey' : ''}.
          </Alert>
        ) : (
          <>
            <div className="border-left-05 border-primary padding-left-2 margin-y-2">
              <p className="margin-bottom-05 text-bold">
                Certification ({certification.form}, version {certification.version})
              </p>
              <p className="margin-top-0">{certification.text}</p>
            </div>
            <Checkbox
              label="I make the certification above, and each statement I ticked, with my electronic signature."
              checked={signing.certify}
              error={signingErrors.certify}
              onChange={(e) => setSigning((v) => ({ ...v, certify: e.target.checked }))}
            />
            <TextField label="Your password" type="password" autoComplete="current-password" required value={signing.password} error={signingErrors.password} onChange={(e) => setSigning((v) => ({ ...v, password: e.target.value }))} />
            <TextField
              label="Code from your authenticator app"
              hint={readiness.hasPasskey ? 'The 6 digits the app shows now, or one of your recovery codes. Or leave it empty and sign with your passkey.' : 'The 6 digits the app shows now, or one of your recovery codes.'}
              autoComplete="one-time-code"
              width="md"
              value={signing.code}
              error={signingErrors.code}
              onChange={(e) => setSigning((v) => ({ ...v, code: e.target.value }))}
            />
          </>
        )}
      </fieldset>
      <Button type="submit" className="margin-top-3" disabled={busy || !fileable.length || !canSign}>
        {busy ? 'Signing and filing…' : fileable.length === 1 ? 'Sign and file the “no change” update' : `Sign and file all ${fileable.length} “no change” updates`}
      </Button>
      {readiness.hasPasskey && canSign ? (
        <Button variant="outline" className="margin-top-3" disabled={busy || !fileable.length} onClick={() => void submit(null, true)}>
          Sign with my passkey and file
        </Button>
      ) : null}
    </form>
  );
}
