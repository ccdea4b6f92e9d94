import { DataTable } from '@/components/data-table';
import { formatDateTime } from '@/lib/format';
import type { TransferAuditEntry } from '@/lib/transfers/queries';

// The audit log of one transfer request: who did what, and when.
const WORDS: Record<string, string> = {
  'transfer.requested': 'Request filed with its proof',
  'transfer.accepted_by_owner': 'Accepted by the owner on record',
  'transfer.disputed_by_owner': 'The owner on record said it is wrong',
  'transfer.confirmed': 'Transfer confirmed',
  'transfer.refused': 'Request refused',
};

function detail(e: TransferAuditEntry): string {
  const a = (e.after ?? {}) as Record<string, unknown>;
  if (e.action === 'transfer.refused' && typeof a.reason === 'string') return a.reason;
  if (e.action === 'transfer.disputed_by_owner' && typeof a.note === 'string') return a.note;
  if (e.action === 'transfer.confirmed') return a.originalMmpDueOn ? `Original MMP due ${String(a.originalMmpDueOn)} (${String(a.citation ?? '')})` : `No original MMP owed (${String(a.citation ?? '')})`;
  if (e.action === 'transfer.requested') {
    const ev = a.evidence as { filename?: string } | undefined;
    return ev?.filename ? `Proof: ${ev.filename}` : '—';
  }
  return '—';
}

export function TransferHistory({ entries }: { entries: TransferAuditEntry[] }) {
  return (
    <DataTable<TransferAuditEntry>
      caption="History of this transfer request"
      captionHidden
      stacked
      rows={entries}
      rowKey={(e) => e.id}
      emptyMessage="Nothing recorded yet."
      columns={[
        { key: 'when', header: 'When', rowHeader: true, cell: (e) => formatDateTime(e.occurredAt) },
        { key: 'who', header: 'Who', cell: (e) => e.actorName ?? (e.action === 'transfer.accepted_by_owner' || e.action === 'transfer.disputed_by_owner' ? 'The owner on record, by the emailed link' : 'The portal') },
        { key: 'what', header: 'What', cell: (e) => WORDS[e.action] ?? e.action },
        { key: 'detail', header: 'Detail', cell: detail },
      ]}
    />
  );
}

type Notice = { id: string; toAddress: string; subject: string; status: string; createdAt: Date };

const DELIVERY: Record<string, string> = { pending: 'Waiting to send', sending: 'Sending', sent: 'Sent', failed: 'Failed', held: 'Held (no mail server)' };

/** The emails sent to both parties about one request. */
export function TransferNotices({ notices }: { notices: Notice[] }) {
  return (
    <DataTable<Notice>
      caption="Emails about this transfer request"
      captionHidden
      stacked
      rows={notices}
      rowKey={(n) => n.id}
      emptyMessage="No emails have been sent about this request."
      columns={[
        { key: 'subject', header: 'Email', rowHeader: true, cell: (n) => n.subject },
        { key: 'to', header: 'To', cell: (n) => n.toAddress },
        { key: 'when', header: 'Queued', cell: (n) => formatDateTime(n.createdAt) },
        { key: 'status', header: 'Delivery', cell: (n) => DELIVERY[n.status] ?? n.status },
      ]}
    />
  );
}
