import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db';
import { planDeficiencies } from '@/db/schema';
import { recordAudit } from '@/lib/audit';
import { authorize } from '@/lib/auth/policy';
import type { Actor } from '@/lib/auth/roles';
import { AppError } from '@/lib/errors';
import { enqueueEmail } from '@/lib/notifications/outbox';
import { appendClockEvent } from '@/lib/plans/clock';
import { allCountiesCovered } from '@/lib/plans/receipts';
import { reviewDeadline } from '@/lib/rules';
import type { FindCompleteInput, ReturnIncompleteInput } from '@/lib/validation/review';
import { deficiencyDefinition } from '@/lib/plans/deficiencies';
import { loadPlanForWrite, updatePlanAtVersion, type LoadedPlan } from './plan-lock';
import { requireUndisputed } from '@/lib/plans/dispute';
import { mayHappen, PLAN_TRANSITIONS } from '@/lib/plans/lifecycle';
import { buildLetterParts } from './letter-parts';
import { planPeople } from './recipients';

// Completeness review (IAC 567-65.110(4)): the department reviews complete plans only. A plan found
// complete keeps its received date as the start of the 60 days; a plan returned as incomplete has
// no running clock until the owner resubmits it, which is a new receipt.

function requireAwaitingCompleteness(loaded: LoadedPlan): string {
  const { plan, clock } = loaded;
  if (plan.status === 'incomplete') throw new AppError('CONFLICT', 'This plan was already returned as incomplete; it waits for the owner to resubmit it.');
  if (!mayHappen(plan.status, 'find_complete') || clock.state !== 'awaiting_completeness' || !clock.receivedOn) {
    throw new AppError('CONFLICT', 'Only a received plan whose completeness has not been checked can be found complete or returned.');
  }
  return clock.receivedOn;
}

/** Finds a received plan complete: the 60 days count from the date it was received. */
export async function findPlanComplete(actor: Actor, input: FindCompleteInput, today: string): Promise<{ decisionDueOn: string }> {
  // IAC 567-65.110(3)"b"(1): a hard copy is complete only with every county's receipt. Read before
  // the transaction: receipts are only ever added, so a plan covered now stays covered.
  const covered = await allCountiesCovered(input.planId);
  const db = await getDb();
  return db.transaction(async (tx) => {
    await authorize(actor, PLAN_TRANSITIONS.find_complete.capability, { planId: input.planId }, tx);
    const loaded = await loadPlanForWrite(tx, input.planId, input.version, today);
    requireUndisputed(loaded.plan);
    const receivedOn = requireAwaitingCompleteness(loaded);
    if (loaded.plan.channel === 'hard_copy' && !covered) {
      throw new AppError(
        'VALIDATION',
        'This hard-copy plan cannot be found complete yet: not every county board has a recorded receipt (IAC 567-65.110(3)"b"(1)). Return it as incomplete, or wait for the receipts.',
      );
    }
    const decisionDueOn = reviewDeadline(receivedOn);
    const after = await updatePlanAtVersion(tx, input.planId, input.version, {
      status: PLAN_TRANSITIONS.find_complete.to,
      completeReceivedOn: receivedOn,
      decisionDueOn,
      reviewerUserId: loaded.plan.reviewerUserId ?? actor.id,
    });
    await appendClockEvent(tx, { planId: input.planId, kind: 'found_complete', occurredOn: today, actorUserId: actor.id });
    await recordAudit(tx, {
      actorUserId: actor.id,
      action: PLAN_TRANSITIONS.find_complete.audit,
      entityType: 'plan',
      entityId: input.planId,
      before: { status: loaded.plan.status, version: loaded.plan.version },
      after: { status: after.status, version: after.version, completeReceivedOn: receivedOn, decisionDueOn },
    });
    return { decisionDueOn };
  });
}

/** Returns a received plan as incomplete with coded deficiencies, all in one notice to the owner. */
export async function returnPlanIncomplete(
  actor: Actor,
  input: ReturnIncompleteInput,
  ctx: { today: string; origin: string },
): Promise<{ cycle: number }> {
  const items = input.codes.map((code) => ({ code, detail: input.details[code]?.trim() || null }));
  if (!items.length) throw new AppError('VALIDATION', 'Choose at least one missing item.', { codes: ['Choose at least one missing item'] });
  const db = await getDb();
  return db.transaction(async (tx) => {
    await authorize(actor, PLAN_TRANSITIONS.return_incomplete.capability, { planId: input.planId }, tx);
    const loaded = await loadPlanForWrite(tx, input.planId, input.version, ctx.today);
    requireUndisputed(loaded.plan);
    const receivedOn = requireAwaitingCompleteness(loaded);
    const after = await updatePlanAtVersion(tx, input.planId, input.version, {
      status: PLAN_TRANSITIONS.return_incomplete.to,
      completeReceivedOn: null,
      decisionDueOn: null,
      reviewerUserId: loaded.plan.reviewerUserId ?? actor.id,
    });
    const [last] = await tx
      .select({ cycle: sql<number>`coalesce(max(${planDeficiencies.cycle}), 0)::int` })
      .from(planDeficiencies)
      .where(eq(planDeficiencies.planId, input.planId));
    const cycle = Number(last?.cycle ?? 0) + 1;
    await tx.insert(planDeficiencies).values(items.map((i) => ({ planId: input.planId, cycle, code: i.code, detail: i.detail, createdByUserId: actor.id })));
    await appendClockEvent(tx, {
      planId: input.planId,
      kind: 'returned_incomplete',
      occurredOn: ctx.today,
      actorUserId: actor.id,
      note: items.map((i) => i.code).join(', '),
    });
    await recordAudit(tx, {
      actorUserId: actor.id,
      action: PLAN_TRANSITIONS.return_incomplete.audit,
      entityType: 'plan',
      entityId: input.planId,
      before: { status: loaded.plan.status, version: loaded.plan.version },
      after: { status: after.status, version: after.version, cycle, deficiencies: items },
    });
    const people = await planPeople(tx, input.planId);
    const { plan, operation } = loaded;
    const letter = await buildLetterParts(tx, { planId: plan.id, operationId: operation.id, countyFips: operation.countyFips, decidedOn: ctx.today, appealable: true, withBalance: false });
    await enqueueEmail(tx, {
      eventKey: `plan:${plan.id}:returned-incomplete:${cycle}`,
      recipients: people.owner,
      template: 'returned-incomplete',
      props: {
        ownerName: people.ownerName,
        operationName: operation.name,
        facilityId: operation.facilityId ?? 'not yet assigned',
        planKind: plan.kind,
        updateKind: plan.updateKind,
        receivedOn,
        returnedOn: ctx.today,
        deficiencies: items.map((i) => ({ code: i.code, title: deficiencyDefinition(i.code).title, detail: i.detail })),
        planUrl: `${ctx.origin}/plans/${plan.id}`,
        letter,
      },
    });
    return { cycle };
  });
}
