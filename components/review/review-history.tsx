import { DataTable } from '@/components/data-table';
import { formatDateTime } from '@/lib/format';
import type { AuditAction } from '@/lib/audit';
import type { AuditEntry, DeficiencyCycle, DeficiencyItem } from '@/lib/reviews/review-history';

// Deficiency cycles, notices and the audit log of a plan: the record a regulator reads.

/** The items of one return, each with the owner's answer and when it was given. */
export function DeficiencyItems({ items }: { items: DeficiencyItem[] }) {
  return (
    <ul className="usa-list">
      {items.map((i) => (
        <li key={i.id} className="margin-bottom-1">
          <strong>{i.title}</strong> ({i.code}{i.rule ? `; ${i.rule}` : ''}){i.detail ? `: ${i.detail}` : ''}
          <br />
          {i.ownerResponse ? (
            <>
              <span className="text-bold">Owner’s answer{i.respondedAt ? `, ${formatDateTime(i.respondedAt)}` : ''}:</span> <span className="text-pre-wrap">{i.ownerResponse}</span>
            </>
          ) : (
            <span className="text-base-dark">Not answered.</span>
          )}
        </li>
      ))}
    </ul>
  );
}

export function DeficiencyHistory({ cycles }: { cycles: DeficiencyCycle[] }) {
  if (!cycles.length) return <p>The plan has never been returned as incomplete.</p>;
  return (
    <>
      {cycles.map((c) => (
        <section key={c.cycle} aria-label={`Return ${c.cycle}`}>
          <h3>Return {c.cycle}: {formatDateTime(c.returnedAt)}</h3>
          <DeficiencyItems items={c.items} />
        </section>
      ))}
    </>
  );
}

type Notice = { id: string; toAddress: string; subject: string; status: string; createdAt: Date };

export function NoticesTable({ notices }: { notices: Notice[] }) {
  return (
    <DataTable<Notice>
      caption="Notices about this plan"
      captionHidden
      stacked
      rows={notices}
      rowKey={(n) => n.id}
      emptyMessage="No notices have been sent about this plan."
      columns={[
        { key: 'subject', header: 'Notice', rowHeader: true, cell: (n) => n.subject },
        { key: 'to', header: 'To', cell: (n) => n.toAddress },
        { key: 'when', header: 'Queued', cell: (n) => formatDateTime(n.createdAt) },
        { key: 'status', header: 'Delivery', cell: (n) => ({ pending: 'Waiting to send', sending: 'Sending', sent: 'Sent', failed: 'Failed', held: 'Held (no mail server)' })[n.status] ?? n.status },
      ]}
    />
  );
}

const ACTION_WORDS: Partial<Record<AuditAction, string>> = {
  'plan.seeded': 'Loaded with the demo data',
  'plan.found_complete': 'Found complete',
  'plan.returned_incomplete': 'Returned as incomplete',
  'plan.deficiencies_answered': 'Returned items answered',
  'plan.approved': 'Approved',
  'plan.disapproved': 'Disapproved',
  'plan.reviewer_assigned': 'Reviewer assigned',
  'plan.county_receipt_recorded': 'County receipt recorded',
  'fee.payment_recorded': 'Payment recorded',
  'auth.denied': 'Refused: the account may not do this to this plan',
};

function summarize(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value !== 'object') return String(value);
  return Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== null && v !== undefined && typeof v !== 'object')
    .map(([k, v]) => `${k.replace(/([A-Z])/g, ' $1').toLowerCase()}: ${String(v)}`)
    .join('; ') || '—';
}

export function AuditHistory({ entries }: { entries: AuditEntry[] }) {
  return (
    <DataTable<AuditEntry>
      caption="Audit log of this plan and its fees"
      captionHidden
      stacked
      rows={entries}
      rowKey={(e) => e.id}
      emptyMessage="Nothing recorded yet."
      columns={[
        { key: 'when', header: 'When', rowHeader: true, cell: (e) => formatDateTime(e.occurredAt) },
        { key: 'who', header: 'Who', cell: (e) => e.actorName ?? 'The portal' },
        { key: 'what', header: 'What', cell: (e) => ACTION_WORDS[e.action] ?? e.action },
        { key: 'before', header: 'Before', cell: (e) => summarize(e.before) },
        { key: 'after', header: 'After', cell: (e) => summarize(e.after) },
      ]}
    />
  );
}
