import { sql, type SQL } from 'drizzle-orm';
import type { AnyColumn } from 'drizzle-orm';
import { formatDate } from '@/lib/format';

/** The annual update filed for the current due date: when the department received it, and where it stands. */
export type FiledUpdate = { planId: string; receivedOn: string; status: 'submitted' | 'under_review' | 'approved' };

// IAC 567-65.110(3)"b": an annual update answers the due date current when it was received, so an
// update received on or after the day that date was assigned (Chicago day) settles it. A plan sent
// back as incomplete, disapproved or withdrawn leaves the update still owed. The dashboard, the
// preparer's portfolio and the calendar feed all ask this one question, so none of them keeps
// counting down to a date already answered.
export function filedUpdateSql(operationId: AnyColumn | SQL): SQL<FiledUpdate | null> {
  return sql<FiledUpdate | null>`(select jsonb_build_object('planId', p.id, 'receivedOn', p.received_on::text, 'status', p.status)
    from plans p
    join lateral (select d.created_at from due_date_assignments d where d.operation_id = p.operation_id
      order by d.created_at desc, d.id desc limit 1) cur on true
    where p.operation_id = ${operationId} and p.kind = 'annual_update' and p.received_on is not null
      and p.status in ('submitted', 'under_review', 'approved')
      and p.received_on >= (cur.created_at at time zone 'America/Chicago')::date
    order by p.received_on desc, p.created_at desc limit 1)`;
}

const FILED_WORDS: Record<FiledUpdate['status'], string> = {
  submitted: 'under review',
  under_review: 'under review',
  approved: 'approved',
};

/** "Filed: received on March 2, 2027, under review". */
export function filedUpdateWords(f: FiledUpdate): string {
  return `Filed: received on ${formatDate(f.receivedOn)}, ${FILED_WORDS[f.status]}`;
}
