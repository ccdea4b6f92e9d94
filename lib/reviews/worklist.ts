import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { counties, operations, plans, users } from '@/db/schema';
import { planScope } from '@/lib/auth/scopes';
import type { Actor } from '@/lib/auth/roles';
import { daysBetween, effectiveDeadline } from '@/lib/rules';

export type WorklistRow = {
  planId: string;
  operationName: string;
  countyName: string;
  kind: 'original' | 'annual_update';
  updateKind: string | null;
  channel: 'electronic' | 'hard_copy';
  status: string;
  receivedOn: string | null;
  decisionDueOn: string | null;
  /** Iowa Code 4.1(34): day 60 moved past a weekend or holiday. */
  effectiveDueOn: string | null;
  daysLeft: number | null;
  reviewerName: string | null;
};

/** Received plans waiting on the department, most urgent first. */
export async function listWorklist(actor: Actor, today: string, limit = 50): Promise<WorklistRow[]> {
  const db = await getDb();
  const rows = await db
    .select({
      planId: plans.id,
      operationName: operations.name,
      countyName: counties.name,
      kind: plans.kind,
      updateKind: plans.updateKind,
      channel: plans.channel,
      status: plans.status,
      receivedOn: plans.receivedOn,
      decisionDueOn: plans.decisionDueOn,
      reviewerName: users.name,
    })
    .from(plans)
    .innerJoin(operations, eq(operations.id, plans.operationId))
    .innerJoin(counties, eq(counties.fips, operations.countyFips))
    .leftJoin(users, eq(users.id, plans.reviewerUserId))
    .where(and(planScope(actor), inArray(plans.status, ['submitted', 'under_review', 'incomplete'])))
    .orderBy(sql`${plans.decisionDueOn} asc nulls last`, asc(plans.receivedOn))
    .limit(limit);
  return rows.map((r) => {
    const effectiveDueOn = r.decisionDueOn ? effectiveDeadline(r.decisionDueOn) : null;
    return { ...r, effectiveDueOn, daysLeft: effectiveDueOn ? daysBetween(today, effectiveDueOn) : null };
  });
}
