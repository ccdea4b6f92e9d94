import type { Metadata } from 'next';
import Link from 'next/link';
import { Alert } from '@/components/alert';
import { PageHeading } from '@/components/page-heading';
import { requireCapability } from '@/lib/auth/gates';
import { today } from '@/lib/clock';
import { formatDateTime } from '@/lib/format';
import { IMPORT_STATUS_LABELS } from '@/lib/imports/labels';
import { listImportRuns } from '@/lib/imports/runs';
import { listCropFactorRows, referenceTablesOn } from '@/lib/reference/crop-factors';
import { toCropFactor } from '@/lib/reference/load';
import { CountyYieldUpload } from './county-yield-upload';
import { CropFactorForm } from './crop-factor-form';
import { CountyYieldTable, CropFactorTable } from './tables';

export const metadata: Metadata = { title: 'Reference tables' };

export default async function ReferenceTablesPage() {
  const actor = await requireCapability('reference.read', '/admin/reference');
  const date = today();
  const isAdmin = actor.role === 'admin';
  const [tables, history, runs] = await Promise.all([referenceTablesOn(actor, date), listCropFactorRows(actor), isAdmin ? listImportRuns(actor) : Promise.resolve([])]);
  const unconfirmed = tables.crops.filter((c) => !c.confirmed).length + tables.countyYields.filter((y) => !y.confirmed).length;
  const cropLabel = (crop: string) => tables.crops.find((c) => c.crop === crop)?.label ?? crop;
  return (
    <>
      <PageHeading
        title="Reference tables"
        lead="The figures the plan’s arithmetic uses (IAC 567-65.111; DNR form 542-4000 and its county average yield table, form 542-4000a): each crop’s nitrogen need and P2O5 removal per yield unit, and each county’s average yields. Every row has its source and the date it is in force from; a new row for the same crop or county supersedes the earlier one from its date, and earlier rows are kept."
      />
      {unconfirmed ? (
        <Alert type="warning" heading={`${unconfirmed} figure${unconfirmed === 1 ? ' is' : 's are'} not confirmed by the department`} role="status">
          Rows tagged Unconfirmed are the portal’s shipped figures or rows not yet confirmed; every plan, review and letter that uses one shows it as unconfirmed.
        </Alert>
      ) : null}
      <h2>Crop nitrogen need and P2O5 removal</h2>
      <CropFactorTable caption="The crop table in force today" rows={tables.crops} />
      <CropFactorTable caption="Every row the department recorded, newest first" rows={history.map(({ row, recordedByName }) => ({ ...toCropFactor(row), id: row.id, recordedByName }))} recordedBy />
      {isAdmin ? (
        <>
          <h3>Record a crop row</h3>
          <CropFactorForm crops={tables.crops.map(({ crop, label, yieldUnit }) => ({ crop, label, yieldUnit }))} today={date} />
        </>
      ) : null}
      <h2 className="margin-top-5">County average yields</h2>
      <CountyYieldTable rows={tables.countyYields} countyName={tables.countyName} cropLabel={cropLabel} />
      {isAdmin ? (
        <>
          <h3>Import county average yields</h3>
          <p>The file is checked first and nothing is written until you confirm it; a file with any bad row names the row and column and imports nothing.</p>
          <CountyYieldUpload today={date} />
          <ul className="usa-list margin-top-3" aria-label="County yield files">
            {runs.filter((r) => r.kind === 'county_yields').slice(0, 10).map((r) => (
              <li key={r.id}>
                <Link href={`/admin/reference/imports/${r.id}`}>{r.filename}</Link>: {IMPORT_STATUS_LABELS[r.status]}, {formatDateTime(r.createdAt)}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}
