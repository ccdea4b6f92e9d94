import 'server-only';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { queryRows } from '@/db/client';
import { getDb } from '@/lib/db';
import { operations, plans } from '@/db/schema';
import { recordAudit } from '@/lib/audit';
import { authorize } from '@/lib/auth/policy';
import type { Actor } from '@/lib/auth/roles';
import { AppError } from '@/lib/errors';
import { formatDate } from '@/lib/format';
import { newOwnerObligation, newOwnerSql, type NewOwnerRow } from '@/lib/operations/new-owner';
import { draftForOriginal, draftFromDocument } from './document/draft';
import type { PlanDraft } from './document/types';
import { loadFiledDocument } from './document/read-filed';
import { lastApprovedPlanId } from './load';
import { loadOperationFacts } from './operation-facts';
import { OPEN_STATUSES } from './steps';

/**
 * Starts an original MMP or an annual update as a draft. An update amends the last approved plan
 * and starts from its content (IAC 567-65.110(3)"b"). Starting again while a draft of the same kind
 * is open returns that draft; any other open plan must be finished first (IAC 567-65.110(3)"a":
 * one plan per operation).
 */
export async function startPlan(actor: Actor, input: { operationId: string; kind: 'original' | 'annual_update' }, today: string): Promise<{ planId: string; resumed: boolean }> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    await authorize(actor, 'plan.start', { operationId: input.operationId }, tx);
    // Serializes two starts for the same operation (a double click).
    const [op] = await tx.select({ registrationStatus: operations.registrationStatus }).from(operations).where(eq(operations.id, input.operationId)).for('update');
    // A registration made for a client is no one's operation until the owner accepts it.
    if (op?.registrationStatus !== 'registered') {
      throw new AppError('CONFLICT', 'The owner has not accepted this registration yet. You can start a plan once they accept it.');
    }
    const [open] = await tx
      .select({ id: plans.id, kind: plans.kind, status: plans.status })
      .from(plans)
      .where(and(eq(plans.operationId, input.operationId), inArray(plans.status, [...OPEN_STATUSES])))
      .orderBy(desc(plans.createdAt))
      .limit(1);
    if (open) {
      if (open.status === 'draft' && open.kind === input.kind) return { planId: open.id, resumed: true };
      throw new AppError(
        'CONFLICT',
        open.status === 'draft' || open.status === 'incomplete' || open.status === 'disapproved'
          ? 'This operation already has a plan in progress. Finish or withdraw it before starting another.'
          : 'The department is reviewing a plan for this operation. You can start another once it decides.',
      );
    }
    const facts = await loadOperationFacts(tx, input.operationId, today);
    let draft: PlanDraft;
    let previousPlanId: string | null = null;
    if (input.kind === 'annual_update') {
      // IAC 567-65.110(1)"d": a new owner owes the original plan first; no update is owed until it is filed.
      const [row] = await queryRows<{ newOwner: NewOwnerRow | null }>(tx, sql`select ${newOwnerSql(sql`${input.operationId}::uuid`)} as "newOwner"`);
      const o = facts.operation;
      const owed = row?.newOwner
        ? newOwnerObligation({ acquiredOn: row.newOwner.acquiredOn, decided: row.newOwner.decided, animalUnitCapacity: facts.animalUnitCapacity, constructedOn: o.constructedOn, lastExpandedOn: o.lastExpandedOn, researchCollege: o.researchCollege }, today)
        : null;
      if (owed?.due) {
        throw new AppError('VALIDATION', `As the new owner you owe an original plan, not an annual update: start the original plan and submit it by ${formatDate(owed.due.day)} (IAC 567-65.110(1)"d").`);
      }
      previousPlanId = await lastApprovedPlanId(tx, input.operationId);
      const previous = previousPlanId ? (await loadFiledDocument(tx, previousPlanId))?.document ?? null : null;
      if (!previous) {
        throw new AppError('VALIDATION', 'An annual update amends an approved plan, and this operation has none yet. File the original plan first.');
      }
      draft = { ...draftFromDocument(previous), update: { updateKind: '', statedAnimalUnitCapacity: facts.animalUnitCapacity, channel: 'electronic' } };
    } else {
      const owner = facts.owner ?? { name: actor.name, phone: null, email: actor.email };
      draft = draftForOriginal(owner, facts.designStatementApplies ? facts.proposedConstructionOn : null);
    }
    const [plan] = await tx
      .insert(plans)
      .values({
        operationId: input.operationId,
        kind: input.kind,
        // The table needs an update kind for every update; the owner's choice replaces it on the first save.
        updateKind: input.kind === 'annual_update' ? 'no_change_statement' : null,
        status: 'draft',
        animalUnitCapacity: facts.animalUnitCapacity,
        previousPlanId,
        draftState: draft,
        draftSavedAt: new Date(),
        createdByUserId: actor.id,
      })
      .returning({ id: plans.id });
    await recordAudit(tx, { actorUserId: actor.id, action: 'plan.started', entityType: 'plan', entityId: plan!.id, after: { operationId: input.operationId, kind: input.kind, previousPlanId } });
    return { planId: plan!.id, resumed: false };
  });
}
