import { NextResponse, type NextRequest } from 'next/server';
import { roleMayAttempt } from '@/lib/auth/actions';
import { getActor } from '@/lib/auth/session';
import { AppError } from '@/lib/errors';
import { fileTooLargeMessage, UPLOAD_MAX_BYTES } from '@/lib/http/body-limit';
import { BodyTooLargeError, readFormWithin } from '@/lib/http/read-form';
import { checkCountyYieldFile } from '@/lib/reference/county-yield-import';

// POST /api/admin/reference/county-yields (multipart: file, source, effectiveFrom, confirmed): the
// dry run of a county average yield file. Answers JSON: the run to preview, or the field errors.
export async function POST(request: NextRequest) {
  const actor = await getActor();
  if (!actor) return NextResponse.json({ ok: false, code: 'UNAUTHENTICATED', message: 'Sign in to import county yields.' }, { status: 401 });
  // Who may import is settled before a byte of the body is read.
  if (!roleMayAttempt(actor.role, 'import.run')) return NextResponse.json({ ok: false, code: 'FORBIDDEN', message: 'Only administrators import county yields.' }, { status: 403 });
  let form: FormData | null;
  try {
    form = await readFormWithin(request);
  } catch (err) {
    if (!(err instanceof BodyTooLargeError)) throw err;
    const message = fileTooLargeMessage(UPLOAD_MAX_BYTES, 'Split it into smaller files and import each.');
    return NextResponse.json({ ok: false, code: 'VALIDATION', message, fieldErrors: { file: [message] } }, { status: 413 });
  }
  if (!form) return NextResponse.json({ ok: false, code: 'VALIDATION', message: 'The upload did not arrive whole. Try again.' }, { status: 400 });
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
