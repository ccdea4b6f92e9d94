import type { Metadata } from 'next';
import { ApplyPanel } from '@/app/admin/imports/[id]/apply-panel';
import { Alert } from '@/components/alert';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { DataTable } from '@/components/data-table';
import { PageHeading } from '@/components/page-heading';
import type { ImportRowOutcome } from '@/db/schema';
import { inScope, requireCapability } from '@/lib/auth/gates';
import { formatDate } from '@/lib/format';
import { getCountyYieldRun } from '@/lib/reference/county-yield-import';
import { ConfirmedTag } from '../../tables';

export const metadata: Metadata = { title: 'County yield file' };

const SHOWN = 200;
const n = (x: number) => x.toLocaleString('en-US');

function Rows({ caption, rows, why }: { caption: string; rows: ImportRowOutcome[]; why: string }) {
  if (!rows.length) return null;
  return (
    <DataTable<ImportRowOutcome>
      caption={rows.length > SHOWN ? `${caption} (the first ${SHOWN})` : caption}
      stacked
      rows={rows.slice(0, SHOWN)}
      rowKey={(o) => `${o.row}`}
      columns={[
        { key: 'row', header: 'Row', rowHeader: true, cell: (o) => o.row },
        { key: 'what', header: 'County and crop', cell: (o) => o.details?.split(';')[0] ?? '—' },
        {
          key: 'why',
          header: why,
          cell: (o) => (
            <ul className="usa-list margin-0">
              {o.messages.map((m, i) => (
                <li key={i}>{m.column ? <><strong>{m.column}</strong>: {m.message}</> : m.message}</li>
              ))}
            </ul>
          ),
        },
      ]}
    />
  );
}

export default async function CountyYieldRunPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const actor = await requireCapability('import.run', `/admin/reference/imports/${id}`);
  const run = await inScope(getCountyYieldRun(actor, id));
  const s = run.summary;
  const of = (k: ImportRowOutcome['outcome']) => run.outcomes.filter((o) => o.outcome === k);
  const opts = run.chosen;
  return (
    <>
      <Breadcrumbs items={[{ label: 'Reference tables', href: '/admin/reference' }, { label: run.filename }]} />
      <PageHeading title={`County average yields: ${run.filename}`} lead={`In force from ${formatDate(opts.effectiveFrom)}. Source: ${opts.source}.`} />
      <p>
        Recorded as <ConfirmedTag confirmed={opts.confirmed} /> {opts.confirmed ? 'by the department.' : '(the department has not confirmed these figures; plans show them as unconfirmed).'}
      </p>
      {run.fileError ? (
        <Alert type="error" heading={run.status === 'failed' ? 'The import stopped' : 'The file is refused: nothing was imported'} role="alert">
          {run.fileError}
        </Alert>
      ) : s.refuse ? (
        <Alert type="error" heading="The file is refused: nothing was imported" role="alert">
          {n(s.refuse)} of {n(s.rows)} rows cannot be imported; each is named below with its column. Correct the file and upload it again.
        </Alert>
      ) : run.status === 'applied' ? (
        <Alert type="success" heading="Imported" role="status">
          {n(s.create)} new and {n(s.change)} changed county yields recorded, in force from {formatDate(opts.effectiveFrom)}; {n(s.unchanged)} unchanged.
        </Alert>
      ) : (
        <Alert type="info" heading="What this file changes" role="status">
          Nothing is written until you confirm. {n(s.create)} new, {n(s.change)} changed, {n(s.unchanged)} unchanged.
        </Alert>
      )}
      <ul className="usa-list" aria-label="Rows in the file">
        <li>Rows: {n(s.rows)}</li>
        <li>New: {n(s.create)}</li>
        <li>Changed: {n(s.change)}</li>
        <li>Unchanged: {n(s.unchanged)}</li>
        <li>Refused: {n(s.refuse)}</li>
      </ul>
      {run.status === 'checked' || run.status === 'applying' || run.status === 'failed' ? <ApplyPanel runId={run.id} total={s.rows} applying={run.status === 'applying'} label="Confirm and import" /> : null}
      <Rows caption="Refused rows" rows={of('refuse')} why="Why" />
      <Rows caption="Changed rows (recorded → this file)" rows={of('change')} why="Change" />
      {of('create').length ? (
        <DataTable<ImportRowOutcome>
          caption="New rows"
          stacked
          rows={of('create').slice(0, SHOWN)}
          rowKey={(o) => `${o.row}`}
          columns={[
            { key: 'row', header: 'Row', rowHeader: true, cell: (o) => o.row },
            { key: 'what', header: 'County, crop and yield', cell: (o) => o.details?.split(';')[0] ?? '—' },
          ]}
        />
      ) : null}
    </>
  );
}
