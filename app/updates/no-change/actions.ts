'use server';

import { defineAction, NO_INPUT } from '@/lib/actions/define';
import { revalidatePath } from 'next/cache';
import { today } from '@/lib/clock';
import { publicOrigin } from '@/lib/env';
import { AppError, type ActionResult } from '@/lib/errors';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import { passkeyRequestOptions } from '@/lib/auth/passkeys';
import { kickDelivery } from '@/lib/notifications/deliver';
import { fileNoChangeUpdates, type FiledUpdate, type RefusedUpdate } from '@/lib/portfolio/no-change';
import { noChangeBulkSchema } from '@/lib/validation/no-change';

// parse (every operation certified) -> each filing authorizes in its own transaction -> revalidate.
export const fileNoChangeUpdatesAction = defineAction({ input: noChangeBulkSchema, capability: 'plan.submit' }, async ({ actor, input: { items, signing } }): Promise<ActionResult<{ filed: FiledUpdate[]; refused: RefusedUpdate[] }>> => {
  const result = await fileNoChangeUpdates(actor, items, { today: today(), origin: publicOrigin() }, signing);
  kickDelivery();
  revalidatePath('/dashboard');
  revalidatePath('/preparer');
  return { ok: true, data: result };
});

/** A challenge for one of the signer's passkeys, to sign the statements with instead of a code. */
export const noChangePasskeyOptionsAction = defineAction({ input: NO_INPUT, capability: 'plan.submit' }, async ({ actor }): Promise<ActionResult<PublicKeyCredentialRequestOptionsJSON>> => {
  const options = await passkeyRequestOptions(actor.id, 'signing');
  if (!options) throw new AppError('CONFLICT', 'No passkey is set up for your account. Type the code from your authenticator app.');
  return { ok: true, data: options };
});
