import { NextResponse } from 'next/server';
import { actorOrThrow } from '@/lib/auth/session';
import { AppError, toActionError } from '@/lib/errors';
import { roleMayAttempt } from '@/lib/auth/actions';
import { fileTooLargeMessage, UPLOAD_MAX_BYTES } from '@/lib/http/body-limit';
import { BodyTooLargeError, readFormWithin } from '@/lib/http/read-form';
import { uploadAttachment } from '@/lib/plans/attachments';

// Uploads a PDF for a plan: multipart form with planId, kind and file. A route handler rather than a
// server action because server actions stop at 1 MB and a scanned map can be 20 MB (lib/http/body-limit).
const STATUS: Record<string, number> = { UNAUTHENTICATED: 401, FORBIDDEN: 403, NOT_FOUND: 404, VALIDATION: 400, CONFLICT: 409, THROTTLED: 429 };

function tooLarge() {
  const message = fileTooLargeMessage(UPLOAD_MAX_BYTES);
  return NextResponse.json({ ok: false, code: 'VALIDATION', message, fieldErrors: { file: [message] } }, { status: 413 });
}

export async function POST(request: Request) {
  try {
    const actor = await actorOrThrow();
    // Who may upload at all is settled before a byte of the body is read.
    if (!roleMayAttempt(actor.role, 'plan.upload_attachment')) throw new AppError('FORBIDDEN', 'Your account cannot upload files to a plan.');
    const form = await readFormWithin(request);
    if (!form) throw new AppError('VALIDATION', 'Choose a PDF file to upload.', { file: ['Choose a PDF file to upload'] });
    const file = form.get('file');
    const planId = form.get('planId');
    const kind = form.get('kind');
    if (!(file instanceof File)) throw new AppError('VALIDATION', 'Choose a PDF file to upload.', { file: ['Choose a PDF file to upload'] });
    if (typeof planId !== 'string' || typeof kind !== 'string') throw new AppError('NOT_FOUND', 'We can’t find that record.');
    if (file.size > UPLOAD_MAX_BYTES) return tooLarge();
    const bytes = new Uint8Array(await file.arrayBuffer());
    const row = await uploadAttachment(actor, { planId, kind, filename: file.name, bytes });
    return NextResponse.json({ ok: true, data: { id: row.id, kind: row.kind, filename: row.filename, sizeBytes: row.sizeBytes, sha256: row.sha256 } }, { status: 201 });
  } catch (err) {
    if (err instanceof BodyTooLargeError) return tooLarge();
    const result = toActionError(err);
    return NextResponse.json(result, { status: STATUS[result.code] ?? 500 });
  }
}
