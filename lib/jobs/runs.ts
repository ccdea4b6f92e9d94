// Each completed daily run leaves an audit event: a record for the department of what the portal
// sent on its own, and the date the next run catches up from if a day was missed.
import 'server-only';
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '@/db/client';
import { recordAudit } from '@/lib/audit';

export const DAILY_JOB = { entityType: 'job', entityId: 'daily', action: 'job.daily_run' } as const;

/** The date ('YYYY-MM-DD') of the last completed daily run, or null if it never ran. */
export async function lastDailyRun(db: Executor): Promise<string | null> {
  const [row] = await queryRows<{ date: string | null }>(
    db,
    sql`select max(after->>'date') as date from audit_events
      where entity_type = ${DAILY_JOB.entityType} and entity_id = ${DAILY_JOB.entityId} and action = ${DAILY_JOB.action}`,
  );
  return row?.date ?? null;
}

export async function recordDailyRun(db: Executor, summary: { date: string } & Record<string, unknown>): Promise<void> {
  await recordAudit(db, { actorUserId: null, ...DAILY_JOB, after: summary });
}
