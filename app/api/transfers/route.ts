import { revalidatePath } from 'next/cache';
import { NextResponse } from 'next/server';
import { actorOrThrow } from '@/lib/auth/session';
import { today } from '@/lib/clock';
import { publicOrigin } from '@/lib/env';
import { AppError, toActionError } from '@/lib/errors';
import { kickDelivery } from '@/lib/notifications/deliver';
import { roleMayAttempt } from '@/lib/auth/actions';
import { fileTooLargeMessage, UPLOAD_MAX_BYTES } from '@/lib/http/body-limit';
import { BodyTooLargeError, readFormWithin } from '@/lib/http/read-form';
import { requestTransfer } from '@/lib/transfers/request';
import { evidenceFileMessage, transferRequestSchema } from '@/lib/validation/transfers';
import { parseOrThrow } from '@/lib/validation/parse';

// Files an ownership transfer request (DNR form 542-4026) with its evidence PDF: multipart form with
// facilityId, countyFips, acquiredOn and file. A route handler rather than a server action because
// server actions stop at 1 MB and a scanned deed can be 20 MB. proxy.ts refuses it from another
// site's pages (the Origin check every state-changing route handler gets).
const STATUS: Record<string, number> = { UNAUTHENTICATED: 401, FORBIDDEN: 403, NOT_FOUND: 404, VALIDATION: 400, CONFLICT: 409, THROTTLED: 429 };

function tooLarge() {
  const message = fileTooLargeMessage(UPLOAD_MAX_BYTES);
  return NextResponse.json({ ok: false, code: 'VALIDATION', message, fieldErrors: { file: [message] } }, { status: 413 });
}

export async function POST(request: Request) {
  try {
    const actor = await actorOrThrow();
    // Who may request a transfer is settled before a byte of the body is read.
    if (!roleMayAttempt(actor.role, 'transfer.request')) throw new AppError('FORBIDDEN', 'Only an owner account can request a transfer of ownership.');
    const form = await readFormWithin(request);
    if (!form) throw new AppError('VALIDATION', `${evidenceFileMessage}.`, { file: [evidenceFileMessage] });
    const text = (name: string) => {
      const v = form.get(name);
      return typeof v === 'string' ? v : undefined;
    };
    const values = parseOrThrow(transferRequestSchema, { facilityId: text('facilityId'), countyFips: text('countyFips'), acquiredOn: text('acquiredOn') });
    const file = form.get('file');
    if (!(file instanceof File) || file.size === 0) throw new AppError('VALIDATION', `${evidenceFileMessage}.`, { file: [evidenceFileMessage] });
    if (file.size > UPLOAD_MAX_BYTES) return tooLarge();
    const bytes = new Uint8Array(await file.arrayBuffer());
    const { transferId } = await requestTransfer(actor, values, { filename: file.name, bytes }, { today: today(), origin: publicOrigin() });
    kickDelivery();
    revalidatePath('/dashboard');
    return NextResponse.json({ ok: true, data: { id: transferId } }, { status: 201 });
  } catch (err) {
    if (err instanceof BodyTooLargeError) return tooLarge();
    const result = toActionError(err);
    return NextResponse.json(result, { status: STATUS[result.code] ?? 500 });
  }
}
