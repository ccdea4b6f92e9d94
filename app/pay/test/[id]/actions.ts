'use server';

import { runAction } from '@/lib/actions/run-action';
import { revalidatePath } from 'next/cache';
import { actorOrThrow } from '@/lib/auth/session';
import type { ActionResult } from '@/lib/errors';
import { kickDelivery } from '@/lib/notifications/deliver';
import { completeTestCheckout } from '@/lib/payments/test-checkout';
import { testCheckoutSchema } from '@/lib/validation/payments';
import { parseOrThrow } from '@/lib/validation/parse';

// The test payment page: parse -> the checkout's own payer only (in the service) -> signed event.
export async function completeTestCheckoutAction(input: unknown): Promise<ActionResult<{ returnTo: string }>> {
  return runAction(async () => {
    const actor = await actorOrThrow();
    const values = parseOrThrow(testCheckoutSchema, input);
    const result = await completeTestCheckout(actor, values);
    kickDelivery();
    revalidatePath('/fees');
    revalidatePath('/contractor');
    const home = actor.role === 'active_contractor' ? '/contractor' : '/fees';
    return { ok: true, data: { returnTo: `${home}?checkout=${result.checkoutId}` } };
  });
}
