import Link from 'next/link';
import { Alert } from '@/components/alert';
import { DataTable } from '@/components/data-table';
import { Wrap } from '@/components/plan/wrap';
import { iowaDateOf } from '@/lib/clock';
import { formatDate } from '@/lib/format';
import type { TransferSummary } from '@/lib/transfers/queries';

/** At the top of the worklist: how many transfer requests wait, with a way to them. Nothing when none. */
export function PendingTransfersNotice({ total }: { total: number }) {
  if (total === 0) return null;
  return (
    <Alert type="info" heading={`${total} ownership transfer ${total === 1 ? 'request is' : 'requests are'} waiting for a decision`} className="margin-bottom-3">
      Someone asked to be recorded as an operation’s new owner (DNR form 542-4026). Nothing changes hands until you confirm it.{' '}
      <a href="#transfers-heading">Go to the transfer requests</a>.
    </Alert>
  );
}

/**
 * The worklist's section of ownership transfer requests waiting for the department (IAC
 * 567-65.110(1)"d", DNR form 542-4026), oldest first; a request the owner on record disputes says so.
 */
export function PendingTransfers({ rows, total }: { rows: TransferSummary[]; total: number }) {
  return (
    <section aria-labelledby="transfers-heading" className="margin-top-5">
      <h2 className="font-heading-md" id="transfers-heading" tabIndex={-1}>
        {total === 0 ? 'Ownership transfer requests: none waiting' : `Ownership transfer requests: ${total} waiting`}
      </h2>
      {total === 0 ? (
        <p>No one is waiting to be recorded as a new owner.</p>
      ) : (
        <>
          <p>Nothing changes hands until you confirm a request (or the owner on record accepts it). Read the proof, then confirm or refuse with a reason.</p>
          <DataTable<TransferSummary>
            caption="Ownership transfer requests waiting for a decision"
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
                    <Link href={`/review/transfers/${t.id}`} aria-label={`Decide the transfer of ${t.operationName} to ${t.claimantName}`}>
                      {t.operationName}
                    </Link>
                    <br />
                    <span className="text-base-dark">
                      {t.countyName} County · facility {t.facilityId ?? 'not assigned'}
                    </span>
                  </Wrap>
                ),
              },
              { key: 'claimant', header: 'New owner asked for', cell: (t) => <Wrap>{t.claimantName}</Wrap> },
              { key: 'owner', header: 'Owner on record', cell: (t) => <Wrap>{t.currentOwnerName ?? 'None recorded'}</Wrap> },
              { key: 'acquired', header: 'Acquired', cell: (t) => formatDate(t.acquiredOn) },
              { key: 'filed', header: 'Filed', cell: (t) => formatDate(iowaDateOf(t.createdAt)) },
              {
                key: 'answer',
                header: 'Owner’s answer',
                cell: (t) => <Wrap>{t.ownerResponse === 'disputed' ? <strong>Says the request is wrong</strong> : 'No answer yet'}</Wrap>,
              },
            ]}
          />
          {total > rows.length ? <p>The {rows.length} oldest are listed.</p> : null}
        </>
      )}
    </section>
  );
}
