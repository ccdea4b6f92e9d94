'use client';

import { useRef, useState } from 'react';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import type { ImportOutcome } from '@/lib/applications/commands';
import type { ActionResult } from '@/lib/errors';
import { ACTION_FILE_MAX_BYTES, fileTooLargeMessage, SPLIT_SEASON_ADVICE } from '@/lib/http/body-limit';
import { useLatestAttempt } from './latest-attempt';

// A season's records from a spreadsheet: the file is checked first and nothing is imported until the
// owner has seen how many records it holds and which go above the plan; a file with any bad row is
// refused whole, each bad row named by its line and column.

type Props = { operationId: string; columns: { required: readonly string[]; optional: readonly string[] }; action: (fd: FormData) => Promise<ActionResult<ImportOutcome>> };

export function ApplicationsCsvImport({ operationId, columns, action }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ImportOutcome | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { isLatest, begin } = useLatestAttempt();

  async function send(commit: boolean) {
    begin();
    if (!file) return setError('Choose a CSV file to upload.');
    // Checked here: a body above the server action's limit would be refused by the framework without a word.
    if (file.size > ACTION_FILE_MAX_BYTES) return setError(fileTooLargeMessage(ACTION_FILE_MAX_BYTES, SPLIT_SEASON_ADVICE));
    setBusy(true);
    setError(null);
    const fd = new FormData();
    fd.set('operationId', operationId);
    fd.set('file', file);
    if (commit) fd.set('commit', 'yes');
    const r = await action(fd).catch(() => null);
    setBusy(false);
    // An error answers this attempt: the banner of an earlier one (ready, imported) goes.
    if (!r || !r.ok) setResult(null);
    if (!r) return setError('We could not reach the portal. Nothing was imported; try again.');
    if (!r.ok) return setError(r.fieldErrors?.file?.[0] ?? r.message);
    setResult(r.data);
    if (r.data.ok && r.data.committed && input.current) {
      input.current.value = '';
      setFile(null);
    }
  }

  const shown = isLatest ? result : null;
  return (
    <div className="usa-form maxw-full">
      <p className="usa-hint">
        One row per application, UTF-8 CSV with the columns {columns.required.join(', ')} and optionally {columns.optional.join(', ')}. Methods: injected, incorporated, surface_applied,
        irrigation; units: thousand_gallons or tons; dates as 2027-10-15.
      </p>
      <label className="usa-label" htmlFor="applications-csv">Season’s records (CSV)</label>
      <input ref={input} id="applications-csv" className="usa-file-input" type="file" accept=".csv,text/csv"
        onChange={(ev) => { setFile(ev.target.files?.[0] ?? null); setResult(null); setError(null); }} />
      <Button type="button" variant="outline" className="margin-top-2" disabled={busy || !file} onClick={() => send(false)}>
        {busy ? 'Checking…' : 'Check the file'}
      </Button>
      {error && isLatest ? <Alert type="error" role="alert" slim className="margin-top-2">{error}</Alert> : null}
      {shown && !shown.ok ? (
        <Alert type="error" role="alert" heading="Nothing was imported" headingLevel={3} className="margin-top-2">
          {shown.fileError ? <p>{shown.fileError}</p> : null}
          {shown.problems.length ? (
            <>
              <p>Fix {shown.problems.length === 1 ? 'this row' : 'these rows'} in the spreadsheet and upload it again:</p>
              <ul className="usa-list">
                {shown.problems.map((p, i) => <li key={i}>Line {p.row}, column {p.column}: {p.message}</li>)}
              </ul>
            </>
          ) : null}
        </Alert>
      ) : null}
      {shown && shown.ok && !shown.committed ? (
        <Alert type={shown.flagged.length ? 'warning' : 'info'} role="status" heading={`${shown.count} ${shown.count === 1 ? 'record is' : 'records are'} ready to import`} headingLevel={3} className="margin-top-2">
          {shown.flagged.length ? (
            <ul className="usa-list">{shown.flagged.map((f, i) => <li key={i}>Line {f.row}: {f.message}</li>)}</ul>
          ) : <p>Every record is within the approved plan’s limits.</p>}
          {shown.standings.length ? (
            <>
              <p>Where each field stands this season with this file:</p>
              <ul className="usa-list" data-testid="import-standings">{shown.standings.map((w, i) => <li key={i}>{w}</li>)}</ul>
            </>
          ) : null}
          <Button type="button" disabled={busy} onClick={() => send(true)}>{busy ? 'Importing…' : `Import ${shown.count} ${shown.count === 1 ? 'record' : 'records'}`}</Button>
        </Alert>
      ) : null}
      {shown && shown.ok && shown.committed ? (
        <Alert type="success" role="status" heading={`Imported ${shown.count} ${shown.count === 1 ? 'record' : 'records'}`} headingLevel={3} className="margin-top-2">
          {shown.flagged.length ? `${shown.flagged.length} flagged against the approved plan: see the list below.` : 'Every record is within the approved plan’s limits.'}
        </Alert>
      ) : null}
    </div>
  );
}
