'use server';

import { headers } from 'next/headers';
import { revalidatePath } from 'next/cache';
import { runAction } from '@/lib/actions/run-action';
import { actorOrThrow } from '@/lib/auth/session';
import type { ActionResult } from '@/lib/errors';
import { clientAddress } from '@/lib/net/client-address';
import { acceptSignatureAgreement } from '@/lib/signing/signatories';
import { parseOrThrow } from '@/lib/validation/parse';
import { acceptAgreementSchema } from '@/lib/validation/signing';

// CROMERR: the electronic signature agreement, accepted once per version by whoever signs plans.
export async function acceptSignatureAgreementAction(input: unknown): Promise<ActionResult> {
  return runAction(async () => {
    const actor = await actorOrThrow();
    const values = parseOrThrow(acceptAgreementSchema, input);
    await acceptSignatureAgreement(actor, values, clientAddress(await headers()));
    revalidatePath('/account');
    return { ok: true, data: undefined, message: 'You accepted the electronic signature agreement. A copy is below.' };
  });
}
