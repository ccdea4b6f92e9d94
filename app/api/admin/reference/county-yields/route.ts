import { NextResponse } from 'next/server';
import { AppError } from '@/lib/errors';
import { defineRoute } from '@/lib/http/define-route';
import { fileTooLarge } from '@/lib/http/route-errors';
import { BodyTooLargeError, readFormWithin } from '@/lib/http/read-form';
import { checkCountyYieldFile } from '@/lib/reference/county-yield-import';

// POST /api/admin/reference/county-yields (multipart: file, source, effectiveFrom, confirmed): the
// dry run of a county average yield file. Answers the run to preview, or problem details naming the
// fields refused. Who may import is settled from the policy table before a byte of the body is read.
export const POST = defineRoute({ capability: 'import.run', signIn: 'Sign in to import county yields.' }, async ({ request, actor }) => {
  let form: FormData | null;
  try {
    form = await readFormWithin(request);
  } catch (err) {
    if (!(err instanceof BodyTooLargeError)) throw err;
    return fileTooLarge('Split it into smaller files and import each.');
  }
  if (!form) throw new AppError('VALIDATION', 'The upload did not arrive whole. Try again.');
  const file = form.get('file');
  if (!(file instanceof File) || file.size === 0) throw new AppError('VALIDATION', 'Choose a CSV file to upload.', { file: ['Choose a CSV file to upload'] });
  const options = { source: String(form.get('source') ?? ''), effectiveFrom: String(form.get('effectiveFrom') ?? ''), confirmed: form.get('confirmed') === 'true' };
  const id = await checkCountyYieldFile(actor, { filename: file.name || 'county-yields.csv', bytes: new Uint8Array(await file.arrayBuffer()), options });
  return NextResponse.json({ ok: true, id });
});
