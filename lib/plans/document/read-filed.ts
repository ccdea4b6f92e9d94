import 'server-only';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { planSubmissions, plans } from '@/db/schema';
import { loadReferenceTables } from '@/lib/reference/load';
import { changesOfContent, documentOfContent } from './draft';
import { readSnapshot } from './snapshot';
import type { FiledPlan } from './types';

/**
 * The one reader of a filed plan, for the owner, the preparer, the reviewer, the county and the
 * letter: the frozen snapshot of its latest submission when there is one (what the owner
 * certified), else what plans.content records of a plan the portal holds no submission of (an
 * imported history). Null when the plan does not exist. The caller has
 * already checked that the actor may see the plan.
 *
 * Its figures read the reference values it was filed with: those frozen in the snapshot, or, for a
 * submission filed before they were, the tables in force on the day it was filed as the portal knew
 * them at that moment (rows are only ever added, so a row recorded later never reaches it).
 */
export async function loadFiledDocument(db: Executor, planId: string): Promise<FiledPlan | null> {
  // One statement: the plan, and its latest submission when there is one.
  const [row] = await db
    .select({
      content: plans.content,
      submittedOn: plans.submittedOn,
      animalUnitCapacity: plans.animalUnitCapacity,
      updatedAt: plans.updatedAt,
      snapshot: planSubmissions.snapshot,
      filedOn: planSubmissions.submittedOn,
      filedAt: planSubmissions.createdAt,
    })
    .from(plans)
    .leftJoin(
      planSubmissions,
      eq(planSubmissions.id, sql`(select ps.id from plan_submissions ps where ps.plan_id = ${plans.id} order by ps.created_at desc limit 1)`),
    )
    .where(eq(plans.id, planId));
  if (!row) return null;
  const { snapshot, filedOn, filedAt, ...plan } = row;
  const submission = snapshot && filedOn && filedAt ? { snapshot, submittedOn: filedOn, createdAt: filedAt } : null;
  if (submission) {
    const reading = readSnapshot(submission.snapshot);
    return {
      source: 'submission',
      submittedOn: submission.submittedOn,
      animalUnitCapacity: reading.animalUnitCapacity ?? plan.animalUnitCapacity,
      document: reading.document,
      changes: reading.changes,
      referenceTables: reading.referenceTables ?? (await loadReferenceTables(db, submission.submittedOn, { recordedBy: submission.createdAt })),
    };
  }
  const document = documentOfContent(plan.content);
  const referenceTables = await loadReferenceTables(db, plan.submittedOn ?? plan.updatedAt.toISOString().slice(0, 10), { recordedBy: plan.updatedAt });
  return { source: 'plan_tables', submittedOn: plan.submittedOn, animalUnitCapacity: plan.animalUnitCapacity, document, changes: changesOfContent(plan.content), referenceTables };
}
