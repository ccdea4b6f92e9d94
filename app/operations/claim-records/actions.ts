'use server';

import { revalidatePath } from 'next/cache';
import { actorOrThrow } from '@/lib/auth/session';
import { runAction } from '@/lib/actions/run-action';
import type { ActionResult } from '@/lib/errors';
import { redeemOwnerClaim } from '@/lib/imports/claims';
import { claimCodeSchema } from '@/lib/imports/claim-schema';
import { parseOrThrow } from '@/lib/validation/parse';

export async function redeemClaimAction(input: unknown): Promise<ActionResult<{ ownerName: string; operations: number }>> {
  return runAction(async () => {
    const actor = await actorOrThrow();
    const { code } = parseOrThrow(claimCodeSchema, input);
    const r = await redeemOwnerClaim(actor, code);
    revalidatePath('/dashboard');
    return { ok: true, data: r };
  });
}
