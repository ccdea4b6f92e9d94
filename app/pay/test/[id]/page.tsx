import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { Alert } from '@/components/alert';
import { DataTable } from '@/components/data-table';
import { PageHeading } from '@/components/page-heading';
import { inScope, requireCapability } from '@/lib/auth/gates';
import { formatMoney } from '@/lib/format';
import { FEE_LABELS } from '@/lib/notifications/labels';
import { getOwnCheckout } from '@/lib/payments/checkout';
import { getPaymentProvider } from '@/lib/payments/provider';
import { TestPayButtons } from './test-pay-buttons';

export const metadata: Metadata = { title: 'Test payment page' };

// The portal's own stand-in for a payment processor's page, for the demo and the tests. It says
// plainly that it is a test page: no card is asked for and no money moves.
export default async function TestPaymentPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const actor = await requireCapability('fee.pay', `/pay/test/${id}`);
  if (getPaymentProvider()?.name !== 'test') notFound();
  const checkout = await inScope(getOwnCheckout(actor, id));
  type Line = (typeof checkout.described)[number];
  return (
    <>
      <PageHeading title="Test payment page" lead="This page stands in for a payment processor. No card is asked for and no money moves." />
      <Alert type="warning" heading="Test payment page: not a real payment">
        This portal has no payment processor configured. Pressing Pay records the fees below as paid by card, with a test reference, exactly as a processor’s confirmation would.
      </Alert>
      <DataTable<Line>
        caption="What this payment pays"
        rows={checkout.described}
        rowKey={(l) => l.feeLineId}
        columns={[
          { key: 'op', header: 'Operation', rowHeader: true, cell: (l) => `${l.operationName}${l.facilityId ? ` (facility ${l.facilityId})` : ''}` },
          { key: 'fee', header: 'Fee', cell: (l) => FEE_LABELS[l.code] },
          { key: 'cents', header: 'Amount', cell: (l) => formatMoney(l.cents) },
        ]}
      />
      <p className="text-bold">Total: {formatMoney(checkout.totalCents)} · test reference {checkout.providerReference}</p>
      {checkout.status === 'open' ? (
        <TestPayButtons checkoutId={checkout.id} amount={formatMoney(checkout.totalCents)} />
      ) : (
        <Alert type="info" role="status" heading="This payment is finished">Its status: {checkout.status}. Go back to your fees to see them.</Alert>
      )}
    </>
  );
}
