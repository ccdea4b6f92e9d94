import { today } from '@/lib/clock';
import { queryLedgerRows, type LedgerRow } from '@/lib/fees/ledger';
import { FEE_LABELS } from '@/lib/notifications/labels';
import { csvResponse } from '@/lib/csv';
import { defineRoute } from '@/lib/http/define-route';
import { feeLedgerQuerySchema } from '@/lib/validation/fees';

export const dynamic = 'force-dynamic';

const cents = (c: number) => (c / 100).toFixed(2);

// The filtered fees ledger as CSV, streamed in batches. Department only, read in the caller's scope.
// A query string that does not parse answers 400 with what is wrong (lib/http/route-errors.ts); anyone but the department is refused, and the refusal audited.
export const GET = defineRoute({ capability: 'fee.read_ledger', component: 'fees-ledger', signIn: 'Sign in to download the ledger.' }, async ({ request, actor }) => {
  const filters = feeLedgerQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  return csvResponse<LedgerRow>(
    `fees-${today()}.csv`,
    ['Operation', 'Facility ID', 'Fee', 'Rule', 'Payer', 'Payer kind', 'Amount', 'Paid', 'Balance', 'Status', 'Due', 'Fee line ID'],
    (r) => [
      r.operationName, r.facilityId, FEE_LABELS[r.code], r.citation, r.payerName, r.payerKind, cents(r.amountCents), cents(r.paidCents),
      cents(r.status === 'due' ? r.amountCents - r.paidCents : 0), r.status, r.dueOn, r.id,
    ],
    (offset, limit) => queryLedgerRows(actor, { ...filters, page: 1 }, { limit, offset }),
  );
});
