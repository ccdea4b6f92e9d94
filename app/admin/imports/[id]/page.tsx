import type { Metadata } from 'next';
import { Alert } from '@/components/alert';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { DataTable } from '@/components/data-table';
import { PageHeading } from '@/components/page-heading';
import type { ImportRowOutcome } from '@/db/schema';
import { inScope, requireCapability } from '@/lib/auth/gates';
import { formatDateTime } from '@/lib/format';
import { IMPORT_KIND_LABELS, IMPORT_STATUS_LABELS, outcomeWords } from '@/lib/imports/labels';
import { findEarlierApplication, getImportRun } from '@/lib/imports/runs';
import { ApplyPanel } from './apply-panel';

export const metadata: Metadata = { title: 'Import report' };

const SHOWN = 200;

export default async function ImportRunPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const actor = await requireCapability('import.run', `/admin/imports/${id}`);
  const run = await inScope(getImportRun(actor, id));
  const s = run.summary;
  const WORDS = outcomeWords(run.status);
  const applied = run.status === 'applied';
  // The same file uploaded again after it was applied: say so, beside what it would do now.
  const earlier = run.status === 'checked' ? await findEarlierApplication(actor, run) : null;
  // Refused rows first: they are what the admin has to fix.
  const rows = [...run.outcomes.filter((o) => o.outcome === 'refuse'), ...run.outcomes.filter((o) => o.outcome !== 'refuse')].slice(0, SHOWN);
  return (
    <>
      <Breadcrumbs items={[{ label: 'Import records', href: '/admin/imports' }, { label: run.filename }]} />
      <PageHeading title={`Import report: ${run.filename}`} lead={`${IMPORT_KIND_LABELS[run.kind]}. ${IMPORT_STATUS_LABELS[run.status]}.`} />
      {run.fileError ? (
        <Alert type="error" heading={run.status === 'failed' ? 'Applying stopped' : 'The file is refused: nothing was written'} role="alert">
          {run.fileError}
        </Alert>
      ) : s.refuse ? (
        <Alert type="error" heading="The file is refused: nothing was written" role="alert">
          {s.refuse.toLocaleString('en-US')} of {s.rows.toLocaleString('en-US')} rows cannot be imported; the rows and columns are named below. Correct the file and upload it again.
        </Alert>
      ) : run.status === 'applied' ? (
        <Alert type="success" heading="Applied" role="status">
          {s.create.toLocaleString('en-US')} created, {s.change.toLocaleString('en-US')} changed, {s.unchanged.toLocaleString('en-US')} unchanged{run.appliedMs !== null ? `, in ${(run.appliedMs / 1000).toFixed(1)} s` : ''}.
        </Alert>
      ) : earlier ? (
        <Alert type="info" heading="This file was applied before" role="status">
          The same file was applied{earlier.appliedAt ? ` on ${formatDateTime(earlier.appliedAt)}` : ''} (<a className="usa-link" href={`/admin/imports/${earlier.id}`}>its report</a>).{' '}
          {s.create || s.change
            ? `Compared with the records now, ${s.create.toLocaleString('en-US')} rows would still be created and ${s.change.toLocaleString('en-US')} changed: records changed since then.`
            : 'Compared with the records now, nothing would change; there is no need to apply it again.'}
        </Alert>
      ) : null}
      <ul className="usa-list">
        <li>Rows: {s.rows.toLocaleString('en-US')}</li>
        <li>{applied ? 'Created' : 'New'}: {s.create.toLocaleString('en-US')}</li>
        <li>Changed: {s.change.toLocaleString('en-US')}</li>
        <li>Unchanged: {s.unchanged.toLocaleString('en-US')}</li>
        <li>Refused: {s.refuse.toLocaleString('en-US')}</li>
      </ul>
      <p>
        <a className="usa-link" href={`/api/admin/imports/${run.id}/report.csv`} download>
          Download the report for every row (CSV)
        </a>
      </p>
      {run.status === 'checked' || run.status === 'applying' || run.status === 'failed' ? <ApplyPanel runId={run.id} total={s.rows} applying={run.status === 'applying'} /> : null}
      <DataTable<ImportRowOutcome>
        caption={run.outcomes.length > SHOWN ? `The first ${SHOWN} rows (refused rows first); the report has them all` : 'Each row'}
        stacked
        rows={rows}
        rowKey={(o) => `${o.row}`}
        emptyMessage="The file has no rows."
        columns={[
          { key: 'row', header: 'Row', rowHeader: true, cell: (o) => o.row },
          { key: 'fid', header: 'Facility ID', cell: (o) => o.facilityId ?? '—' },
          { key: 'outcome', header: 'Outcome', cell: (o) => WORDS[o.outcome] },
          {
            key: 'why',
            header: 'Why',
            cell: (o) =>
              o.messages.length ? (
                <ul className="usa-list margin-0">
                  {o.messages.map((m, i) => (
                    <li key={i}>{m.column ? <><strong>{m.column}</strong>: {m.message}</> : m.message}</li>
                  ))}
                </ul>
              ) : (
                o.details ?? ''
              ),
          },
        ]}
      />
    </>
  );
}
