import { NextResponse } from 'next/server';
import { AppError } from '@/lib/errors';
import { UPLOAD_MAX_BYTES } from '@/lib/http/body-limit';
import { defineRoute } from '@/lib/http/define-route';
import { fileTooLarge } from '@/lib/http/route-errors';
import { BodyTooLargeError, readFormWithin } from '@/lib/http/read-form';
import { uploadAttachment } from '@/lib/plans/attachments';

// Uploads a PDF for a plan: multipart form with planId, kind and file. A route handler rather than a
// server action because server actions stop at 1 MB and a scanned map can be 20 MB (lib/http/body-limit).
// Errors answer as problem details, a refused field named in `errors` ("#/file").

const CHOOSE = 'Choose a PDF file to upload';

// Who may upload at all is settled before a byte of the body is read; whether this plan is theirs, by the service.
export const POST = defineRoute({ capability: 'plan.upload_attachment', signIn: 'Sign in to upload files.', roleBeforeBody: true }, async ({ request, actor }) => {
  let form: FormData | null;
  try {
    form = await readFormWithin(request);
  } catch (err) {
    if (err instanceof BodyTooLargeError) return fileTooLarge();
    throw err;
  }
  const file = form?.get('file');
  if (!form || !(file instanceof File)) throw new AppError('VALIDATION', `${CHOOSE}.`, { file: [CHOOSE] });
  const planId = form.get('planId');
  const kind = form.get('kind');
  if (typeof planId !== 'string' || typeof kind !== 'string') throw new AppError('NOT_FOUND', 'We can’t find that record.');
  if (file.size > UPLOAD_MAX_BYTES) return fileTooLarge();
  const bytes = new Uint8Array(await file.arrayBuffer());
  const row = await uploadAttachment(actor, { planId, kind, filename: file.name, bytes });
  return NextResponse.json({ ok: true, data: { id: row.id, kind: row.kind, filename: row.filename, sizeBytes: row.sizeBytes, sha256: row.sha256 } }, { status: 201 });
});
