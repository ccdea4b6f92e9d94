import 'server-only';
import { desc, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { planSubmissions, plans } from '@/db/schema';
import { documentFromTables } from './from-tables';
import { readChanges } from './lenient';
import { readSnapshot } from './snapshot';
import type { FiledPlan } from './types';

/**
 * The one reader of a filed plan, for the owner, the preparer, the reviewer, the county and the
 * letter: the frozen snapshot of its latest submission when there is one (what the owner
 * certified), else the plan's own tables. Null when the plan does not exist. The caller has
 * already checked that the actor may see the plan.
 */
export async function loadFiledDocument(db: Executor, planId: string): Promise<FiledPlan | null> {
  const [plan] = await db
    .select({ content: plans.content, submittedOn: plans.submittedOn, animalUnitCapacity: plans.animalUnitCapacity })
    .from(plans)
    .where(eq(plans.id, planId));
  if (!plan) return null;
  const [submission] = await db
    .select({ snapshot: planSubmissions.snapshot, submittedOn: planSubmissions.submittedOn })
    .from(planSubmissions)
    .where(eq(planSubmissions.planId, planId))
    .orderBy(desc(planSubmissions.createdAt))
    .limit(1);
  const reading = submission ? readSnapshot(submission.snapshot, plan.content) : null;
  if (reading && submission) {
    return {
      source: 'submission',
      submittedOn: submission.submittedOn,
      animalUnitCapacity: reading.animalUnitCapacity ?? plan.animalUnitCapacity,
      document: reading.document,
      changes: reading.changes,
    };
  }
  const document = await documentFromTables(db, planId);
  if (!document) return null;
  return { source: 'plan_tables', submittedOn: plan.submittedOn, animalUnitCapacity: plan.animalUnitCapacity, document, changes: readChanges(plan.content?.changes) };
}
