import type { Metadata } from 'next';
import { DataTable } from '@/components/data-table';
import { PageHeading } from '@/components/page-heading';
import { listCountyDirectory, type CountyDirectoryRow } from '@/lib/counties/queries';

export const metadata: Metadata = { title: 'Counties and field offices' };
export const dynamic = 'force-dynamic';

// Public: which department field office serves each county, and how much MMP activity it has.
export default async function CountiesPage() {
  const rows = await listCountyDirectory();
  const withPlans = rows.filter((r) => r.plansTouching > 0).length;
  return (
    <>
      <PageHeading
        title="Counties and field offices"
        lead={`All 99 Iowa counties, the department field office that serves each, and the plans that touch them. ${withPlans} counties have plans on file in the portal.`}
      />
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
