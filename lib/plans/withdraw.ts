import 'server-only';
import { and, eq, inArray, notExists, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db';
import { feeLines, payments, plans } from '@/db/schema';
import { recordAudit } from '@/lib/audit';
import { authorize } from '@/lib/auth/policy';
import type { Actor } from '@/lib/auth/roles';
import { AppError } from '@/lib/errors';
import { PLAN_TRANSITIONS, statusesFor } from './lifecycle';

/**
 * Plans the owner may withdraw: one they hold (a draft, or one returned or disapproved), or one
 * submitted that the department has not yet found complete (a plan filed by mistake, say on paper
 * instead of electronically). Once under review, the decision is the department's.
 */
export const WITHDRAWABLE_STATUSES = statusesFor('withdraw');

/** Withdraws the plan; fees billed for it and not yet paid are cancelled with it. */
export async function withdrawPlan(actor: Actor, input: { planId: string; version: number }): Promise<{ feesCancelled: number }> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    await authorize(actor, PLAN_TRANSITIONS.withdraw.capability, { planId: input.planId }, tx);
    const [before] = await tx.select({ status: plans.status }).from(plans).where(eq(plans.id, input.planId)).for('update');
    const [row] = await tx
      .update(plans)
      .set({ status: PLAN_TRANSITIONS.withdraw.to, version: sql`${plans.version} + 1`, updatedAt: new Date() })
      .where(and(eq(plans.id, input.planId), eq(plans.version, input.version), inArray(plans.status, [...WITHDRAWABLE_STATUSES])))
      .returning({ version: plans.version });
    if (!row) throw new AppError('CONFLICT', 'This plan changed or the department is already reviewing it, so it cannot be withdrawn now. Reload to see where it stands.');
    const cancelled = await tx
      .update(feeLines)
      .set({ status: 'void' })
      .where(and(eq(feeLines.planId, input.planId), eq(feeLines.status, 'due'), notExists(tx.select({ id: payments.id }).from(payments).where(eq(payments.feeLineId, feeLines.id)))))
      .returning({ id: feeLines.id, code: feeLines.code, amountCents: feeLines.amountCents });
    await recordAudit(tx, {
      actorUserId: actor.id,
      action: PLAN_TRANSITIONS.withdraw.audit,
      entityType: 'plan',
      entityId: input.planId,
      before: { status: before?.status },
      after: { status: 'withdrawn', version: row.version, feesCancelled: cancelled },
    });
    return { feesCancelled: cancelled.length };
  });
}
