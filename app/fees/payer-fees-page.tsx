import { Alert } from '@/components/alert';
import { PageHeading } from '@/components/page-heading';
import type { Actor } from '@/lib/auth/roles';
import { today } from '@/lib/clock';
import { getOwnCheckout } from '@/lib/payments/checkout';
import { receiptNumberFor } from '@/lib/payments/apply-event';
import { listPayerFees } from '@/lib/payments/payer-fees';
import { getPaymentProvider } from '@/lib/payments/provider';
import { formatMoney } from '@/lib/format';
import { PayerFeesTable } from './payer-fees';

/** After the payment page: what happened to the checkout, in plain words. */
export async function CheckoutOutcome({ actor, checkoutId }: { actor: Actor; checkoutId: string | undefined }) {
  if (!checkoutId) return null;
  const checkout = await getOwnCheckout(actor, checkoutId).catch(() => null);
  if (!checkout) return null;
  if (checkout.status === 'paid') {
    return (
      <Alert type="success" role="status" heading={`Payment received: ${formatMoney(checkout.totalCents)}`}>
        Receipt {receiptNumberFor(checkout.id, (checkout.completedAt ?? new Date()).toISOString().slice(0, 10))} was emailed to you. The fees below show it.
      </Alert>
    );
  }
  if (checkout.status === 'cancelled') return <Alert type="info" role="status" heading="Payment cancelled">Nothing was charged. The fees are still owed.</Alert>;
  if (checkout.status === 'refused' || checkout.status === 'refunded') {
    return <Alert type="error" heading="This payment was not applied">{checkout.refusalReason} {checkout.status === 'refunded' ? 'The money was returned to you.' : 'The department will return the money.'}</Alert>;
  }
  return <Alert type="info" role="status" heading="Waiting for the payment">The payment processor has not confirmed this payment yet. Reload this page in a minute.</Alert>;
}

export async function PayerFeesPage({ actor, checkoutId }: { actor: Actor; checkoutId?: string }) {
  const fees = await listPayerFees(actor, today());
  const provider = getPaymentProvider();
  return (
    <>
      <PageHeading
        title="Your fees"
        lead={
          actor.role === 'active_contractor'
            ? 'The annual compliance fees of the contract producers you contract with (IAC 567-65.110(3)“c”), and how to pay each.'
            : 'What you owe for your operations: filing fees (IAC 567-65.110(7)), annual compliance fees (65.110(3)“c”) and indemnity fees (65.110(6)), and how to pay each.'
        }
      />
      <CheckoutOutcome actor={actor} checkoutId={checkoutId} />
      <PayerFeesTable fees={fees} providerLabel={provider?.label ?? null} caption="Fees billed to you" />
    </>
  );
}
