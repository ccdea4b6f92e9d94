'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { issueTokenSchema } from '@/lib/api/token-schema';
import { issueApiToken, revokeApiToken } from '@/lib/api/tokens';
import { actorOrThrow } from '@/lib/auth/session';
import { runAction } from '@/lib/actions/run-action';
import type { ActionResult } from '@/lib/errors';
import { parseOrThrow } from '@/lib/validation/parse';

// parse -> authorize (inside the service, in its transaction) -> act -> revalidate.
export async function issueTokenAction(input: unknown): Promise<ActionResult<{ secret: string; expiresAt: string }>> {
  return runAction(async () => {
    const actor = await actorOrThrow();
    const values = parseOrThrow(issueTokenSchema, input);
    const { secret, expiresAt } = await issueApiToken(actor, values);
    revalidatePath('/admin/api-tokens');
    return { ok: true, data: { secret, expiresAt: expiresAt.toISOString() } };
  });
}

export async function revokeTokenAction(input: unknown): Promise<ActionResult> {
  return runAction(async () => {
    const actor = await actorOrThrow();
    const { tokenId } = parseOrThrow(z.object({ tokenId: z.uuid() }), input);
    await revokeApiToken(actor, tokenId);
    revalidatePath('/admin/api-tokens');
    return { ok: true, data: undefined, message: 'Token revoked: it stops working at once.' };
  });
}
