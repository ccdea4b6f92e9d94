import type { Deadline } from '@/lib/deadlines';
import { formatDate } from '@/lib/format';
import { Unconfirmed } from './unconfirmed';

/**
 * A deadline on a page: the raw last day, and where Iowa Code 4.1(34) moved it, the day it moved to
 * and the rule that moved it. Staff also see the flag on that reading with its source; an owner's page
 * says it once, in ReadingNotConfirmed.
 */
export function DeadlineDate({ d, staff = false }: { d: Deadline; staff?: boolean }) {
  if (!d.extended) return <strong>{formatDate(d.lastDay)}</strong>;
  return (
    <>
      <strong>{formatDate(d.day)}</strong> ({d.reason})
      {d.readingConfirmed || !staff ? null : <Unconfirmed what="Which rule of Iowa Code 4.1(34) applies to this deadline" source={d.readingSource} />}
    </>
  );
}
