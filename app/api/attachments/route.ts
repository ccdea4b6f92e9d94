import { NextResponse } from 'next/server';
import { actorOrThrow } from '@/lib/auth/session';
import { AppError, toActionError } from '@/lib/errors';
import { MAX_ATTACHMENT_BYTES } from '@/lib/plans/attachment-kinds';
import { uploadAttachment } from '@/lib/plans/attachments';

// Uploads a PDF for a plan: multipart form with planId, kind and file. A route handler rather than a
// server action because server actions stop at 1 MB and a scanned map can be 20 MB.
const STATUS: Record<string, number> = { UNAUTHENTICATED: 401, FORBIDDEN: 403, NOT_FOUND: 404, VALIDATION: 400, CONFLICT: 409, THROTTLED: 429 };

function tooLarge() {
  const message = 'The file is larger than 20 MB. Scan at a lower resolution or split it into parts.';
  return NextResponse.json({ ok: false, code: 'VALIDATION', message, fieldErrors: { file: [message] } }, { status: 413 });
}

export async function POST(request: Request) {
  try {
    const actor = await actorOrThrow();
    // Refuse an oversized body before reading it (a little room for the form's other parts).
    const declared = Number(request.headers.get('content-length') ?? '0');
    if (declared > MAX_ATTACHMENT_BYTES + 64 * 1024) return tooLarge();
    const form = await request.formData().catch(() => null);
    if (!form) throw new AppError('VALIDATION', 'Choose a PDF file to upload.', { file: ['Choose a PDF file to upload'] });
    const file = form.get('file');
    const planId = form.get('planId');
    const kind = form.get('kind');
    if (!(file instanceof File)) throw new AppError('VALIDATION', 'Choose a PDF file to upload.', { file: ['Choose a PDF file to upload'] });
    if (typeof planId !== 'string' || typeof kind !== 'string') throw new AppError('NOT_FOUND', 'We can’t find that record.');
    if (file.size > MAX_ATTACHMENT_BYTES) return tooLarge();
    const bytes = new Uint8Array(await file.arrayBuffer());
    const row = await uploadAttachment(actor, { planId, kind, filename: file.name, bytes });
    return NextResponse.json({ ok: true, data: { id: row.id, kind: row.kind, filename: row.filename, sizeBytes: row.sizeBytes, sha256: row.sha256 } }, { status: 201 });
  } catch (err) {
    const result = toActionError(err);
    return NextResponse.json(result, { status: STATUS[result.code] ?? 500 });
  }
}
