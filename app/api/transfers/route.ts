import { revalidatePath } from 'next/cache';
import { NextResponse } from 'next/server';
import { today } from '@/lib/clock';
import { publicOrigin } from '@/lib/env';
import { AppError } from '@/lib/errors';
import { kickDelivery } from '@/lib/notifications/deliver';
import { UPLOAD_MAX_BYTES } from '@/lib/http/body-limit';
import { defineRoute } from '@/lib/http/define-route';
import { fileTooLarge } from '@/lib/http/route-errors';
import { BodyTooLargeError, readFormWithin } from '@/lib/http/read-form';
import { requestTransfer } from '@/lib/transfers/request';
import { evidenceFileMessage, transferRequestSchema } from '@/lib/validation/transfers';
import { parseOrThrow } from '@/lib/validation/parse';

// Files an ownership transfer request (DNR form 542-4026) with its evidence PDF: multipart form with
// facilityId, countyFips, acquiredOn and file. A route handler rather than a server action because
// server actions stop at 1 MB and a scanned deed can be 20 MB. proxy.ts refuses it from another
// site's pages (the Origin check every state-changing route handler gets). Who may request a
// transfer (an owner) is settled from the policy table before a byte of the body is read; errors
// answer as problem details, each refused field named in `errors`.

export const POST = defineRoute({ capability: 'transfer.request', signIn: 'Sign in to request a transfer of ownership.' }, async ({ request, actor }) => {
  let form: FormData | null;
  try {
    form = await readFormWithin(request);
  } catch (err) {
    if (err instanceof BodyTooLargeError) return fileTooLarge();
    throw err;
  }
  if (!form) throw new AppError('VALIDATION', `${evidenceFileMessage}.`, { file: [evidenceFileMessage] });
  const text = (name: string) => {
    const v = form.get(name);
    return typeof v === 'string' ? v : undefined;
  };
  const values = parseOrThrow(transferRequestSchema, { facilityId: text('facilityId'), countyFips: text('countyFips'), acquiredOn: text('acquiredOn') });
  const file = form.get('file');
  if (!(file instanceof File) || file.size === 0) throw new AppError('VALIDATION', `${evidenceFileMessage}.`, { file: [evidenceFileMessage] });
  if (file.size > UPLOAD_MAX_BYTES) return fileTooLarge();
  const bytes = new Uint8Array(await file.arrayBuffer());
  const { transferId } = await requestTransfer(actor, values, { filename: file.name, bytes }, { today: today(), origin: publicOrigin() });
  kickDelivery();
  revalidatePath('/dashboard');
  return NextResponse.json({ ok: true, data: { id: transferId } }, { status: 201 });
});
