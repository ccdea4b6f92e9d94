import { invalidateFigures } from '@/lib/cache/figures-cache';
import { today } from '@/lib/clock';
import { publicOrigin } from '@/lib/env';
import { applyPaymentEvent, type EventOutcome } from './apply-event';
import { getPaymentProvider, WebhookSignatureError } from './provider';

/**
 * A webhook request as the processor sent it: the raw body and its signature header. A bad
 * signature (or online payment turned off) changes nothing and says so with `rejected`.
 */
export async function receivePaymentWebhook(rawBody: string, signature: string | null, nowMs = Date.now()): Promise<{ rejected: string } | { outcome: EventOutcome }> {
  const provider = getPaymentProvider();
  if (!provider) return { rejected: 'Online payment is not configured.' };
  let event;
  try {
    event = provider.verifyWebhook(rawBody, signature, nowMs);
  } catch (err) {
    if (err instanceof WebhookSignatureError) return { rejected: err.message };
    throw err;
  }
  const { outcome } = await applyPaymentEvent(provider, event, { today: today(), origin: publicOrigin() });
  // A payment changes the ledger's and the compliance page's totals.
  invalidateFigures('fees:');
  invalidateFigures('compliance:');
  return { outcome };
}
