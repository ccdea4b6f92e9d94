import { NextResponse, type NextRequest } from 'next/server';
import { roleMayAttempt } from '@/lib/auth/actions';
import { getActor } from '@/lib/auth/session';
import { AppError } from '@/lib/errors';
import { BodyTooLargeError, readFormWithin } from '@/lib/http/read-form';
import { seeOther } from '@/lib/http/redirect';
import { checkImport, IMPORT_KINDS, type ImportFileKind } from '@/lib/imports/runs';

// POST /api/admin/imports (multipart: kind, file): the dry run of one file, then the admin is sent
// to its report (a relative 303, so the browser stays on the address it used). A route handler
// rather than a server action: a state's file is larger than an action's body limit.
export async function POST(request: NextRequest) {
  const actor = await getActor();
  if (!actor) return NextResponse.json({ ok: false, code: 'UNAUTHENTICATED', message: 'Sign in to import records.' }, { status: 401 });
  if (!roleMayAttempt(actor.role, 'import.run')) return NextResponse.json({ ok: false, code: 'FORBIDDEN', message: 'Only administrators import records.' }, { status: 403 });
  const back = (q: string) => seeOther(`/admin/imports?${q}`);
  let form: FormData | null;
  try {
    form = await readFormWithin(request);
  } catch (err) {
    if (err instanceof BodyTooLargeError) return back('error=size');
    throw err;
  }
  if (!form) return back('error=form');
  const kind = String(form.get('kind') ?? '');
  const file = form.get('file');
  if (!Object.hasOwn(IMPORT_KINDS, kind)) return back('error=kind');
  if (!(file instanceof File) || file.size === 0) return back(`error=file&kind=${kind}`);
  try {
    const id = await checkImport(actor, { kind: kind as ImportFileKind, filename: file.name || `${kind}.csv`, bytes: new Uint8Array(await file.arrayBuffer()) });
    return seeOther(`/admin/imports/${id}`);
  } catch (err) {
    if (err instanceof AppError && err.code === 'VALIDATION') return back(`error=size&kind=${kind}`);
    throw err;
  }
}
