import { DataTable } from '@/components/data-table';
import { Wrap } from './wrap';

export type ChangeRow = { label: string; before: string | null; after: string | null };

/** IAC 567-65.110(3)"b"(3)"3": each change since the last approved plan, as it was and as it is now. */
export function PlanChanges({ changes }: { changes: ChangeRow[] }) {
  return (
    <DataTable<ChangeRow>
      caption="Changes since the last approved plan"
      stacked
      rows={changes}
      rowKey={(c, i) => `${i}-${c.label}`}
      emptyMessage="No changes from the last approved plan."
      columns={[
        { key: 'what', header: 'What changed', rowHeader: true, cell: (c) => <Wrap>{c.label}</Wrap> },
        { key: 'before', header: 'Last approved plan', cell: (c) => <Wrap>{c.before === null ? <em>not in the plan</em> : c.before || '—'}</Wrap> },
        { key: 'after', header: 'This update', cell: (c) => <Wrap>{c.after === null ? <em>removed</em> : c.after || '—'}</Wrap> },
      ]}
    />
  );
}
