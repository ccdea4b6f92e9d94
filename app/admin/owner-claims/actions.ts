'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { publicOrigin } from '@/lib/env';
import { defineAction } from '@/lib/actions/define';
import type { ActionResult } from '@/lib/errors';
import { issueOwnerClaim } from '@/lib/imports/claims';
import { kickDelivery } from '@/lib/notifications/deliver';

export type IssuedClaim = { channel: 'email' | 'letter'; code: string | null; email: string | null; expiresAt: string; name: string; mailingAddress: string | null; operations: string[] };

export const issueClaimAction = defineAction({ input: z.object({ partyId: z.uuid() }), capability: 'owner_claim.issue' }, async ({ actor, input: { partyId } }): Promise<ActionResult<IssuedClaim>> => {
  const r = await issueOwnerClaim(actor, partyId, publicOrigin());
  if (r.channel === 'email') kickDelivery();
  revalidatePath('/admin/owner-claims');
  return { ok: true, data: { channel: r.channel, code: r.code, email: r.email, expiresAt: r.expiresAt.toISOString(), name: r.owner.name, mailingAddress: r.owner.mailingAddress, operations: r.owner.operations } };
});
