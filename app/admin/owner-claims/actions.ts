'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { actorOrThrow } from '@/lib/auth/session';
import { publicOrigin } from '@/lib/env';
import { runAction } from '@/lib/actions/run-action';
import type { ActionResult } from '@/lib/errors';
import { issueOwnerClaim } from '@/lib/imports/claims';
import { kickDelivery } from '@/lib/notifications/deliver';
import { parseOrThrow } from '@/lib/validation/parse';

export type IssuedClaim = { channel: 'email' | 'letter'; code: string | null; email: string | null; expiresAt: string; name: string; mailingAddress: string | null; operations: string[] };

export async function issueClaimAction(input: unknown): Promise<ActionResult<IssuedClaim>> {
  return runAction(async () => {
    const actor = await actorOrThrow();
    const { partyId } = parseOrThrow(z.object({ partyId: z.uuid() }), input);
    const r = await issueOwnerClaim(actor, partyId, publicOrigin());
    if (r.channel === 'email') kickDelivery();
    revalidatePath('/admin/owner-claims');
    return { ok: true, data: { channel: r.channel, code: r.code, email: r.email, expiresAt: r.expiresAt.toISOString(), name: r.owner.name, mailingAddress: r.owner.mailingAddress, operations: r.owner.operations } };
  });
}
