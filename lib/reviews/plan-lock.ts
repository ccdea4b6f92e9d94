import 'server-only';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { operations, planClockEvents, plans } from '@/db/schema';
import { AppError, notFoundError } from '@/lib/errors';
import { deriveReviewClock, type ReviewClock } from '@/lib/plans/clock';

// Optimistic locking for review writes: every write states the plan version the reviewer was
// looking at, and lands only if nobody changed the plan since (UPDATE ... WHERE version = $2).

export const CHANGED_MESSAGE = 'Another reviewer changed this plan while you were looking; reload to see it.';

export type PlanRow = typeof plans.$inferSelect;
export type LoadedPlan = { plan: PlanRow; operation: typeof operations.$inferSelect; clock: ReviewClock };

/** The plan as this transaction sees it, refused if it is no longer the version the reviewer saw. */
export async function loadPlanForWrite(
  tx: Executor,
  planId: string,
  version: number,
  today: string,
  { lock = true }: { lock?: boolean } = {},
): Promise<LoadedPlan> {
  const query = tx
    .select({ plan: plans, operation: operations })
    .from(plans)
    .innerJoin(operations, eq(operations.id, plans.operationId))
    .where(eq(plans.id, planId));
  // Lock the plan row for the rest of the transaction: a second writer waits here, then sees the
  // new version and is told the plan changed, instead of reading a clock moved under it.
  const [row] = lock ? await query.for('update', { of: plans }) : await query;
  if (!row) throw notFoundError();
  if (row.plan.version !== version) throw new AppError('CONFLICT', CHANGED_MESSAGE);
  const events = await tx
    .select({ kind: planClockEvents.kind, occurredOn: planClockEvents.occurredOn })
    .from(planClockEvents)
    .where(eq(planClockEvents.planId, planId))
    .orderBy(asc(planClockEvents.id));
  return { ...row, clock: deriveReviewClock(events, today) };
}

/** Writes the plan if it is still at `version`, bumping the version; CONFLICT if it is not. */
export async function updatePlanAtVersion(
  tx: Executor,
  planId: string,
  version: number,
  set: Partial<Omit<PlanRow, 'id' | 'version'>>,
): Promise<PlanRow> {
  const [updated] = await tx
    .update(plans)
    .set({ ...set, version: sql`${plans.version} + 1`, updatedAt: new Date() })
    .where(and(eq(plans.id, planId), eq(plans.version, version)))
    .returning();
  if (!updated) throw new AppError('CONFLICT', CHANGED_MESSAGE);
  return updated;
}
