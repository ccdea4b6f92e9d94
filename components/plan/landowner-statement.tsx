'use client';

import { useState } from 'react';
import { Button } from '@/components/button';
import { TextField } from '@/components/text-field';
import type { ActionResult } from '@/lib/errors';
import { formatDate } from '@/lib/format';
import { numberOrNull } from '@/lib/plans/balance';
import { statementProblem, type StatementSummary } from '@/lib/plans/statement-check';

// DNR form 542-8167 without paper: instead of uploading a signed copy, the filer emails the landowner
// a link to confirm the statement (the field, the acres and the commercial fertilizer as typed here).
// The row then carries the request; the plan is complete once the landowner has confirmed exactly it.

export type RequestStatement = (input: unknown) => Promise<ActionResult<StatementSummary>>;

type Row = { key: string; landownerName?: string; acres?: unknown; commercialNLbPerAcre?: unknown; commercialP2o5LbPerAcre?: unknown; statementId?: string };

export function LandownerStatement({ planId, row, fieldName, statements, request, onRequested }: {
  planId: string; row: Row; fieldName: string; statements: StatementSummary[]; request: RequestStatement; onRequested: (s: StatementSummary) => void;
}) {
  const current = statements.find((s) => s.id === row.statementId);
  const [email, setEmail] = useState(current?.landownerEmail ?? '');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const figures = {
    landownerName: row.landownerName?.trim() ?? '',
    acres: numberOrNull(row.acres),
    commercialNLbPerAcre: numberOrNull(row.commercialNLbPerAcre),
    commercialP2o5LbPerAcre: numberOrNull(row.commercialP2o5LbPerAcre),
  };
  const problem = current ? statementProblem({ ...figures, statementId: current.id }, statements) : null;

  async function send() {
    setSending(true);
    setError(null);
    const result = await request({ planId, agreementKey: row.key, fieldName, landownerEmail: email, ...figures, acres: figures.acres ?? '', commercialNLbPerAcre: figures.commercialNLbPerAcre ?? '', commercialP2o5LbPerAcre: figures.commercialP2o5LbPerAcre ?? '' })
      .catch(() => ({ ok: false as const, message: 'The portal could not be reached. Nothing was sent; try again.' }));
    setSending(false);
    if (result.ok) onRequested(result.data);
    else setError(('fieldErrors' in result && result.fieldErrors ? Object.values(result.fieldErrors).flat()[0] : undefined) ?? result.message ?? 'Nothing was sent; try again.');
  }

  return (
    <div className="margin-top-2 padding-2 bg-base-lightest radius-md" data-testid={`statement-${row.key}`}>
      <p className="margin-top-0 text-bold">Or ask the landowner to confirm by email</p>
      {current ? (
        <p role="status">
          {current.confirmedAt
            ? `Confirmed by ${current.confirmedName} on ${formatDate(current.confirmedAt.slice(0, 10))}.`
            : `Sent to ${current.landownerEmail} on ${formatDate(current.requestedAt.slice(0, 10))}; not yet confirmed. The link works until ${formatDate(current.expiresAt.slice(0, 10))}.`}
          {problem && current.confirmedAt ? ` ${problem}` : ''}
          {current.confirmedAt && current.copyOfRecord ? <> <a href={`/api/statements/${current.id}/copy-of-record.pdf`}>Copy of record {current.copyOfRecord}</a></> : null}
        </p>
      ) : null}
      <TextField label="Landowner’s email" type="email" autoComplete="off" value={email} onChange={(e) => setEmail(e.target.value)} error={error ?? undefined} />
      <Button variant="outline" onClick={() => void send()} disabled={sending}>
        {sending ? 'Sending…' : current ? 'Send the statement again' : 'Email the statement to the landowner'}
      </Button>
    </div>
  );
}
