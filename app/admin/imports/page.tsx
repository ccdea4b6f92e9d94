import type { Metadata } from 'next';
import Link from 'next/link';
import { Alert } from '@/components/alert';
import { DataTable } from '@/components/data-table';
import { PageHeading } from '@/components/page-heading';
import { requireCapability } from '@/lib/auth/gates';
import { formatDateTime } from '@/lib/format';
import { fileTooLargeMessage, UPLOAD_MAX_BYTES } from '@/lib/http/body-limit';
import { IMPORT_KIND_LABELS, IMPORT_STATUS_LABELS } from '@/lib/imports/labels';
import { IMPORT_KINDS, listImportRuns, type ImportFileKind } from '@/lib/imports/runs';

export const metadata: Metadata = { title: 'Import records' };

const ERRORS: Record<string, string> = {
  kind: 'Choose what the file holds.',
  file: 'Choose a CSV file to upload.',
  size: fileTooLargeMessage(UPLOAD_MAX_BYTES, 'Split it into smaller files and import each.'),
  form: 'The upload did not arrive whole. Try again.',
};

// County average yields are imported on the reference tables page, with their source and date.
const REFERENCE_KINDS: ImportFileKind[] = ['county_yields'];

type SearchParams = Promise<Record<string, string | string[] | undefined>>;
type Run = Awaited<ReturnType<typeof listImportRuns>>[number];

export default async function ImportsPage({ searchParams }: { searchParams: SearchParams }) {
  const actor = await requireCapability('import.run', '/admin/imports');
  const params = await searchParams;
  const error = typeof params.error === 'string' ? ERRORS[params.error] : undefined;
  const chosen = typeof params.kind === 'string' && params.kind in IMPORT_KINDS ? (params.kind as ImportFileKind) : 'operations';
  const runs = await listImportRuns(actor);
  return (
    <>
      <PageHeading
        title="Import the department’s records"
        lead="Upload the department’s existing records as CSV files (UTF-8), one kind at a time: operations first, then owners, plan history and unpaid fees. Each file is checked first; nothing is written until you apply it, and applying the same file again changes nothing."
      />
      {error ? (
        <Alert type="error" role="alert" heading="The file was not checked">
          {error}
        </Alert>
      ) : null}
      <form method="post" action="/api/admin/imports" encType="multipart/form-data" className="usa-form usa-form--large margin-bottom-5" aria-label="Upload a file to check">
        <fieldset className="usa-fieldset">
          <legend className="usa-legend usa-legend--large">What the file holds</legend>
          <p className="usa-hint">
            County average yields are imported on the <Link href="/admin/reference">reference tables</Link> page, with their source and effective date.
          </p>
          {(Object.keys(IMPORT_KINDS) as ImportFileKind[]).filter((k) => !REFERENCE_KINDS.includes(k)).map((k) => (
            <div className="usa-radio" key={k}>
              <input className="usa-radio__input" id={`kind-${k}`} type="radio" name="kind" value={k} defaultChecked={k === chosen} />
              <label className="usa-radio__label" htmlFor={`kind-${k}`}>
                {IMPORT_KIND_LABELS[k]}
                <span className="usa-checkbox__label-description">
                  Columns: {[...IMPORT_KINDS[k].columns.required, ...IMPORT_KINDS[k].columns.optional].join(', ')}
                </span>
              </label>
            </div>
          ))}
        </fieldset>
        <div className="usa-form-group">
          <label className="usa-label" htmlFor="import-file">
            CSV file
          </label>
          <span className="usa-hint" id="import-file-hint">
            Saved as “CSV UTF-8 (comma delimited)”, with the column names in the first row.
          </span>
          <input className="usa-file-input" id="import-file" name="file" type="file" accept=".csv,text/csv" aria-describedby="import-file-hint" required />
        </div>
        <button type="submit" className="usa-button">
          Check the file
        </button>
      </form>
      <DataTable<Run>
        caption="Files checked and applied"
        stacked
        rows={runs}
        rowKey={(r) => r.id}
        emptyMessage="No files uploaded yet."
        columns={[
          { key: 'file', header: 'File', rowHeader: true, cell: (r) => <Link href={REFERENCE_KINDS.includes(r.kind) ? `/admin/reference/imports/${r.id}` : `/admin/imports/${r.id}`}>{r.filename}</Link> },
          { key: 'kind', header: 'Holds', cell: (r) => IMPORT_KIND_LABELS[r.kind].split(' (')[0] },
          { key: 'status', header: 'State', cell: (r) => IMPORT_STATUS_LABELS[r.status] },
          { key: 'rows', header: 'Rows', cell: (r) => `${r.summary.rows} (${r.summary.create} new, ${r.summary.change} changed, ${r.summary.unchanged} unchanged, ${r.summary.refuse} refused)` },
          { key: 'when', header: 'Uploaded', cell: (r) => formatDateTime(r.createdAt) },
        ]}
      />
    </>
  );
}
