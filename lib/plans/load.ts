import 'server-only';
import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { plans } from '@/db/schema';
import { draftFromDocument, readDraft } from './document/draft';
import { loadFiledDocument } from './document/read-filed';
import type { PlanDraft } from './document/types';

/** The operation's most recently approved plan (the one an update amends), or null. */
export async function lastApprovedPlanId(db: Executor, operationId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: plans.id })
    .from(plans)
    .where(and(eq(plans.operationId, operationId), eq(plans.status, 'approved')))
    .orderBy(desc(plans.decidedOn), desc(plans.receivedOn), desc(plans.createdAt))
    .limit(1);
  return row?.id ?? null;
}

/**
 * The form's contents for a plan: the saved draft, or, for a plan filed before drafts were kept
 * (returned or disapproved), what was filed, so the owner revises it rather than starting over.
 */
export async function draftOf(db: Executor, plan: typeof plans.$inferSelect): Promise<PlanDraft> {
  if (plan.draftState) return readDraft(plan.draftState);
  if (plan.status === 'draft') return {};
  const filed = (await loadFiledDocument(db, plan.id))?.document;
  if (!filed) return {};
  const draft = draftFromDocument(filed);
  if (plan.kind === 'annual_update') {
    draft.update = {
      updateKind: plan.updateKind ?? '',
      statedAnimalUnitCapacity: plan.animalUnitCapacity ?? '',
      channel: plan.channel,
      noChangeConfirmed: plan.updateKind === 'no_change_statement',
    };
  }
  return draft;
}
