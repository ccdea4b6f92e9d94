// The one way the portal takes money online. A processor adapter implements this; the portal never
// trusts the browser's word that a payment went through, only the processor's signed event.

export type CheckoutRequest = {
  checkoutId: string;
  lines: { feeLineId: string; cents: number; description: string }[];
  totalCents: number;
  /** Where the payer comes back to after paying or cancelling (built from publicOrigin()). */
  returnUrl: string;
};

/** What the processor told us, after its signature was checked. */
export type PaymentEvent = {
  id: string;
  type: 'checkout.completed' | 'checkout.cancelled';
  checkoutId: string;
  /** The processor's reference for the money it took (goes on each payment in the ledger). */
  providerReference: string;
  amountCents: number;
};

export interface PaymentProvider {
  readonly name: string;
  /** A label a payer sees next to the button, e.g. "Pay online (test payment page)". */
  readonly label: string;
  /** Opens a checkout at the processor for these fee lines; the payer’s browser goes to redirectUrl (the processor’s address, or a path of this portal for the test provider). */
  createCheckout(req: CheckoutRequest): Promise<{ redirectUrl: string; providerReference: string }>;
  /** Checks the signature of a webhook request and reads its event; throws WebhookSignatureError. */
  verifyWebhook(rawBody: string, signatureHeader: string | null, nowMs: number): PaymentEvent;
  /** Returns money taken for a checkout to the payer. */
  refund(input: { providerReference: string; cents: number }): Promise<{ refundReference: string }>;
}

export class WebhookSignatureError extends Error {}

