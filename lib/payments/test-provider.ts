import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { paymentWebhookSecret } from '@/lib/env';
import { WebhookSignatureError, type PaymentEvent, type PaymentProvider } from './types';
import { signPayload, verifySignature } from './signature';

// The portal's own provider for the demo and the tests: its checkout is a page of this portal,
// labelled on screen as a test payment page, where "paying" moves no money. It signs its events with
// the same HMAC scheme (and secret) a real processor's adapter is checked with.

const eventSchema = z.object({
  id: z.string().min(1).max(100),
  type: z.enum(['checkout.completed', 'checkout.cancelled']),
  checkoutId: z.uuid(),
  providerReference: z.string().min(1).max(100),
  amountCents: z.number().int().positive(),
});

export const testPaymentProvider: PaymentProvider = {
  name: 'test',
  label: 'Pay online (test payment page: no money moves)',
  async createCheckout(req) {
    // The test checkout is a page of this portal: a path, so the browser stays on the address it uses.
    return { redirectUrl: `/pay/test/${req.checkoutId}`, providerReference: `TEST-${randomBytes(6).toString('hex').toUpperCase()}` };
  },
  verifyWebhook(rawBody, header, nowMs): PaymentEvent {
    verifySignature(paymentWebhookSecret(), rawBody, header, nowMs);
    let json: unknown;
    try {
      json = JSON.parse(rawBody);
    } catch {
      throw new WebhookSignatureError('The event is not JSON.');
    }
    const parsed = eventSchema.safeParse(json);
    if (!parsed.success) throw new WebhookSignatureError('The event is not one this portal knows.');
    return parsed.data;
  },
  async refund(input) {
    return { refundReference: `${input.providerReference}-R${randomBytes(3).toString('hex').toUpperCase()}` };
  },
};

/** What the test payment page sends when the payer presses Pay: a signed event, as a processor would. */
export function signedTestEvent(event: PaymentEvent, nowMs: number): { body: string; signature: string } {
  const body = JSON.stringify(event);
  return { body, signature: signPayload(paymentWebhookSecret(), body, nowMs) };
}
