import type { Deadline } from '@/lib/deadlines';
import { formatDate } from '@/lib/format';
import { Unconfirmed } from './unconfirmed';

/**
 * A deadline on a page: the raw last day, and where Iowa Code 4.1(34) moved it, the day it moved to,
 * the rule that moved it, and the flag on that reading.
 */
export function DeadlineDate({ d }: { d: Deadline }) {
  if (!d.extended) return <strong>{formatDate(d.lastDay)}</strong>;
  return (
    <>
      <strong>{formatDate(d.day)}</strong> ({d.reason})
      {d.readingConfirmed ? null : <Unconfirmed what="Which rule of Iowa Code 4.1(34) applies to this deadline" source={d.readingSource} />}
    </>
  );
}
