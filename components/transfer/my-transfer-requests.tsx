import Link from 'next/link';
import { DataTable } from '@/components/data-table';
import { Wrap } from '@/components/plan/wrap';
import { formatDate } from '@/lib/format';
import type { TransferSummary } from '@/lib/transfers/queries';
import { TransferStatusTag, transferStatusText } from './transfer-status';

/** The owner's own transfer requests on their dashboard: waiting ones, and those decided lately. */
export function MyTransferRequests({ rows }: { rows: TransferSummary[] }) {
  return (
    <section aria-labelledby="transfers" className="margin-top-4">
      <h2 id="transfers">Your transfer requests</h2>
      <DataTable<TransferSummary>
        caption="Your requests to be recorded as an operation's owner"
        captionHidden
        stacked
        rows={rows}
        rowKey={(t) => t.id}
        columns={[
          {
            key: 'operation',
            header: 'Operation',
            rowHeader: true,
            cell: (t) => (
              <Wrap>
                {t.status === 'confirmed' ? <Link href={`/operations/${t.operationId}`}>{t.operationName}</Link> : t.operationName}
                <br />
                <span className="text-base-dark">
                  {t.countyName} County · facility {t.facilityId ?? 'not assigned'}
                </span>
              </Wrap>
            ),
          },
          { key: 'acquired', header: 'Acquired', cell: (t) => formatDate(t.acquiredOn) },
          { key: 'status', header: 'Status', cell: (t) => <TransferStatusTag status={t.status} /> },
          {
            key: 'detail',
            header: 'Where it stands',
            cell: (t) => (
              <Wrap>
                {transferStatusText(t)}
                {t.status === 'refused' && t.decisionReason ? (
                  <>
                    <br />
                    <span className="text-bold">Reason:</span> {t.decisionReason}
                  </>
                ) : null}
              </Wrap>
            ),
          },
        ]}
      />
    </section>
  );
}
