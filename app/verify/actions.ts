'use server';

import { headers } from 'next/headers';
import { runAction } from '@/lib/actions/run-action';
import type { ActionResult } from '@/lib/errors';
import { clientAddress } from '@/lib/net/client-address';
import { verifyCopyOfRecord, type VerifyAnswer } from '@/lib/public/verify-copy';
import { parseOrThrow } from '@/lib/validation/parse';
import { verifyRequestSchema } from '@/lib/validation/verify';

// Public, no sign-in: anyone holding a copy of record may check it. Limited per client address.
export async function verifyCopyAction(formData: FormData): Promise<ActionResult<VerifyAnswer>> {
  return runAction(async () => {
    const file = formData.get('file');
    const input = parseOrThrow(verifyRequestSchema, { sha256: String(formData.get('sha256') ?? ''), file: file instanceof File ? file : undefined });
    return { ok: true, data: await verifyCopyOfRecord(input, clientAddress(await headers())) };
  });
}
