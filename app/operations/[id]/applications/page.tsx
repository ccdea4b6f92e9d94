import { inScope } from '@/lib/auth/gates';
import type { Metadata } from 'next';
import Link from 'next/link';
import { ApplicationsCsvImport } from '@/components/applications/csv-import';
import { LatestAttemptProvider } from '@/components/applications/latest-attempt';
import { RecordApplicationForm } from '@/components/applications/record-form';
import { SeasonRecords } from '@/components/applications/season-records';
import { Alert } from '@/components/alert';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { PageHeading } from '@/components/page-heading';
import { APPLICATION_CSV_COLUMNS } from '@/lib/applications/csv';
import { listApplicationsForSeason } from '@/lib/applications/queries';
import { roleMayAttempt } from '@/lib/auth/actions';
import { FILERS } from '@/lib/auth/roles';
import { requireActor } from '@/lib/auth/session';
import { today } from '@/lib/clock';
import { importApplicationsAction, recordApplicationAction } from './actions';

export const metadata: Metadata = { title: 'Manure application records' };

type Props = { params: Promise<{ id: string }>; searchParams: Promise<{ season?: string }> };

export default async function ApplicationsPage({ params, searchParams }: Props) {
  const { id } = await params;
  const { season: asked } = await searchParams;
  const actor = await requireActor(`/operations/${id}/applications`);
  const day = today();
  const thisYear = Number(day.slice(0, 4));
  const year = /^\d{4}$/.test(asked ?? '') && Number(asked) >= 2000 && Number(asked) <= thisYear + 1 ? Number(asked) : thisYear;
  const season = await inScope(listApplicationsForSeason(actor, id, year));
  const mayRecord = roleMayAttempt(actor.role, 'application.record');
  const years = [...new Set([thisYear, thisYear - 1, ...season.seasons])].sort((a, b) => b - a);
  return (
    <>
      {FILERS.includes(actor.role) ? (
        <Breadcrumbs items={[{ label: 'My operations', href: '/dashboard' }, { label: season.operation.name, href: `/operations/${id}` }, { label: 'Application records' }]} />
      ) : null}
      <PageHeading title="Manure application records" lead={`${season.operation.name} · crop year ${year} · DNR form 542-8002`} />
      <nav aria-label="Crop years" className="margin-bottom-2">
        Crop year:{' '}
        {years.map((y, i) => (
          <span key={y}>
            {i ? ' · ' : ''}
            {y === year ? <strong aria-current="page">{y}</strong> : <Link href={`/operations/${id}/applications?season=${y}`}>{y}</Link>}
          </span>
        ))}
      </nav>
      {!season.planId ? (
        <Alert type="warning" heading="No approved plan is in force">
          Records are kept all the same, but none can be checked against a plan’s limits until the department approves one (IAC 567-65.110(5)).
        </Alert>
      ) : null}

      <section aria-labelledby="season-heading" className="margin-top-3">
        <h2 id="season-heading">Crop year {year}</h2>
        <SeasonRecords season={season} />
      </section>

      {mayRecord ? (
        <LatestAttemptProvider>
          <section aria-labelledby="record-heading" className="margin-top-4">
            <h2 id="record-heading">Record an application</h2>
            <RecordApplicationForm operationId={id} today={day} season={year} planUnit={season.planUnitCode} fields={season.fields} action={recordApplicationAction} />
          </section>
          <section aria-labelledby="import-heading" className="margin-top-4">
            <h2 id="import-heading">Import a season from a spreadsheet</h2>
            <ApplicationsCsvImport operationId={id} columns={APPLICATION_CSV_COLUMNS} action={importApplicationsAction} />
          </section>
        </LatestAttemptProvider>
      ) : null}
    </>
  );
}
