import { DataTable } from '@/components/data-table';
import type { DiffEntry } from '@/lib/reviews/diff';

const CHANGE_WORDS: Record<DiffEntry['change'], string> = { added: 'Added', removed: 'Removed', changed: 'Changed' };

export function DiffTable({ diff }: { diff: DiffEntry[] }) {
  if (!diff.length) return <p>Nothing differs from the last approved plan.</p>;
  return (
    <DataTable<DiffEntry>
      caption="Differences from the last approved plan"
      captionHidden
      stacked
      rows={diff}
      rowKey={(d, i) => `${i}-${d.item}`}
      columns={[
        { key: 'item', header: 'Item', rowHeader: true, cell: (d) => `${d.section}: ${d.item}` },
        { key: 'change', header: 'Change', cell: (d) => CHANGE_WORDS[d.change] },
        { key: 'before', header: 'Approved plan', cell: (d) => d.before ?? '—' },
        { key: 'after', header: 'This plan', cell: (d) => d.after ?? '—' },
      ]}
    />
  );
}
