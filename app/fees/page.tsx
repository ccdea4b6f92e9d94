import type { Metadata } from 'next';
import Link from 'next/link';
import { DataTable } from '@/components/data-table';
import { PageHeading } from '@/components/page-heading';
import { Pagination } from '@/components/review/pagination';
import { SelectField } from '@/components/select-field';
import { SummaryBox } from '@/components/summary-box';
import { TextField } from '@/components/text-field';
import { requireCapability } from '@/lib/auth/gates';
import { isDepartment } from '@/lib/auth/roles';
import { FiguresAsOf } from '@/components/figures-as-of';
import type { LedgerRow, PayerBalance } from '@/lib/fees/ledger';
import { PAYER_BALANCES_SHOWN, readLedgerFigures } from '@/lib/fees/ledger-figures';
import { formatDate, formatMoney } from '@/lib/format';
import { FEE_LABELS } from '@/lib/notifications/labels';
import { feeLedgerFilterSchema, type FeeLedgerFilters } from '@/lib/validation/fees';
import { worklistQuery } from '@/lib/validation/review-worklist';
import { PayerFeesPage } from './payer-fees-page';

export const metadata: Metadata = { title: 'Fees' };

const STATUS_WORDS = { due: 'Unpaid', paid: 'Paid', waived: 'Waived', void: 'Void' } as const;

function query(f: FeeLedgerFilters, page?: number) {
  return worklistQuery({ ...f, page: page ?? 1 } as never);
}

export default async function FeesPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  // Payers see their own fees; the department sees the ledger.
  const actor = await requireCapability('fee.read', '/fees');
  const raw = Object.fromEntries(Object.entries(await searchParams).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v || undefined]));
  if (!isDepartment(actor.role)) return <PayerFeesPage actor={actor} checkoutId={raw.checkout} />;
  const filters = feeLedgerFilterSchema.parse(raw);
  // Totals over every fee line in the state: read at most once a minute, and the page says when.
  const { value: { ledger, balances }, asOf } = await readLedgerFigures(actor, filters);
  return (
    <>
      <PageHeading
        title="Fees ledger"
        lead="Every fee line with its payer, payments and balance: filing fees (IAC 567-65.110(7)), annual compliance fees (65.110(3)“c”) and indemnity fees (65.110(6))."
      />
      <FiguresAsOf asOf={asOf} every="every minute" />
      <SummaryBox heading="Under these filters">
        <ul className="usa-list margin-y-0">
          <li>{ledger.totals.lines} fee lines, {formatMoney(ledger.totals.amountCents)} billed, {formatMoney(ledger.totals.paidCents)} paid</li>
          <li><strong>{formatMoney(ledger.totals.outstandingCents)} outstanding on {ledger.totals.unpaidLines} unpaid lines</strong></li>
        </ul>
      </SummaryBox>
      <form method="get" action="/fees" className="usa-form maxw-none margin-y-3" aria-label="Filter the ledger">
        <div className="grid-row grid-gap-2">
          <TextField groupClassName="tablet:grid-col-4" label="Operation name" name="q" defaultValue={filters.q ?? ''} />
          <SelectField groupClassName="tablet:grid-col-4" label="Status" name="status" defaultValue={filters.status ?? ''} placeholder="Any status" options={Object.entries(STATUS_WORDS).map(([value, label]) => ({ value, label }))} />
          <SelectField groupClassName="tablet:grid-col-4" label="Fee" name="code" defaultValue={filters.code ?? ''} placeholder="Any fee" options={Object.entries(FEE_LABELS).map(([value, label]) => ({ value, label }))} />
        </div>
        {filters.payer ? <input type="hidden" name="payer" value={filters.payer} /> : null}
        <div className="mmp-cta margin-top-2">
          <button type="submit" className="usa-button">Apply filters</button>
          <Link className="usa-button usa-button--outline" href="/fees">Clear filters</Link>
        </div>
      </form>
      <p><a href={`/api/fees/ledger.csv${query(filters)}`} download>Download these fee lines as CSV</a></p>
      <DataTable<LedgerRow>
        caption="Fee lines, unpaid first"
        stacked
        rows={ledger.rows}
        rowKey={(r) => r.id}
        emptyMessage="No fee lines match these filters."
        columns={[
          { key: 'op', header: 'Operation', rowHeader: true, cell: (r) => <Link href={`/fees/${r.id}`}>{r.operationName}</Link> },
          { key: 'fee', header: 'Fee', cell: (r) => <>{FEE_LABELS[r.code]}<span className="display-block text-base-dark font-sans-2xs">{r.citation}</span></> },
          { key: 'payer', header: 'Payer', cell: (r) => <Link href={`/fees${query({ ...filters, payer: r.payerPartyId })}`}>{r.payerName}</Link> },
          { key: 'amount', header: 'Amount', cell: (r) => formatMoney(r.amountCents) },
          { key: 'paid', header: 'Paid', cell: (r) => formatMoney(r.paidCents) },
          { key: 'balance', header: 'Balance', cell: (r) => (r.status === 'due' ? <strong>{formatMoney(r.amountCents - r.paidCents)}</strong> : formatMoney(0)) },
          { key: 'status', header: 'Status', cell: (r) => <>{STATUS_WORDS[r.status]}{r.dueOn ? <span className="display-block text-base-dark font-sans-2xs">Due {formatDate(r.dueOn)}</span> : null}</> },
        ]}
      />
      <Pagination label="Ledger pages" page={ledger.page} pageCount={ledger.pageCount} href={(p) => `/fees${query(filters, p)}`} />
      <h2>Largest outstanding balances by payer</h2>
      <p className="usa-hint">
        The {PAYER_BALANCES_SHOWN} payers owing the most, largest first. Filter the ledger by payer, or by status “Due”, for anyone else.
      </p>
      <DataTable<PayerBalance>
        caption="Largest outstanding balances by payer"
        captionHidden
        stacked
        rows={balances}
        rowKey={(b) => b.payerPartyId}
        emptyMessage="Nobody owes anything."
        columns={[
          { key: 'payer', header: 'Payer', rowHeader: true, cell: (b) => <Link href={`/fees${query({ page: 1, payer: b.payerPartyId, status: 'due' })}`}>{b.payerName}</Link> },
          { key: 'kind', header: 'Pays as', cell: (b) => (b.payerKind === 'active_contractor' ? 'Active contractor' : 'Owner') },
          { key: 'lines', header: 'Unpaid lines', cell: (b) => b.unpaidLines },
          { key: 'owed', header: 'Outstanding', cell: (b) => formatMoney(b.outstandingCents) },
        ]}
      />
    </>
  );
}
