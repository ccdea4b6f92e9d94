import 'server-only';
import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { type Executor } from '@/db/client';
import { getDb } from '@/lib/db';
import { counties, operations, planSubmissions, plans, users } from '@/db/schema';
import { recordAudit } from '@/lib/audit';
import { authorize } from '@/lib/auth/policy';
import { DEPARTMENT, isDepartment, type Actor } from '@/lib/auth/roles';
import { publicOrigin } from '@/lib/env';
import { AppError, forbiddenError } from '@/lib/errors';
import { enqueueEmail } from '@/lib/notifications/outbox';
import { addDays, daysBetween } from '@/lib/rules';
import { maySign } from '@/lib/signing/signatories';

// CROMERR repudiation: someone who may sign for the operation opens the copy of record and says "I
// did not sign this" within a stated time of receipt. The filing is then locked (the department
// neither finds it complete nor decides it) and listed first on the department's worklist, until the
// department has sorted it out with the owner. The department's staff are emailed at once.

/** How long after receipt a filing can be disputed here; later, the department is told by letter or phone. */
export const DISPUTE_WINDOW_DAYS = 30;

export const DISPUTED_FILING_MESSAGE =
  'Someone who may sign for this operation disputes this filing ("I did not sign this"). The department does not act on it until it has spoken with the owner.';

export type DisputeState =
  | { kind: 'disputed'; disputedAt: Date; by: string | null; statement: string }
  | { kind: 'open'; lastDay: string }
  | { kind: 'closed'; lastDay: string }
  | { kind: 'none' };

async function latestSubmission(db: Executor, planId: string, lock = false) {
  const query = db
    .select({ id: planSubmissions.id, submittedOn: planSubmissions.submittedOn, confirmationNumber: planSubmissions.confirmationNumber, disputedAt: planSubmissions.disputedAt, disputeStatement: planSubmissions.disputeStatement, by: users.name })
    .from(planSubmissions)
    .leftJoin(users, eq(users.id, planSubmissions.disputedByUserId))
    .where(eq(planSubmissions.planId, planId))
    .orderBy(desc(planSubmissions.createdAt))
    .limit(1);
  const [row] = lock ? await query.for('update', { of: planSubmissions }) : await query;
  return row ?? null;
}

/** Where the latest filing of a plan stands for a dispute, as `actor` may act on it (the caller has checked they may see the plan). */
export async function disputeState(actor: Actor, planId: string, operationId: string, today: string, db?: Executor): Promise<DisputeState & { maySign: boolean }> {
  const q = db ?? (await getDb());
  const row = await latestSubmission(q, planId);
  const signs = await maySign(q, actor.id, operationId);
  if (!row) return { kind: 'none', maySign: signs };
  if (row.disputedAt) return { kind: 'disputed', disputedAt: row.disputedAt, by: row.by, statement: row.disputeStatement ?? '', maySign: signs };
  const lastDay = addDays(row.submittedOn, DISPUTE_WINDOW_DAYS);
  return { kind: today <= lastDay ? 'open' : 'closed', lastDay, maySign: signs };
}

/** "I did not sign this": locks the latest filing and puts it first on the department's worklist. */
export async function disputeFiling(actor: Actor, input: { planId: string; statement: string }, today: string, ipAddress: string | null = null, origin = publicOrigin()): Promise<{ disputedAt: Date }> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    await authorize(actor, 'plan.dispute_filing', { planId: input.planId }, tx);
    const [plan] = await tx
      .select({ operationId: plans.operationId, referenceNumber: plans.referenceNumber, operationName: operations.name, facilityId: operations.facilityId, countyName: counties.name })
      .from(plans)
      .innerJoin(operations, eq(operations.id, plans.operationId))
      .innerJoin(counties, eq(counties.fips, operations.countyFips))
      .where(eq(plans.id, input.planId))
      .for('update', { of: plans });
    if (!plan) throw new AppError('NOT_FOUND', 'We can’t find that record.');
    if (!(await maySign(tx, actor.id, plan.operationId))) {
      throw forbiddenError({ actorUserId: actor.id, capability: 'plan.dispute_filing', entityType: 'plan', entityId: input.planId, answer: 'forbidden' });
    }
    const submission = await latestSubmission(tx, input.planId, true);
    if (!submission) throw new AppError('NOT_FOUND', 'This plan has not been filed, so there is no filing to dispute.');
    if (submission.disputedAt) throw new AppError('CONFLICT', 'This filing is already disputed; the department has it at the top of its worklist.');
    if (daysBetween(submission.submittedOn, today) > DISPUTE_WINDOW_DAYS) {
      throw new AppError('CONFLICT', `A filing can be disputed here within ${DISPUTE_WINDOW_DAYS} days of receipt. Call or write to the department’s field office at once.`);
    }
    const disputedAt = new Date();
    await tx.update(planSubmissions).set({ disputedAt, disputedByUserId: actor.id, disputeStatement: input.statement }).where(eq(planSubmissions.id, submission.id));
    await tx.update(plans).set({ filingDisputedAt: disputedAt, version: sql`${plans.version} + 1`, updatedAt: disputedAt }).where(eq(plans.id, input.planId));
    await recordAudit(tx, {
      actorUserId: actor.id, action: 'plan.filing_disputed', entityType: 'plan', entityId: input.planId,
      after: { submissionId: submission.id, statement: input.statement }, ipAddress,
    });
    // The department's staff are told at once, as they are of a changed copy of record: a filing
    // someone says they did not sign should not wait for the next look at the worklist.
    const staff = await tx.select({ id: users.id, email: users.email }).from(users).where(and(inArray(users.role, [...DEPARTMENT]), isNull(users.disabledAt)));
    await enqueueEmail(tx, {
      eventKey: `submission:${submission.id}:disputed`,
      recipients: staff.map((s) => ({ address: s.email, userId: s.id })),
      template: 'filing-disputed',
      props: {
        operationName: plan.operationName, facilityId: plan.facilityId ?? 'not yet assigned', countyName: plan.countyName, referenceNumber: plan.referenceNumber,
        confirmationNumber: submission.confirmationNumber, submittedOn: submission.submittedOn, disputedAt: disputedAt.toISOString(), disputedBy: actor.name,
        statement: input.statement, planUrl: `${origin}/review/plans/${input.planId}`,
      },
    });
    return { disputedAt };
  });
}

/** Refuses the department's review of a disputed filing (the lock of a repudiation). */
export function requireUndisputed(plan: { filingDisputedAt: Date | null }): void {
  if (plan.filingDisputedAt) throw new AppError('CONFLICT', DISPUTED_FILING_MESSAGE);
}

export type DisputedFiling = { planId: string; operationName: string; countyName: string; referenceNumber: string; disputedAt: Date };

/** The disputed filings, oldest dispute first: the top of the department's worklist. */
export async function listDisputedFilings(actor: Actor): Promise<DisputedFiling[]> {
  if (!isDepartment(actor.role)) return [];
  const db = await getDb();
  return db
    .select({ planId: plans.id, operationName: operations.name, countyName: counties.name, referenceNumber: plans.referenceNumber, disputedAt: plans.filingDisputedAt })
    .from(plans)
    .innerJoin(operations, eq(operations.id, plans.operationId))
    .innerJoin(counties, eq(counties.fips, operations.countyFips))
    .where(and(isNotNull(plans.filingDisputedAt)))
    .orderBy(asc(plans.filingDisputedAt))
    .limit(100) as Promise<DisputedFiling[]>;
}
