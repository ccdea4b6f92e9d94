import { DataTable } from '@/components/data-table';
import { formatDateTime } from '@/lib/format';
import type { MyRegistration } from '@/lib/registrations/queries';
import { RegistrationButtons } from './registration-buttons';

/** Registrations the preparer made for clients that wait for the owner, or that the owner declined. */
export function Registrations({ rows }: { rows: MyRegistration[] }) {
  if (!rows.length) return null;
  return (
    <section id="registrations" aria-labelledby="registrations-heading" className="margin-y-4">
      <h2 id="registrations-heading">Registrations for clients</h2>
      <p>Until the owner accepts, only you see these operations: the department does not, and no plan can be started for them.</p>
      <DataTable<MyRegistration>
        caption="Registrations waiting for owners"
        captionHidden
        stacked
        rows={rows}
        rowKey={(r) => r.id}
        emptyMessage="None."
        columns={[
          { key: 'op', header: 'Operation', cell: (r) => `${r.operationName} (${r.countyName} County)` },
          { key: 'owner', header: 'Owner', cell: (r) => `${r.ownerName} (${r.ownerEmail})` },
          {
            key: 'status',
            header: 'Status',
            cell: (r) =>
              r.status === 'pending' ? (
                <>
                  <strong>Waiting for {r.ownerName} to accept</strong>
                  <br />
                  Link sent {formatDateTime(r.lastSentAt)}
                  {r.linkExpiresAt ? <>; it works until {formatDateTime(r.linkExpiresAt)}</> : null}
                </>
              ) : (
                <>Declined by {r.ownerName}{r.decidedAt ? ` on ${formatDateTime(r.decidedAt)}` : ''}: the operation was withdrawn</>
              ),
          },
          { key: 'act', header: 'Actions', cell: (r) => (r.status === 'pending' ? <RegistrationButtons requestId={r.id} operationName={r.operationName} /> : null) },
        ]}
      />
    </section>
  );
}
