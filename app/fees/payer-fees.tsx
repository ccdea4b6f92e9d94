import Link from 'next/link';
import { DataTable } from '@/components/data-table';
import { HowToPay } from '@/components/fees/how-to-pay';
import { formatDate, formatMoney, payAllWords, pluralDays } from '@/lib/format';
import { FEE_LABELS } from '@/lib/notifications/labels';
import { feeReference } from '@/lib/payments/instructions';
import type { PayerFee } from '@/lib/payments/payer-fees';
import { PayOnlineButton } from './pay-online-button';

const STATUS_WORDS = { due: 'Unpaid', paid: 'Paid', waived: 'Waived', void: 'Void' } as const;

function dueCell(f: PayerFee) {
  if (!f.dueOn) return '—';
  if (f.overdueDays !== null && f.overdueDays > 0) {
    return <span className="text-secondary-dark text-bold">Overdue: was due {formatDate(f.dueOn)} ({pluralDays(f.overdueDays)} ago)</span>;
  }
  return <>{f.balanceCents > 0 ? 'Due' : 'Was due'} {formatDate(f.dueOn)}</>;
}

/** The payer's fee lines, each with how to pay it. `providerLabel` null: online payment is off. */
export function PayerFeesTable({ fees, providerLabel, caption }: { fees: PayerFee[]; providerLabel: string | null; caption: string }) {
  const owed = fees.filter((f) => f.balanceCents > 0);
  return (
    <>
      <p>
        Outstanding balance: <strong>{formatMoney(owed.reduce((s, f) => s + f.balanceCents, 0))}</strong>
        {owed.some((f) => f.overdueDays) ? <strong className="text-secondary-dark"> ({owed.filter((f) => f.overdueDays).length} overdue)</strong> : null}
      </p>
      {owed.length > 1 && providerLabel ? (
        <PayOnlineButton feeLineIds={owed.map((f) => f.id)} label={`${payAllWords(owed.length)} online (${formatMoney(owed.reduce((s, f) => s + f.balanceCents, 0))})`} providerLabel={providerLabel} />
      ) : null}
      <DataTable<PayerFee>
        caption={caption}
        captionHidden
        stacked
        rows={fees}
        rowKey={(f) => f.id}
        emptyMessage="No fees are billed to you."
        columns={[
          {
            key: 'op',
            header: 'Operation',
            rowHeader: true,
            cell: (f) => (
              <>
                <Link href={`/operations/${f.operationId}`}>{f.operationName}</Link>
                {f.planId ? (
                  <span className="display-block font-sans-2xs">
                    <Link href={`/plans/${f.planId}`} aria-label={`${f.operationName}: the plan this fee is for`}>The plan</Link>
                    {f.submissionId ? <> · <a href={`/api/invoices/${f.submissionId}`} aria-label={`${f.operationName}: invoice (PDF)`}>Invoice (PDF)</a></> : null}
                  </span>
                ) : null}
              </>
            ),
          },
          { key: 'fee', header: 'Fee', cell: (f) => <>{FEE_LABELS[f.code]}<span className="display-block text-base-dark font-sans-2xs">{f.citation} · reference {feeReference(f.id)}</span></> },
          { key: 'amount', header: 'Amount', cell: (f) => formatMoney(f.amountCents) },
          { key: 'paid', header: 'Paid', cell: (f) => formatMoney(f.paidCents) },
          { key: 'balance', header: 'Owed', cell: (f) => (f.balanceCents > 0 ? <strong>{formatMoney(f.balanceCents)}</strong> : `${formatMoney(0)} (${STATUS_WORDS[f.status]})`) },
          { key: 'due', header: 'Due', cell: dueCell },
          {
            key: 'pay',
            header: 'How to pay',
            cell: (f) => (
              <HowToPay
                feeLineId={f.id}
                balanceCents={f.balanceCents}
                online={providerLabel ? <PayOnlineButton feeLineIds={[f.id]} label={`Pay ${formatMoney(f.balanceCents)} online`} providerLabel={providerLabel} /> : null}
              />
            ),
          },
        ]}
      />
    </>
  );
}
