'use server';

import { signOutEverywhere } from '@/lib/auth/admin';
import { actorOrThrow } from '@/lib/auth/session';
import { runAction } from '@/lib/actions/run-action';
import type { ActionResult } from '@/lib/errors';
import { setOwnMailingAddress } from '@/lib/parties/mailing-address';
import { mailingAddressSchema } from '@/lib/validation/letters';
import { parseOrThrow } from '@/lib/validation/parse';
import { revalidatePath } from 'next/cache';

export async function signOutEverywhereAction(): Promise<ActionResult> {
  return runAction(async () => {
    await signOutEverywhere(await actorOrThrow());
    return { ok: true, data: undefined };
  });
}

export async function setMailingAddressAction(input: unknown): Promise<ActionResult> {
  return runAction(async () => {
    const actor = await actorOrThrow();
    const values = parseOrThrow(mailingAddressSchema, input);
    await setOwnMailingAddress(actor, values);
    revalidatePath('/account');
    return { ok: true, data: undefined, message: 'Saved. The department’s letters are addressed here.' };
  });
}
