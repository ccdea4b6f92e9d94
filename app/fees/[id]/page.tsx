import type { Metadata } from 'next';
import Link from 'next/link';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { DataTable } from '@/components/data-table';
import { PageHeading } from '@/components/page-heading';
import { SummaryBox } from '@/components/summary-box';
import { inScope, requireCapability } from '@/lib/auth/gates';
import { today } from '@/lib/clock';
import { getFeeLine } from '@/lib/fees/ledger';
import { formatDate, formatDateTime, formatMoney } from '@/lib/format';
import { FEE_LABELS, PAYMENT_METHOD_LABELS, planKindLabel } from '@/lib/notifications/labels';
import { HowToPay } from '@/components/fees/how-to-pay';
import { feeReference } from '@/lib/payments/instructions';
import { PaymentForm } from './payment-form';
import { RefundForm, type RefundablePayment } from './refund-form';

export const metadata: Metadata = { title: 'Fee' };

export default async function FeePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const actor = await requireCapability('fee.read_ledger', `/fees/${id}`);
  const fee = await inScope(getFeeLine(actor, id));
  const balance = fee.status === 'due' ? fee.amountCents - fee.paidCents : 0;
  type Payment = (typeof fee.payments)[number];
  // A refund is a negative row naming its payment; what is left of each payment can still be given back.
  const refundedOf = (id: string) => fee.payments.filter((p) => p.refundOfPaymentId === id).reduce((n, p) => n - p.amountCents, 0);
  const refundable: RefundablePayment[] = fee.payments
    .filter((p) => !p.refundOfPaymentId && p.amountCents - refundedOf(p.id) > 0)
    .map((p) => ({ id: p.id, online: p.online, refundable: ((p.amountCents - refundedOf(p.id)) / 100).toFixed(2), label: `${formatMoney(p.amountCents)} received ${formatDate(p.receivedOn)} (${PAYMENT_METHOD_LABELS[p.method]}${p.reference ? ` ${p.reference}` : ''})` }));
  const receivedOn = (id: string | null) => fee.payments.find((p) => p.id === id)?.receivedOn;
  return (
    <>
      <Breadcrumbs items={[{ label: 'Fees ledger', href: '/fees' }, { label: `${fee.operationName}: ${FEE_LABELS[fee.code]}` }]} />
      <PageHeading title={`${FEE_LABELS[fee.code]}: ${fee.operationName}`} lead={`Facility ${fee.facilityId ?? 'not yet assigned'} · ${fee.citation}`} />
      <SummaryBox heading={fee.status === 'due' ? `${formatMoney(balance)} still owed` : fee.status === 'paid' ? 'Paid in full' : `Fee ${fee.status}`}>
        <ul className="usa-list margin-y-0">
          <li>Amount: {formatMoney(fee.amountCents)}; paid: {formatMoney(fee.paidCents)}{fee.payments.some((p) => p.refundOfPaymentId) ? ' (after refunds)' : ''}</li>
          <li>Payer: {fee.payerName} ({fee.payerKind === 'active_contractor' ? 'active contractor, Iowa Code ch. 202' : 'owner'})</li>
          {fee.dueOn ? <li>Due: {formatDate(fee.dueOn)}</li> : null}
          <li>Reference on the payer’s check: {feeReference(fee.id)}</li>
          {fee.plan && fee.planId ? <li>For: <Link href={`/review/plans/${fee.planId}`}>{planKindLabel(fee.plan.kind, fee.plan.updateKind)}</Link></li> : null}
        </ul>
      </SummaryBox>
      <h2>How the payer pays</h2>
      <p>The payer pays online from their fees page, or by check:</p>
      <HowToPay feeLineId={fee.id} balanceCents={balance} online={null} />
      <h2>Payments</h2>
      <DataTable<Payment>
        caption="Payments on this fee"
        captionHidden
        stacked
        rows={fee.payments}
        rowKey={(p) => p.id}
        emptyMessage="No payments recorded."
        columns={[
          { key: 'on', header: 'Received or refunded', rowHeader: true, cell: (p) => formatDate(p.receivedOn) },
          {
            key: 'amount',
            header: 'Amount',
            cell: (p) =>
              p.refundOfPaymentId ? `Refund of ${formatMoney(-p.amountCents)} (payment of ${formatDate(receivedOn(p.refundOfPaymentId) ?? p.receivedOn)}): ${p.reason ?? ''}` : formatMoney(p.amountCents),
          },
          { key: 'method', header: 'Method', cell: (p) => PAYMENT_METHOD_LABELS[p.method] },
          { key: 'ref', header: 'Reference', cell: (p) => p.reference ?? '—' },
          { key: 'by', header: 'Recorded', cell: (p) => `${p.recordedBy ?? 'the portal'}, ${formatDateTime(p.createdAt)}` },
        ]}
      />
      {fee.status === 'due' ? (
        <>
          <h2>Record a payment</h2>
          <PaymentForm feeLineId={fee.id} balance={(balance / 100).toFixed(2)} today={today()} />
        </>
      ) : null}
      {refundable.length ? (
        <>
          <h2>Refund a payment</h2>
          <p>For a payment made twice, or a check that crossed an online payment. What is refunded is owed on the fee again unless the fee is still paid in full.</p>
          <RefundForm payments={refundable} today={today()} />
        </>
      ) : null}
    </>
  );
}
