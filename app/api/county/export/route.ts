import { NextResponse, type NextRequest } from 'next/server';
import { statusLabel } from '@/components/status-tag';
import { getActor } from '@/lib/auth/session';
import { listAllCountyOperations } from '@/lib/counties/county-plans';
import { countyOperationsCsv } from '@/lib/counties/csv';
import { parseCountyFilter } from '@/lib/counties/filter';
import { today } from '@/lib/clock';
import { publicOrigin } from '@/lib/env';

// GET /api/county/export?q=&status=&relation= : the county official's filtered list as CSV. The
// query is scoped to the official's county (operationScope), like the page.
export async function GET(request: NextRequest) {
  const actor = await getActor();
  if (!actor) return NextResponse.json({ error: 'Sign in to download the county list.' }, { status: 401 });
  if (actor.role !== 'county_official') return NextResponse.json({ error: 'Only county officials have a county list.' }, { status: 403 });
  // A NUL character (%00) cannot reach PostgreSQL: dropped, like the page's filter drops bad values.
  const params = new URLSearchParams([...request.nextUrl.searchParams].map(([k, v]) => [k, v.replaceAll('\u0000', '')]));
  const rows = await listAllCountyOperations(actor, parseCountyFilter(params));
  const csv = countyOperationsCsv(rows, publicOrigin(), statusLabel);
  return new NextResponse(csv, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="county-${actor.countyFips}-operations-${today()}.csv"`,
      'Cache-Control': 'private, no-store',
    },
  });
}
