import { NextResponse, type NextRequest } from 'next/server';
import { getActor } from '@/lib/auth/session';
import { AppError } from '@/lib/errors';
import { checkImport, IMPORT_KINDS, type ImportFileKind } from '@/lib/imports/runs';
import { publicOrigin } from '@/lib/env';

// POST /api/admin/imports (multipart: kind, file): the dry run of one file, then the admin is sent
// to its report. A route handler rather than a server action: a state's file is larger than an
// action's body limit.
export async function POST(request: NextRequest) {
  const actor = await getActor();
  if (!actor) return NextResponse.json({ ok: false, code: 'UNAUTHENTICATED', message: 'Sign in to import records.' }, { status: 401 });
  if (actor.role !== 'admin') return NextResponse.json({ ok: false, code: 'FORBIDDEN', message: 'Only administrators import records.' }, { status: 403 });
  const back = (q: string) => NextResponse.redirect(`${publicOrigin()}/admin/imports?${q}`, 303);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return back('error=form');
  }
  const kind = String(form.get('kind') ?? '');
  const file = form.get('file');
  if (!Object.hasOwn(IMPORT_KINDS, kind)) return back('error=kind');
  if (!(file instanceof File) || file.size === 0) return back(`error=file&kind=${kind}`);
  try {
    const id = await checkImport(actor, { kind: kind as ImportFileKind, filename: file.name || `${kind}.csv`, bytes: new Uint8Array(await file.arrayBuffer()) });
    return NextResponse.redirect(`${publicOrigin()}/admin/imports/${id}`, 303);
  } catch (err) {
    if (err instanceof AppError && err.code === 'VALIDATION') return back(`error=size&kind=${kind}`);
    throw err;
  }
}
