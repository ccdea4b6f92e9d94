import Link from 'next/link';
import type { WorklistCounts } from '@/lib/reviews/worklist';
import { worklistQuery, type WorklistBucket, type WorklistFilters } from '@/lib/validation/review-worklist';

// Counts per bucket under the current filters; each count links to that bucket.
const GROUPS: { heading: string; buckets: { key: WorklistBucket; label: string; urgent?: boolean }[] }[] = [
  {
    heading: 'By deadline (IAC 567-65.110(4))',
    buckets: [
      { key: 'overdue', label: 'Overdue', urgent: true },
      { key: 'due_soon', label: 'Due within 7 days', urgent: true },
      { key: 'later', label: 'Due later' },
    ],
  },
  {
    heading: 'By next action',
    buckets: [
      { key: 'awaiting_completeness', label: 'Awaiting completeness check' },
      { key: 'under_review', label: 'Found complete, to decide' },
      { key: 'waiting_on_owner', label: 'Waiting on the owner' },
    ],
  },
];

export function BucketCounts({ counts, filters }: { counts: WorklistCounts; filters: WorklistFilters }) {
  return (
    <div className="grid-row grid-gap-4 margin-bottom-3">
      {GROUPS.map((g) => (
        <section key={g.heading} className="tablet:grid-col-6" aria-label={g.heading}>
          <h2 className="font-heading-sm margin-bottom-1">{g.heading}</h2>
          <ul className="usa-list usa-list--unstyled">
            {g.buckets.map((b) => {
              const current = filters.bucket === b.key;
              const n = counts[b.key];
              return (
                <li key={b.key} className="margin-bottom-05">
                  <Link href={`/review${worklistQuery(filters, { bucket: current ? undefined : b.key, page: 1 })}`} aria-current={current ? 'true' : undefined}>
                    {b.urgent && n > 0 ? <strong>{b.label}: {n}</strong> : `${b.label}: ${n}`}
                  </Link>
                  {current ? ' (showing; select again to show all)' : null}
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}
