import { AppError } from '@/lib/errors';
import { defineRoute } from '@/lib/http/define-route';
import { BodyTooLargeError, readFormWithin } from '@/lib/http/read-form';
import { seeOther } from '@/lib/http/redirect';
import { checkImport, IMPORT_KINDS, type ImportFileKind } from '@/lib/imports/runs';

// POST /api/admin/imports (multipart: kind, file): the dry run of one file, then the admin is sent
// to its report (a relative 303, so the browser stays on the address it used); a file that cannot
// be read sends them back to the form with what went wrong. A route handler rather than a server
// action: a state's file is larger than an action's body limit. Who may import is settled from the
// policy table before a byte of the body is read.
export const POST = defineRoute({ capability: 'import.run', signIn: 'Sign in to import records.' }, async ({ request, actor }) => {
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
});
