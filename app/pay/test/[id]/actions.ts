'use server';

import { defineAction } from '@/lib/actions/define';
import { revalidatePath } from 'next/cache';
import type { ActionResult } from '@/lib/errors';
import { kickDelivery } from '@/lib/notifications/deliver';
import { completeTestCheckout } from '@/lib/payments/test-checkout';
import { testCheckoutSchema } from '@/lib/validation/payments';

// The test payment page: parse -> the checkout's own payer only (in the service) -> signed event.
export const completeTestCheckoutAction = defineAction({ input: testCheckoutSchema, capability: 'fee.pay' }, async ({ actor, input: values }): Promise<ActionResult<{ returnTo: string }>> => {
  const result = await completeTestCheckout(actor, values);
  kickDelivery();
  revalidatePath('/fees');
  revalidatePath('/contractor');
  const home = actor.role === 'active_contractor' ? '/contractor' : '/fees';
  return { ok: true, data: { returnTo: `${home}?checkout=${result.checkoutId}` } };
});
