import type { Metadata } from 'next';
import { DataTable } from '@/components/data-table';
import { PageHeading } from '@/components/page-heading';
import { listFieldOffices } from '@/lib/counties/field-offices';
import { listCountyDirectory, type CountyDirectoryRow } from '@/lib/counties/queries';

export const metadata: Metadata = { title: 'Counties and field offices' };
export const dynamic = 'force-dynamic';

// Public: which department field office serves each county, and how much MMP activity it has.
export default async function CountiesPage() {
  const [rows, offices] = await Promise.all([listCountyDirectory(), listFieldOffices()]);
  const withPlans = rows.filter((r) => r.plansTouching > 0).length;
  return (
    <>
      <PageHeading
        title="Counties and field offices"
        lead={`All 99 Iowa counties, the department field office that serves each, and the plans that touch them. ${withPlans} counties have plans on file in the portal.`}
      />
      <section aria-labelledby="offices-heading">
        <h2 id="offices-heading">Field offices</h2>
        <ul className="usa-list usa-list--unstyled grid-row grid-gap-2">
          {offices.map((o) => (
            <li key={o.id} className="tablet:grid-col-4 margin-bottom-2">
              <strong>{o.name}</strong>
              {o.addressLines.map((l) => <span key={l} className="display-block">{l}</span>)}
              {o.phone ? <span className="display-block">Phone: <a className="usa-link" href={`tel:${o.phone.replace(/[^0-9]/g, '')}`}>{o.phone}</a></span> : null}
            </li>
          ))}
        </ul>
      </section>
      <h2>Counties</h2>
      <DataTable<CountyDirectoryRow>
        caption="Iowa counties"
        captionHidden
        stacked
        rows={rows}
        rowKey={(r) => r.fips}
        columns={[
          { key: 'name', header: 'County', rowHeader: true, cell: (r) => r.name },
          { key: 'fips', header: 'FIPS code', cell: (r) => r.fips },
          { key: 'office', header: 'Field office', cell: (r) => r.fieldOffice },
          { key: 'ops', header: 'Operations located here', cell: (r) => r.operationsLocated },
          { key: 'plans', header: 'Plans touching the county', cell: (r) => r.plansTouching },
        ]}
      />
    </>
  );
}
