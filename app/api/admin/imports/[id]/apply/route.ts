import { NextResponse } from 'next/server';
import { AppError } from '@/lib/errors';
import { defineRoute } from '@/lib/http/define-route';
import { logRequestError } from '@/lib/log';
import { applyImport, getImportRun } from '@/lib/imports/runs';

// POST /api/admin/imports/{id}/apply: starts applying a checked file and answers at once (202);
// the page follows the batches through /progress.
export const POST = defineRoute<{ id: string }>({ capability: 'import.run', signIn: 'Sign in to import records.' }, async ({ actor, params }) => {
  const run = await getImportRun(actor, params.id);
  if (run.status !== 'checked' && run.status !== 'failed') throw new AppError('CONFLICT', 'This file cannot be applied now.');
  void applyImport(actor, params.id).catch((err) => logRequestError('import', 'apply failed', err, { runId: params.id }));
  return NextResponse.json({ ok: true }, { status: 202 });
});
