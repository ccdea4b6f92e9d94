import { NextResponse } from 'next/server';
import { statusLabel } from '@/components/status-tag';
import { listAllCountyOperations } from '@/lib/counties/county-plans';
import { countyOperationsCsv } from '@/lib/counties/csv';
import { parseCountyFilter } from '@/lib/counties/filter';
import { today } from '@/lib/clock';
import { publicOrigin } from '@/lib/env';
import { defineRoute } from '@/lib/http/define-route';

// GET /api/county/export?q=&status=&relation= : the county official's filtered list as CSV. The
// query is scoped to the official's county (operationScope), like the page.
export const GET = defineRoute({ capability: 'county.read_list', component: 'county-export', signIn: 'Sign in to download the county list.' }, async ({ request, actor }) => {
  // A NUL character (%00) cannot reach PostgreSQL: dropped, like the page's filter drops bad values.
  const params = new URLSearchParams([...new URL(request.url).searchParams].map(([k, v]) => [k, v.replaceAll('\u0000', '')]));
  const rows = await listAllCountyOperations(actor, parseCountyFilter(params));
  const csv = countyOperationsCsv(rows, publicOrigin(), statusLabel);
  return new NextResponse(csv, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="county-${actor.countyFips}-operations-${today()}.csv"`,
      'Cache-Control': 'private, no-store',
    },
  });
});
