'use server';

import { revalidatePath } from 'next/cache';
import { defineAction } from '@/lib/actions/define';
import type { ActionResult } from '@/lib/errors';
import { redeemOwnerClaim } from '@/lib/imports/claims';
import { claimCodeSchema } from '@/lib/imports/claim-schema';

export const redeemClaimAction = defineAction({ input: claimCodeSchema, capability: 'owner_claim.redeem' }, async ({ actor, input: { code } }): Promise<ActionResult<{ ownerName: string; operations: number }>> => {
  const r = await redeemOwnerClaim(actor, code);
  revalidatePath('/dashboard');
  return { ok: true, data: r };
});
