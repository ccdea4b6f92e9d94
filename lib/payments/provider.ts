import { paymentProviderName } from '@/lib/env';
import { testPaymentProvider } from './test-provider';
import type { PaymentProvider } from './types';

export type { CheckoutRequest, PaymentEvent, PaymentProvider } from './types';
export { WebhookSignatureError } from './types';

/** The configured provider, or null when online payment is off (fees are paid by check). */
export function getPaymentProvider(): PaymentProvider | null {
  return paymentProviderName() === 'test' ? testPaymentProvider : null;
}
