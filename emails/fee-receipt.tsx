import { parameterValue } from '@/lib/rules';
import { formatDate, formatMoney } from '@/lib/format';
import { FEE_LABELS, PAYMENT_METHOD_LABELS } from '@/lib/notifications/labels';
import { EmailLayout } from './components/layout';
import { Action, Facts, MoneyLines, P, Subheading, Title } from './components/parts';
import type { FeeReceiptProps } from '@/lib/mail/templates';

export function subject(p: FeeReceiptProps): string {
  return `Receipt ${p.receiptNumber}: ${formatMoney(p.amountPaidCents)} paid for ${p.operationName}`;
}

export function FeeReceiptEmail(p: FeeReceiptProps) {
  return (
    <EmailLayout
      preview={`${formatMoney(p.amountPaidCents)} received on ${formatDate(p.paidOn)}. Balance remaining ${formatMoney(p.balanceRemainingCents)}.`}
      reason={`You received this receipt because a payment was recorded for ${p.operationName} (facility ${p.facilityId}) with you as the payer.`}
    >
      <Title>Payment receipt</Title>
      <P>{`Dear ${p.payerName},`}</P>
      <P>{`The department received your payment of ${formatMoney(p.amountPaidCents)} on ${formatDate(p.paidOn)}. Thank you.`}</P>
      <Facts
        rows={[
          ['Receipt number', p.receiptNumber],
          ['Operation', `${p.operationName} (facility ${p.facilityId})`],
          ['Payer', p.payerName],
          ['Paid on', formatDate(p.paidOn)],
          ['Method', PAYMENT_METHOD_LABELS[p.method]],
          ['Reference', p.reference || 'none'],
        ]}
      />
      <Subheading>Applied to</Subheading>
      <MoneyLines
        lines={p.lines.map((l) => ({ label: l.note ? `${FEE_LABELS[l.code]} (${l.note})` : FEE_LABELS[l.code], cents: l.cents }))}
        total={{ label: 'Amount paid', cents: p.amountPaidCents }}
      />
      <P strong>
        {p.balanceRemainingCents > 0
          ? `Balance remaining: ${formatMoney(p.balanceRemainingCents)}`
          : 'Balance remaining: $0.00. Nothing more is owed for this operation.'}
      </P>
      <Action href={p.accountUrl}>View fees and payments</Action>
    </EmailLayout>
  );
}

export const previewProps: FeeReceiptProps = {
  payerName: 'Dana Vander Berg',
  operationName: 'Rock Valley Finishers',
  facilityId: '64512',
  receiptNumber: 'MMP-2027-004187',
  paidOn: '2027-02-12',
  lines: [{ code: 'annual_compliance', cents: 14880, note: `992 animal units × ${formatMoney(parameterValue('fee.annual_compliance_cents_per_animal_unit'))}` }],
  amountPaidCents: 14880,
  method: 'card',
  reference: 'AUTH 5J7K2Q',
  balanceRemainingCents: 0,
  accountUrl: 'https://mmp.iowa.example/operations/64512/fees',
};
