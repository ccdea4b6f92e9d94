import { NextResponse, type NextRequest } from 'next/server';
import { getActor } from '@/lib/auth/session';
import { AppError } from '@/lib/errors';
import { getImportRun, outcomesCsv } from '@/lib/imports/runs';

// GET /api/admin/imports/{id}/report.csv: the dry run's report, one line per row and problem.
export async function GET(_request: NextRequest, { params }: { params: Promise<{ id: string }> }) {
  const actor = await getActor();
  if (!actor) return NextResponse.json({ ok: false, message: 'Sign in.' }, { status: 401 });
  if (actor.role !== 'admin') return NextResponse.json({ ok: false, message: 'Only administrators import records.' }, { status: 403 });
  const { id } = await params;
  try {
    const run = await getImportRun(actor, id);
    return new NextResponse(outcomesCsv(run), {
      headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="import-report-${run.kind}-${id.slice(0, 8)}.csv"`, 'Cache-Control': 'private, no-store' },
    });
  } catch (err) {
    if (err instanceof AppError && err.code === 'NOT_FOUND') return NextResponse.json({ ok: false, message: err.message }, { status: 404 });
    throw err;
  }
}
