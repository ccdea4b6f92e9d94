import 'server-only';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db';
import { plans } from '@/db/schema';
import { authorize } from '@/lib/auth/policy';
import { planScope } from '@/lib/auth/scopes';
import type { Actor } from '@/lib/auth/roles';
import { AppError, notFoundError } from '@/lib/errors';
import { readDraft } from './document/draft';
import { PLAN_DRAFT_VERSION, type PlanDraft } from './document/types';
import { getPlanForActor } from './queries';
import { EDITABLE_STATUSES, isEditableStatus } from './steps';

export const CHANGED_SINCE_OPENED = 'This plan changed since you opened it (perhaps in another window or by your preparer). Reload to see the latest; a copy of what you typed is kept on this device.';

const UPDATE_KINDS = ['complete_plan', 'no_change_statement', 'list_of_changes'] as const;
const CHANNELS = ['electronic', 'hard_copy'] as const;

/**
 * Saves the form as typed (autosave). The version is an optimistic lock: a save based on an older
 * version is refused, so two windows cannot silently overwrite each other.
 */
export async function saveDraft(actor: Actor, input: { planId: string; version: number; draft: PlanDraft }): Promise<{ version: number; savedAt: Date }> {
  await authorize(actor, 'plan.save_draft', { planId: input.planId });
  const db = await getDb();
  const update = input.draft.update ?? {};
  // Keep the row's update kind and channel in step with the owner's choice, for lists and counts.
  const kind = UPDATE_KINDS.find((k) => k === update.updateKind);
  const channel = CHANNELS.find((c) => c === update.channel);
  const [row] = await db
    .update(plans)
    .set({
      draftState: { ...input.draft, version: PLAN_DRAFT_VERSION },
      draftSavedAt: new Date(),
      version: sql`${plans.version} + 1`,
      updatedAt: new Date(),
      ...(kind ? { updateKind: sql`case when ${plans.kind} = 'annual_update' then ${kind}::update_kind else null end` } : {}),
      ...(channel ? { channel: sql`case when ${plans.kind} = 'annual_update' then ${channel}::submission_channel else 'electronic' end` } : {}),
    })
    // The write carries the actor's scope itself: one statement checks and changes.
    .where(and(eq(plans.id, input.planId), eq(plans.version, input.version), inArray(plans.status, [...EDITABLE_STATUSES]), planScope(actor)))
    .returning({ version: plans.version, savedAt: plans.draftSavedAt });
  if (row) return { version: row.version, savedAt: row.savedAt ?? new Date() };
  const [now] = await db.select({ status: plans.status }).from(plans).where(eq(plans.id, input.planId));
  if (!now) throw notFoundError();
  if (!isEditableStatus(now.status)) throw new AppError('CONFLICT', 'This plan has been submitted and can no longer be changed here.');
  throw new AppError('CONFLICT', CHANGED_SINCE_OPENED);
}

/**
 * The draft and version as the server holds them (to tell a lost response from a real conflict).
 * A draft is the owner's unfinished work: only those who may edit it may read it.
 */
export async function getDraftState(actor: Actor, planId: string): Promise<{ version: number; draft: PlanDraft; editable: boolean }> {
  await authorize(actor, 'plan.save_draft', { planId });
  const { plan } = await getPlanForActor(actor, planId);
  return { version: plan.version, draft: readDraft(plan.draftState), editable: isEditableStatus(plan.status) };
}
