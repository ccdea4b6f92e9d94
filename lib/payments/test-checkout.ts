import { AppError } from '@/lib/errors';
import type { Actor } from '@/lib/auth/roles';
import { getOwnCheckout } from './checkout';
import { getPaymentProvider } from './provider';
import { signedTestEvent } from './test-provider';
import { receivePaymentWebhook } from './webhook';

/**
 * The test payment page's Pay or Cancel: it sends the event a processor would, signed with the
 * webhook secret, through the same path as a real webhook. The event id is the checkout's own, so
 * pressing Pay twice is a replay and records nothing more.
 */
export async function completeTestCheckout(actor: Actor, input: { checkoutId: string; outcome: 'pay' | 'cancel' }, nowMs = Date.now()) {
  if (getPaymentProvider()?.name !== 'test') throw new AppError('CONFLICT', 'The test payment page is turned off on this portal.');
  const checkout = await getOwnCheckout(actor, input.checkoutId);
  if (!checkout.providerReference) throw new AppError('CONFLICT', 'This payment was not opened. Start again from your fees.');
  const { body, signature } = signedTestEvent(
    {
      id: `evt_${checkout.id}_${input.outcome}`,
      type: input.outcome === 'pay' ? 'checkout.completed' : 'checkout.cancelled',
      checkoutId: checkout.id,
      providerReference: checkout.providerReference,
      amountCents: checkout.totalCents,
    },
    nowMs,
  );
  const result = await receivePaymentWebhook(body, signature, nowMs);
  if ('rejected' in result) throw new AppError('CONFLICT', result.rejected);
  return { outcome: result.outcome, checkoutId: checkout.id };
}
