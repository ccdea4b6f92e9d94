import { DataTable } from '@/components/data-table';
import { formatMoney } from '@/lib/format';
import { FEE_LABELS, type FeeCode } from '@/lib/notifications/labels';
import { Wrap } from './wrap';

export type FeeRow = { code: FeeCode; amountCents: number; citation: string; payerLabel: string; status?: string; paidCents?: number; explanation?: string };

const STATUS_WORDS: Record<string, string> = { due: 'Due', paid: 'Paid', waived: 'Waived', void: 'Cancelled' };

/** Fee lines with who pays and why (the citation), and the total. */
export function FeeTable({ rows, caption, showStatus }: { rows: FeeRow[]; caption: string; showStatus?: boolean }) {
  const total = rows.filter((r) => r.status !== 'void').reduce((s, r) => s + r.amountCents, 0);
  return (
    <>
      <DataTable<FeeRow>
        caption={caption}
        stacked
        rows={rows}
        rowKey={(r) => r.code}
        emptyMessage="No fee is due."
        columns={[
          { key: 'fee', header: 'Fee', rowHeader: true, cell: (r) => <Wrap>{FEE_LABELS[r.code]}{r.explanation ? <><br /><span className="font-sans-2xs">{r.explanation}</span></> : null}</Wrap> },
          { key: 'amount', header: 'Amount', cell: (r) => formatMoney(r.amountCents) },
          { key: 'payer', header: 'Paid by', cell: (r) => <Wrap>{r.payerLabel}</Wrap> },
          { key: 'rule', header: 'Rule', cell: (r) => r.citation },
          ...(showStatus
            ? [{ key: 'status', header: 'Status', cell: (r: FeeRow) => `${STATUS_WORDS[r.status ?? 'due'] ?? r.status}${r.paidCents ? ` (${formatMoney(r.paidCents)} received)` : ''}` }]
            : []),
        ]}
      />
      {rows.length ? <p className="text-bold">Total: {formatMoney(total)}</p> : null}
    </>
  );
}
