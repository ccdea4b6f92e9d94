import { DataTable } from '@/components/data-table';
import type { PlanChange } from '@/lib/plans/document/types';
import { Wrap } from '@/components/plan/wrap';

export type ChangeRow = Pick<PlanChange, 'label' | 'before' | 'after'>;

/**
 * IAC 567-65.110(3)"b"(3)"3": each change since the last approved plan, as it was and as it is now.
 * The owner's list, the filed plan's certified list and the reviewer's comparison all show the one
 * diff of lib/plans/document/diff.ts through this table.
 */
export function ChangesTable({ changes, caption = 'Changes since the last approved plan', captionHidden = false }: { changes: ChangeRow[]; caption?: string; captionHidden?: boolean }) {
  return (
    <DataTable<ChangeRow>
      caption={caption}
      captionHidden={captionHidden}
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
