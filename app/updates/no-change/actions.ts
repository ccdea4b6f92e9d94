'use server';

import { runAction } from '@/lib/actions/run-action';
import { revalidatePath } from 'next/cache';
import { actorOrThrow } from '@/lib/auth/session';
import { today } from '@/lib/clock';
import { publicOrigin } from '@/lib/env';
import { AppError, type ActionResult } from '@/lib/errors';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import { passkeyRequestOptions } from '@/lib/auth/passkeys';
import { kickDelivery } from '@/lib/notifications/deliver';
import { fileNoChangeUpdates, type FiledUpdate, type RefusedUpdate } from '@/lib/portfolio/no-change';
import { noChangeBulkSchema } from '@/lib/validation/no-change';
import { parseOrThrow } from '@/lib/validation/parse';

// parse (every operation certified) -> each filing authorizes in its own transaction -> revalidate.
export async function fileNoChangeUpdatesAction(input: unknown): Promise<ActionResult<{ filed: FiledUpdate[]; refused: RefusedUpdate[] }>> {
  return runAction(async () => {
    const actor = await actorOrThrow();
    const { items, signing } = parseOrThrow(noChangeBulkSchema, input);
    const result = await fileNoChangeUpdates(actor, items, { today: today(), origin: publicOrigin() }, signing);
    kickDelivery();
    revalidatePath('/dashboard');
    revalidatePath('/preparer');
    return { ok: true, data: result };
  });
}

/** A challenge for one of the signer's passkeys, to sign the statements with instead of a code. */
export async function noChangePasskeyOptionsAction(): Promise<ActionResult<PublicKeyCredentialRequestOptionsJSON>> {
  return runAction(async () => {
    const actor = await actorOrThrow();
    const options = await passkeyRequestOptions(actor.id, 'signing');
    if (!options) throw new AppError('CONFLICT', 'No passkey is set up for your account. Type the code from your authenticator app.');
    return { ok: true, data: options };
  });
}
