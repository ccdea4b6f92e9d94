import { NextResponse } from 'next/server';
import { defineRoute } from '@/lib/http/define-route';
import { getImportRun, outcomesCsv } from '@/lib/imports/runs';

// GET /api/admin/imports/{id}/report.csv: the dry run's report, one line per row and problem.
export const GET = defineRoute<{ id: string }>({ capability: 'import.run', component: 'import-report', signIn: 'Sign in to download the import report.' }, async ({ actor, params: { id } }) => {
  const run = await getImportRun(actor, id);
  return new NextResponse(outcomesCsv(run), {
    headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="import-report-${run.kind}-${id.slice(0, 8)}.csv"`, 'Cache-Control': 'private, no-store' },
  });
});
