'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { issueTokenSchema } from '@/lib/api/token-schema';
import { issueApiToken, revokeApiToken } from '@/lib/api/tokens';
import { defineAction } from '@/lib/actions/define';
import type { ActionResult } from '@/lib/errors';

// parse -> authorize (inside the service, in its transaction) -> act -> revalidate.
export const issueTokenAction = defineAction({ input: issueTokenSchema, capability: 'api_token.manage' }, async ({ actor, input: values }): Promise<ActionResult<{ secret: string; expiresAt: string }>> => {
  const { secret, expiresAt } = await issueApiToken(actor, values);
  revalidatePath('/admin/api-tokens');
  return { ok: true, data: { secret, expiresAt: expiresAt.toISOString() } };
});

export const revokeTokenAction = defineAction({ input: z.object({ tokenId: z.uuid() }), capability: 'api_token.manage' }, async ({ actor, input: { tokenId } }): Promise<ActionResult> => {
  await revokeApiToken(actor, tokenId);
  revalidatePath('/admin/api-tokens');
  return { ok: true, data: undefined, message: 'Token revoked: it stops working at once.' };
});
