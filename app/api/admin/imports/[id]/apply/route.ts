import { NextResponse, type NextRequest } from 'next/server';
import { getActor } from '@/lib/auth/session';
import { AppError } from '@/lib/errors';
import { logRequestError } from '@/lib/log';
import { applyImport, getImportRun } from '@/lib/imports/runs';

// POST /api/admin/imports/{id}/apply: starts applying a checked file and answers at once (202);
// the page follows the batches through /progress.
export async function POST(_request: NextRequest, { params }: { params: Promise<{ id: string }> }) {
  const actor = await getActor();
  if (!actor) return NextResponse.json({ ok: false, message: 'Sign in to import records.' }, { status: 401 });
  if (actor.role !== 'admin') return NextResponse.json({ ok: false, message: 'Only administrators import records.' }, { status: 403 });
  const { id } = await params;
  try {
    const run = await getImportRun(actor, id);
    if (run.status !== 'checked' && run.status !== 'failed') return NextResponse.json({ ok: false, message: 'This file cannot be applied now.' }, { status: 409 });
  } catch (err) {
    if (err instanceof AppError && err.code === 'NOT_FOUND') return NextResponse.json({ ok: false, message: err.message }, { status: 404 });
    throw err;
  }
  void applyImport(actor, id).catch((err) => logRequestError('import', 'apply failed', err, { runId: id }));
  return NextResponse.json({ ok: true }, { status: 202 });
}
