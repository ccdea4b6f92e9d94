import 'server-only';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { type Executor } from '@/db/client';
import { getDb } from '@/lib/db';
import { auditEvents, dueDateAssignments, operations, ownerships, parties, users } from '@/db/schema';
import { recordAudit } from '@/lib/audit';
import { authorize } from '@/lib/auth/policy';
import { invalidateFigures } from '@/lib/cache/figures-cache';
import type { Actor } from '@/lib/auth/roles';
import { AppError } from '@/lib/errors';
import { enqueueEmail, type EmailRecipient } from '@/lib/notifications/outbox';
import { annualComplianceFee, daysBetween } from '@/lib/rules';
import type { OverrideInput, PolicyInput } from '@/lib/validation/due-dates';
import { POLICY_WORDS, previewSchedule } from './policies';
import { listScheduleCandidates, type ScheduleCandidate } from './queries';

// Applying a staggering policy (IAC 567-65.110(3)"b"(3)): one transaction gives every operation
// that owes annual updates its next due date (a new row; history is kept), writes an audit event
// for each and queues a notice to each owner, who the rule says must be told the date.

type Ctx = { today: string; origin: string };

export async function ownersOf(tx: Executor, operationIds: string[]) {
  const rows = operationIds.length
    ? await tx
        .select({ operationId: ownerships.operationId, partyId: parties.id, name: parties.name, email: parties.email, facilityId: operations.facilityId })
        .from(ownerships)
        .innerJoin(parties, eq(parties.id, ownerships.ownerId))
        .innerJoin(operations, eq(operations.id, ownerships.operationId))
        .where(and(inArray(ownerships.operationId, operationIds), isNull(ownerships.releasedOn)))
    : [];
  const partyIds = [...new Set(rows.map((r) => r.partyId))];
  const accounts = partyIds.length
    ? await tx.select({ id: users.id, email: users.email, partyId: users.partyId }).from(users).where(and(inArray(users.partyId, partyIds), isNull(users.disabledAt)))
    : [];
  return new Map(rows.map((r) => {
    const recipients: EmailRecipient[] = [...(r.email ? [{ address: r.email }] : []), ...accounts.filter((a) => a.partyId === r.partyId).map((a) => ({ address: a.email, userId: a.id }))];
    return [r.operationId, { name: r.name, facilityId: r.facilityId, recipients }];
  }));
}

export async function notifyOwner(tx: Executor, op: Pick<ScheduleCandidate, 'name' | 'animalUnitCapacity' | 'contractProducer'>, assignmentId: string, dueOn: string, owner: { name: string; facilityId: string | null; recipients: EmailRecipient[] } | undefined, ctx: Ctx) {
  if (!owner?.recipients.length) return;
  await enqueueEmail(tx, {
    eventKey: `due-date:${assignmentId}`,
    recipients: owner.recipients,
    template: 'update-due-reminder',
    props: {
      ownerName: owner.name,
      operationName: op.name,
      facilityId: owner.facilityId ?? 'not yet assigned',
      daysLeft: daysBetween(ctx.today, dueOn),
      dueOn,
      animalUnitCapacity: op.animalUnitCapacity,
      complianceFeeCents: annualComplianceFee({ animalUnitCapacity: op.animalUnitCapacity, contractProducer: op.contractProducer }).cents,
      updateUrl: `${ctx.origin}/dashboard`,
    },
  });
}

/**
 * The due-dates and compliance pages' figures are read again after any attempt: after a change,
 * and after a refusal because the schedule changed since the preview (the next preview must see it).
 */
function dropScheduleFigures(): void {
  invalidateFigures('due-dates:');
  invalidateFigures('compliance:');
}

export async function applySchedulePolicy(actor: Actor, input: { policy: PolicyInput; previewHash: string }, ctx: Ctx): Promise<{ assigned: number }> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    await authorize(actor, 'due_date.apply_policy', undefined, tx);
    const { scheduled } = await listScheduleCandidates(tx);
    const preview = previewSchedule(scheduled, input.policy, ctx.today);
    if (preview.missing.length) {
      const names = preview.missing.slice(0, 5).map((m) => m.name).join(', ');
      throw new AppError('VALIDATION', `This policy leaves ${preview.missing.length} operation${preview.missing.length === 1 ? '' : 's'} without a due date (${names}${preview.missing.length > 5 ? ', …' : ''}). Nothing was changed.`);
    }
    if (preview.hash !== input.previewHash) throw new AppError('CONFLICT', 'The operations or their dates changed since your preview. Nothing was changed; preview the schedule again.');
    // A kept (passed, unfiled) date gets no new row and no notice: it is still the date owed.
    const changing = preview.assignments.filter((a) => !a.kept);
    if (!changing.length) return { assigned: 0 };
    const inserted = await tx
      .insert(dueDateAssignments)
      .values(changing.map((a) => ({ operationId: a.operationId, dueOn: a.dueOn!, policy: input.policy.policy, reason: `${POLICY_WORDS[input.policy.policy]}: ${a.why}`, assignedByUserId: actor.id })))
      .returning({ id: dueDateAssignments.id, operationId: dueDateAssignments.operationId, dueOn: dueDateAssignments.dueOn });
    const byOp = new Map(preview.assignments.map((a) => [a.operationId, a]));
    await tx.insert(auditEvents).values(inserted.map((r) => ({
      actorUserId: actor.id,
      action: 'due_date.assigned' as const,
      entityType: 'operation',
      entityId: r.operationId,
      before: { dueOn: byOp.get(r.operationId)?.currentDueOn ?? null },
      after: { dueOn: r.dueOn, policy: input.policy.policy },
    })));
    const owners = await ownersOf(tx, inserted.map((r) => r.operationId));
    const candidates = new Map(scheduled.map((s) => [s.operationId, s]));
    for (const r of inserted) await notifyOwner(tx, candidates.get(r.operationId)!, r.id, r.dueOn, owners.get(r.operationId), ctx);
    return { assigned: inserted.length };
  }).finally(dropScheduleFigures);
}

/** One operation's due date set by hand, with the reason on record. */
export async function overrideDueDate(actor: Actor, input: OverrideInput, ctx: Ctx): Promise<void> {
  if (input.dueOn <= ctx.today) {
    const message = 'Choose a due date after today.';
    throw new AppError('VALIDATION', message, { dueOn: [message] });
  }
  const db = await getDb();
  await db.transaction(async (tx) => {
    await authorize(actor, 'due_date.override', { operationId: input.operationId }, tx);
    const { scheduled, excluded } = await listScheduleCandidates(tx);
    const op = [...scheduled, ...excluded].find((o) => o.operationId === input.operationId);
    if (!op) throw new AppError('VALIDATION', 'This operation has no approved plan yet, so it has no annual update to schedule.');
    const [row] = await tx
      .insert(dueDateAssignments)
      .values({ operationId: input.operationId, dueOn: input.dueOn, policy: 'individual_override', reason: input.reason, assignedByUserId: actor.id })
      .returning({ id: dueDateAssignments.id });
    await recordAudit(tx, {
      actorUserId: actor.id,
      action: 'due_date.overridden',
      entityType: 'operation',
      entityId: input.operationId,
      before: { dueOn: op.currentDueOn },
      after: { dueOn: input.dueOn, reason: input.reason },
    });
    const owners = await ownersOf(tx, [input.operationId]);
    await notifyOwner(tx, op, row!.id, input.dueOn, owners.get(input.operationId), ctx);
  }).finally(dropScheduleFigures);
}
