import { NextResponse, type NextRequest } from 'next/server';
import { getActor } from '@/lib/auth/session';
import { AppError } from '@/lib/errors';
import { checkCountyYieldFile } from '@/lib/reference/county-yield-import';

// POST /api/admin/reference/county-yields (multipart: file, source, effectiveFrom, confirmed): the
// dry run of a county average yield file. Answers JSON: the run to preview, or the field errors.
export async function POST(request: NextRequest) {
  const actor = await getActor();
  if (!actor) return NextResponse.json({ ok: false, code: 'UNAUTHENTICATED', message: 'Sign in to import county yields.' }, { status: 401 });
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return NextResponse.json({ ok: false, code: 'VALIDATION', message: 'The upload did not arrive whole. Try again.' }, { status: 400 });
  }
  const file = form.get('file');
  if (!(file instanceof File) || file.size === 0) {
    return NextResponse.json({ ok: false, code: 'VALIDATION', message: 'Choose a CSV file to upload.', fieldErrors: { file: ['Choose a CSV file to upload'] } }, { status: 400 });
  }
  try {
    const options = { source: String(form.get('source') ?? ''), effectiveFrom: String(form.get('effectiveFrom') ?? ''), confirmed: form.get('confirmed') === 'true' };
    const id = await checkCountyYieldFile(actor, { filename: file.name || 'county-yields.csv', bytes: new Uint8Array(await file.arrayBuffer()), options });
    return NextResponse.json({ ok: true, id });
  } catch (err) {
    if (err instanceof AppError && (err.code === 'VALIDATION' || err.code === 'FORBIDDEN')) {
      return NextResponse.json({ ok: false, code: err.code, message: err.message, fieldErrors: err.fieldErrors }, { status: err.code === 'FORBIDDEN' ? 403 : 400 });
    }
    throw err;
  }
}
